import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '../../../../shared/schemas/chat.ts';
import { api } from '../../../lib/api-client.ts';
import { putSaved } from '../../../lib/put-saved.ts';
import { handoffKeys } from './keys.ts';

/** POST /api/live/threads/{threadId}/message {text}: a staff message, stored in the thread. */
export function useSendLiveMessage(threadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post<ChatMessage>(`/api/live/threads/${threadId}/message`, { text }),
    onSuccess: (message) =>
      putSaved<ChatMessage[]>(queryClient, handoffKeys.messages(threadId), (old = []) => (old.some((m) => m.id === message.id) ? old : [...old, message])),
  });
}
