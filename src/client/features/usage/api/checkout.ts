import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/checkout {amount} → { url }: the purchase ("Kostenpflichtig bestellen", CSRF through the
 * api client). The caller navigates to the URL: the success view with "Rechnung", /Billing without
 * a billing address, Stripe's Checkout otherwise. Field errors (fields.amount) come back as ApiError.
 */
export function useCheckout() {
  return useMutation({
    mutationFn: (amount: number) => api.post<{ url: string }>('/api/checkout', { amount }, { snackbar: false }),
  });
}
