import { useQuery } from '@tanstack/react-query';
import type { DataprotectionAuditEntry } from '../../../../shared/schemas/dataprotection.ts';
import { api } from '../../../lib/api-client.ts';

export const auditQueryKey = ['dataprotection', 'audit'] as const;

/** GET /api/dataprotection/audit: exports, erasures and retention runs, newest first. */
export function useDataprotectionAuditQuery() {
  return useQuery({
    queryKey: auditQueryKey,
    queryFn: async () => (await api.get<{ entries: DataprotectionAuditEntry[] }>('/api/dataprotection/audit')).entries,
  });
}
