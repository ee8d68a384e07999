import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessMessage } from '../../../../shared/schemas/commerce.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTeam } from './invalidate.ts';

export interface DeleteTeamOptions {
  deleteStripeCustomer: 0 | 1;
  softDelete: 0 | 1;
}

/** DELETE /api/insight/team {teamUuid, deleteStripeCustomer, softDelete} → "Team wurde mit allen Daten gelöscht". */
export function useDeleteTeam(teamUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (options: DeleteTeamOptions) =>
      api.del<SuccessMessage>('/api/insight/team', { teamUuid, ...options }),
    onSuccess: () => invalidateTeam(queryClient, teamUuid),
  });
}
