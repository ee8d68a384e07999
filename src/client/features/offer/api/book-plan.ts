import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferBook, SuccessMessage } from '../../../../shared/schemas/commerce.ts';
import { api } from '../../../lib/api-client.ts';
import { userDataQueryKey } from '../../../lib/user-data.ts';

/** POST /api/offer/book {slug, billingPeriod} → "Buchung erfolgreich"; the user data reloads (trial bar goes). */
export function useBookPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OfferBook) => api.post<SuccessMessage>('/api/offer/book', input),
    onSuccess: async () => {
      // Plan, limits and the shop change with the plan: reload everything that shows them.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userDataQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['shop'] }),
        queryClient.invalidateQueries({ queryKey: ['assistants'] }),
      ]);
    },
  });
}
