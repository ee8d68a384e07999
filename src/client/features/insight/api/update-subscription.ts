import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessMessage } from '../../../../shared/schemas/commerce.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTeam } from './invalidate.ts';

/** POST /api/insight/updatesubscription {teamUuid, newPriceId} (an id of detail.prices) → "Abo wurde angepasst". */
export function useUpdateSubscription(teamUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newPriceId: string) =>
      api.post<SuccessMessage>('/api/insight/updatesubscription', { teamUuid, newPriceId }),
    onSuccess: () => invalidateTeam(queryClient, teamUuid),
  });
}
