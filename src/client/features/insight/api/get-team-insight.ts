import { useQuery } from '@tanstack/react-query';
import type { TeamInsight } from '../../../../shared/schemas/insight.ts';
import { api } from '../../../lib/api-client.ts';
import { insightKeys } from './keys.ts';

/** GET /api/insight/getinsightofteam/{teamUuid} → the team's plan, services, extras and state. */
export function useTeamInsight(teamUuid: string) {
  return useQuery({
    queryKey: insightKeys.team(teamUuid),
    queryFn: () => api.get<TeamInsight>(`/api/insight/getinsightofteam/${encodeURIComponent(teamUuid)}`),
  });
}
