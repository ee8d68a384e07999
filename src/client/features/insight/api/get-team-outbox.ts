import { useQuery } from '@tanstack/react-query';
import type { TeamOutbox } from '../../../../shared/schemas/insight.ts';
import { api } from '../../../lib/api-client.ts';
import { insightKeys } from './keys.ts';

/** GET /api/insight/outbox/{teamUuid} → the team's latest mails, link tokens redacted. */
export function useTeamOutbox(teamUuid: string) {
  return useQuery({
    queryKey: insightKeys.outbox(teamUuid),
    queryFn: () => api.get<TeamOutbox>(`/api/insight/outbox/${encodeURIComponent(teamUuid)}`),
  });
}
