import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { assistantKeys } from '../../../lib/assistants/index.ts';

export interface AssistantFilter {
  filter: string;
  /** The team's protection level (0, 1, 2). */
  protection_level: number;
  /** Whether this assistant's filter switch is on (forced at level 2). */
  active?: boolean;
}

/** GET /api/filter/{assistantUuid}: the assistant's own filter list and switch. */
export async function getAssistantFilter(assistantUuid: string): Promise<AssistantFilter> {
  return api.get<AssistantFilter>(`/api/filter/${encodeURIComponent(assistantUuid)}`);
}

export const assistantFilterQueryOptions = (assistantUuid: string) =>
  queryOptions({
    queryKey: assistantKeys.filter(assistantUuid),
    queryFn: () => getAssistantFilter(assistantUuid),
    staleTime: 0,
  });

export const useAssistantFilter = (assistantUuid: string) =>
  useQuery(assistantFilterQueryOptions(assistantUuid));
