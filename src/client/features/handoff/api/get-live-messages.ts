import { useQuery } from '@tanstack/react-query';
import type { ChatMessage } from '../../../../shared/schemas/chat.ts';
import { api } from '../../../lib/api-client.ts';
import { handoffKeys } from './keys.ts';

/** GET /api/live/threads/{threadId}/messages: the whole conversation for the office. */
export function useLiveMessages(threadId: number | null) {
  return useQuery({
    queryKey: handoffKeys.messages(threadId ?? 0),
    enabled: threadId !== null,
    queryFn: async () => (await api.get<{ messages: ChatMessage[] }>(`/api/live/threads/${threadId}/messages`)).messages,
  });
}
