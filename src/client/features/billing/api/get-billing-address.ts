import { useQuery } from '@tanstack/react-query';
import type { BillingAddressResponse } from '../../../../shared/schemas/commerce.ts';
import { api } from '../../../lib/api-client.ts';
import { billingKeys } from './keys.ts';

/** GET /api/billing/address → the team's billing address (or null) and the billing provider. */
export function useBillingAddress() {
  return useQuery({ queryKey: billingKeys.address(), queryFn: () => api.get<BillingAddressResponse>('/api/billing/address') });
}
