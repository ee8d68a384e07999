/** TanStack Query keys of Einblicke. */
export const insightKeys = {
  all: ['insights'] as const,
  one: (assistantUuid: string, days: number) => ['insights', assistantUuid, days] as const,
  overview: ['insights', 'overview'] as const,
};
