import { useQuery } from '@tanstack/react-query';
import type { SupportAccess } from '../../../../shared/schemas/insight.ts';
import { api } from '../../../lib/api-client.ts';

export const supportAccessQueryKey = ['dataprotection', 'supportaccess'] as const;

/** GET /api/dataprotection/supportaccess (team admins) → support's live logins into the team, newest first. */
export function useSupportAccess() {
  return useQuery({
    queryKey: supportAccessQueryKey,
    queryFn: () => api.get<SupportAccess[]>('/api/dataprotection/supportaccess'),
  });
}
