/** TanStack Query keys of the live hand-off. */
export const handoffKeys = {
  settings: (assistantUuid: string) => ['handoff', 'settings', assistantUuid] as const,
  offer: (assistantUuid: string) => ['handoff', 'offer', assistantUuid] as const,
  threads: () => ['live', 'threads'] as const,
  messages: (threadId: number) => ['live', 'messages', threadId] as const,
};
