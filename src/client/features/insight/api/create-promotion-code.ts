import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PromotionCodeInput } from '../../../../shared/schemas/insight.ts';
import { api } from '../../../lib/api-client.ts';
import { insightKeys } from './keys.ts';

export interface PromotionCodeSaved {
  status: 'success';
  message: string;
  id: number;
}

/** POST /api/insight/promotioncodes → "Gutschein gespeichert". Field errors go on the form. */
export function useCreatePromotionCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PromotionCodeInput) =>
      api.post<PromotionCodeSaved>('/api/insight/promotioncodes', input, { snackbar: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: insightKeys.promotionCodes() }),
  });
}
