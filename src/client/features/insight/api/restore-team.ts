import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessMessage } from '../../../../shared/schemas/commerce.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTeam } from './invalidate.ts';

/** POST /api/insight/restoreteam {teamUuid} → "Team wurde wiederhergestellt" (soft-deleted teams before the purge). */
export function useRestoreTeam(teamUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<SuccessMessage>('/api/insight/restoreteam', { teamUuid }),
    onSuccess: () => invalidateTeam(queryClient, teamUuid),
  });
}
