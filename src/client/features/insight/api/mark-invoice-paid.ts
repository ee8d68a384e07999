import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessMessage } from '../../../../shared/schemas/commerce.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateTeam } from './invalidate.ts';
import { insightKeys } from './keys.ts';

/** POST /api/insight/invoices/{id}/paid → the invoice (and its order) is paid; audited. */
export function useMarkInvoicePaid(teamUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invoiceId: string) => api.post<SuccessMessage>(`/api/insight/invoices/${encodeURIComponent(invoiceId)}/paid`),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: insightKeys.openInvoices(teamUuid) }), invalidateTeam(queryClient, teamUuid)]),
  });
}
