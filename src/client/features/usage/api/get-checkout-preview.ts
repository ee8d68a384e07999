import { useQuery } from '@tanstack/react-query';
import type { CheckoutPreview } from '../../../../shared/schemas/commerce.ts';
import { api } from '../../../lib/api-client.ts';
import { usageKeys } from './keys.ts';

/**
 * GET /api/checkout/preview?amount=N → what the confirmation shows (net, VAT by the team's billing
 * address, gross); changes nothing. Only asked while the confirmation is open (amount not null).
 */
export function useCheckoutPreview(amount: number | null) {
  return useQuery({
    queryKey: usageKeys.preview(amount ?? 0),
    queryFn: () => api.get<CheckoutPreview>(`/api/checkout/preview?amount=${encodeURIComponent(String(amount))}`),
    enabled: amount !== null,
  });
}
