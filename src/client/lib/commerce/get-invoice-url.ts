import { useMutation } from '@tanstack/react-query';
import { api } from '../api-client.ts';

/** GET /api/invoice/{id} → { url } of the invoice (our PDF with "Rechnung", Stripe's hosted page otherwise). */
export async function getInvoiceUrl(id: string): Promise<string> {
  const { url } = await api.get<{ url: string }>(`/api/invoice/${encodeURIComponent(id)}`);
  return url;
}

/**
 * Our own PDF (a path on this server) may not be rendered yet right after a booking: the server
 * answers 409 with "Die Rechnung wird gerade erstellt. …", which the api client shows in the
 * snackbar. So the PDF is fetched once before the tab goes there; Stripe's hosted page is not.
 */
async function ensureReady(url: string): Promise<void> {
  if (!url.startsWith('/')) return;
  await api.get<Blob>(url, { responseType: 'blob', headers: { Accept: 'application/pdf' } });
}

/**
 * Opens an invoice in a new tab (docs/product/credits-and-billing.md). The tab is opened at the click, before the answer,
 * so no popup blocker stops it; it is closed again when a call fails (its message in the snackbar).
 */
export function useOpenInvoice() {
  return useMutation({
    mutationFn: async (id: string) => {
      const tab = window.open('', '_blank');
      try {
        const url = await getInvoiceUrl(id);
        await ensureReady(url);
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
