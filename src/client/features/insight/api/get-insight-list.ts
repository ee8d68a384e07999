import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InsightList } from '../../../../shared/schemas/insight.ts';
import { api } from '../../../lib/api-client.ts';
import { insightKeys, type InsightListParams } from './keys.ts';

/**
 * GET /api/insight?page=&search=&sort=&direction= → one page of teams (100 rows). The search
 * matches a team's name or a member's e-mail address. The previous page stays while the next loads.
 */
export function useInsightList(params: InsightListParams) {
  return useQuery({
    queryKey: insightKeys.list(params),
    queryFn: () => {
      const query = new URLSearchParams({
        page: String(params.page),
        search: params.search,
        sort: params.sort,
        direction: params.direction,
      });
      return api.get<InsightList>(`/api/insight?${query.toString()}`);
    },
    placeholderData: keepPreviousData,
  });
}
