/** TanStack Query keys of the Wissen tab. */
export const knowledgeKeys = {
  list: (assistantUuid: string) => ['knowledge', assistantUuid] as const,
  websites: (assistantUuid: string) => ['knowledge', assistantUuid, 'websites'] as const,
};
