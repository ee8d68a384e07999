import { useQuery } from '@tanstack/react-query';
import type { Invoices } from '../../../../shared/schemas/commerce.ts';
import { api } from '../../../lib/api-client.ts';
import { billingKeys } from './keys.ts';

/** GET /api/billing/invoices → the team's invoices, newest first. */
export function useInvoices() {
  return useQuery({ queryKey: billingKeys.invoices(), queryFn: () => api.get<Invoices>('/api/billing/invoices') });
}
