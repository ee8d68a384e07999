import { useQuery } from '@tanstack/react-query';
import type { OpenInvoice } from '../../../../shared/schemas/commerce.ts';
import { api } from '../../../lib/api-client.ts';
import { insightKeys } from './keys.ts';

/** GET /api/insight/invoices?team={teamUuid} → the team's open invoices, oldest due date first. */
export function useOpenInvoices(teamUuid: string) {
  return useQuery({
    queryKey: insightKeys.openInvoices(teamUuid),
    queryFn: () => api.get<{ invoices: OpenInvoice[] }>(`/api/insight/invoices?team=${encodeURIComponent(teamUuid)}`),
  });
}
