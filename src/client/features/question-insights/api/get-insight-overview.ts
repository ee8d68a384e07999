import { useQuery } from '@tanstack/react-query';
import type { z } from '../../../../shared/zod.ts';
import type { ZInsightOverview } from '../../../../shared/schemas/question-insights.ts';
import { api } from '../../../lib/api-client.ts';
import { insightKeys } from './keys.ts';

/** GET /api/insights: the team's Mikas with the most unanswered questions (30 days) first (admins). */
export function useInsightOverview() {
  return useQuery({
    queryKey: insightKeys.overview,
    queryFn: () => api.get<z.infer<typeof ZInsightOverview>>('/api/insights'),
  });
}
