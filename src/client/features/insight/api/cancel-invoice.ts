import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateTeam } from './invalidate.ts';
import { insightKeys } from './keys.ts';

/**
 * POST /api/insight/invoices/{id}/cancel {reason} → a credit note (Stornorechnung) cancels the
 * invoice; audited with the reason. Field errors (fields.reason) come back as ApiError.
 */
export function useCancelInvoice(teamUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, reason }: { invoiceId: string; reason: string }) =>
      api.post<{ status: 'success'; message: string; credit_note: string }>(
        `/api/insight/invoices/${encodeURIComponent(invoiceId)}/cancel`,
        { reason },
        { snackbar: false },
      ),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: insightKeys.openInvoices(teamUuid) }), invalidateTeam(queryClient, teamUuid)]),
  });
}
