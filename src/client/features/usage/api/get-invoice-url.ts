import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/invoice/{id} → { url } of the invoice (our PDF with "Rechnung", Stripe's hosted page otherwise). */
export async function getInvoiceUrl(id: string): Promise<string> {
  const { url } = await api.get<{ url: string }>(`/api/invoice/${encodeURIComponent(id)}`);
  return url;
}

/**
 * Opens an invoice in a new tab (spec 02 §7). The tab is opened at the click, before the answer,
 * so no popup blocker stops it; it is closed again when the call fails.
 */
export function useOpenInvoice() {
  return useMutation({
    mutationFn: async (id: string) => {
      const tab = window.open('', '_blank');
      try {
        const url = await getInvoiceUrl(id);
        if (tab) {
          tab.opener = null;
          tab.location.href = url;
        } else {
          window.location.assign(url);
        }
      } catch (error) {
        tab?.close();
        throw error;
      }
    },
  });
}
