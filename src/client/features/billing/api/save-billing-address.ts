import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingAddress, SuccessMessage } from '../../../../shared/schemas/commerce.ts';
import { api } from '../../../lib/api-client.ts';
import { userDataQueryKey } from '../../../lib/user-data.ts';
import { billingKeys } from './keys.ts';

/**
 * PUT /api/billing/address → "Rechnungsadresse gespeichert". A complete address is the payment
 * method with "Rechnung", so the user data (hasDefaultPaymentMethod) reloads too.
 */
export function useSaveBillingAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: BillingAddress) => api.put<SuccessMessage>('/api/billing/address', address, { snackbar: false }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: billingKeys.address() }),
        queryClient.invalidateQueries({ queryKey: userDataQueryKey }),
      ]);
    },
  });
}
