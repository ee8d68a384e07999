import { MDS } from '../../../shared/messages.ts';
import { api } from '../../lib/api-client.ts';
import type { ThreadEntry } from '../../state/chat-store.ts';

/**
 * DELETE /api/dataprotection/thread: the visitor deletes their conversation on the server (the
 * thread token authorises it), not only in the browser. A thread already gone counts as deleted.
 */
export async function deleteOwnThread(assistantUuid: string, thread: ThreadEntry): Promise<string> {
  const result = await api.del<{ message: string }>('/api/dataprotection/thread', { assistantUuid, threadId: thread.id, token: thread.token });
  return result.message || MDS.ownThreadDeleted;
}
