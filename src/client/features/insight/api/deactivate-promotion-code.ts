import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessMessage } from '../../../../shared/schemas/commerce.ts';
import { api } from '../../../lib/api-client.ts';
import { insightKeys } from './keys.ts';

/** DELETE /api/insight/promotioncodes/{id} → "Gutschein deaktiviert"; the code can no longer be redeemed. */
export function useDeactivatePromotionCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.del<SuccessMessage>(`/api/insight/promotioncodes/${encodeURIComponent(String(id))}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: insightKeys.promotionCodes() }),
  });
}
