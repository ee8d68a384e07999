/** TanStack Query keys of the Tools tab. */
export const toolKeys = {
  list: (assistantUuid: string) => ['tools', 'list', assistantUuid] as const,
  email: (assistantUuid: string) => ['tools', 'email', assistantUuid] as const,
  mcps: (assistantUuid: string) => ['tools', 'mcps', assistantUuid] as const,
};
