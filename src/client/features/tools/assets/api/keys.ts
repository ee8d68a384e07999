/** TanStack Query keys of the Dateien card: both views of the one set of asset files. */
export const assetKeys = {
  all: (assistantUuid: string) => ['assets', assistantUuid] as const,
  list: (assistantUuid: string) => ['assets', assistantUuid, 'files'] as const,
  tool: (assistantUuid: string) => ['assets', assistantUuid, 'tool'] as const,
};
