/** TanStack Query keys of the Wissen tab. */
export const knowledgeKeys = {
  list: (assistantUuid: string) => ['knowledge', assistantUuid] as const,
  /** Under the list's key: a change of the files refreshes the entries too. */
  qa: (assistantUuid: string) => ['knowledge', assistantUuid, 'qa'] as const,
  websites: (assistantUuid: string) => ['knowledge', assistantUuid, 'websites'] as const,
};
