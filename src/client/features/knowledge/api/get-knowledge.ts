import { useQuery } from '@tanstack/react-query';
import type { KnowledgeList } from '../../../../shared/schemas/knowledge.ts';
import { api } from '../../../lib/api-client.ts';
import { knowledgeKeys } from './keys.ts';

export const isInProgress = (status: string) => status !== 'ready' && status !== 'error';

/** GET /api/knowledge/{assistantUuid}. While a file is being ingested the list refreshes now and then
 * (the live channel brings the stages at once; this covers a connection that is down). */
export function useKnowledgeFiles(assistantUuid: string) {
  return useQuery({
    queryKey: knowledgeKeys.list(assistantUuid),
    queryFn: () => api.get<KnowledgeList>(`/api/knowledge/${encodeURIComponent(assistantUuid)}`),
    refetchInterval: (query) => (query.state.data?.files.some((f) => isInProgress(f.status)) ? 3000 : false),
  });
}
