import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/offer/customerportal/ → a URL (JSON string); the browser navigates to it (docs/product/plans.md). */
export async function getCustomerPortalUrl(): Promise<string> {
  return api.get<string>('/api/offer/customerportal/', { responseType: 'json' });
}

/** Opens the billing portal: our own /Billing page with "Rechnung", Stripe's portal otherwise. */
export function useOpenCustomerPortal() {
  return useMutation({
    mutationFn: getCustomerPortalUrl,
    onSuccess: (url) => {
      if (typeof url === 'string' && url) window.location.assign(url);
    },
  });
}
