import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessMessage } from '../../../../shared/schemas/commerce.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTeam } from './invalidate.ts';

/**
 * POST /api/insight/applypromotioncode {teamUuid, promotionCode} → "Gutschein wird angewendet".
 * An unknown code is answered with a German error, which the card shows on its field.
 */
export function useApplyPromotionCode(teamUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (promotionCode: string) =>
      api.post<SuccessMessage>('/api/insight/applypromotioncode', { teamUuid, promotionCode }, { snackbar: false }),
    onSuccess: () => invalidateTeam(queryClient, teamUuid),
  });
}
