import { useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '../../../../shared/schemas/insight.ts';
import { api } from '../../../lib/api-client.ts';
import { insightKeys } from './keys.ts';

/** GET /api/insight/audit/{teamUuid} → the team's audit log, newest first. */
export function useTeamAudit(teamUuid: string) {
  return useQuery({
    queryKey: insightKeys.audit(teamUuid),
    queryFn: () => api.get<AuditEntry[]>(`/api/insight/audit/${encodeURIComponent(teamUuid)}`),
  });
}
