import { api } from '../../lib/api-client.ts';
import type { ThreadEntry } from '../../state/chat-store.ts';

/**
 * DELETE /api/dataprotection/thread: the visitor deletes their conversation on the server (the
 * thread token authorises it), not only in the browser. Resolves with the server's German message.
 */
export async function deleteOwnThread(assistantUuid: string, thread: ThreadEntry): Promise<string> {
  return (await api.del<{ message: string }>('/api/dataprotection/thread', { assistantUuid, threadId: thread.id, token: thread.token })).message;
}
