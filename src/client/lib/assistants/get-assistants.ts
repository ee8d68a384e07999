import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssistantSummary } from '../../../shared/schemas/assistants.ts';
import { api } from '../api-client.ts';
import { assistantKeys } from './keys.ts';

/** GET /api/assistants/ → the defaults first, then the team's own (with this user's rights). */
export async function getAssistants(): Promise<AssistantSummary[]> {
  const data = await api.get<{ assistants: AssistantSummary[] }>('/api/assistants/');
  return data.assistants;
}

export const assistantsQueryOptions = () =>
  queryOptions({ queryKey: assistantKeys.list(), queryFn: getAssistants, staleTime: 10_000 });

export const useAssistants = () => useQuery(assistantsQueryOptions());
