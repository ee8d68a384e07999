import { useQuery } from '@tanstack/react-query';
import type { Insight } from '../../../../shared/schemas/question-insights.ts';
import { api } from '../../../lib/api-client.ts';
import { insightKeys } from './keys.ts';

/** GET /api/insights/{assistantUuid}?days=: topics, unanswered questions, feedback (refreshed each minute, as the job builds them). */
export function useInsight(assistantUuid: string, days: number) {
  return useQuery({
    queryKey: insightKeys.one(assistantUuid, days),
    queryFn: () => api.get<Insight>(`/api/insights/${encodeURIComponent(assistantUuid)}?days=${days}`),
    refetchInterval: 60_000,
  });
}
