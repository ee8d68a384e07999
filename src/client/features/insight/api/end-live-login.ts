import type { SuccessMessage } from '../../../../shared/schemas/commerce.ts';
import { api } from '../../../lib/api-client.ts';
import { writeLiveLoginMarker } from '../../../lib/browser-storage.ts';

/**
 * POST /api/livelogin/end → "Live-Login beendet". The marker goes, and the page reloads into the
 * operator's own session on the Insight list. A plain call rather than a mutation hook: the top
 * bar that ends a live login belongs to every office page (docs/performance.md budgets).
 */
export async function endLiveLogin(): Promise<void> {
  await api.post<SuccessMessage>('/api/livelogin/end');
  writeLiveLoginMarker(null);
  window.location.assign('/Insight');
}
