import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { handoffKeys } from './keys.ts';

/** POST /api/live/threads/{threadId}/release: «An Mika zurückgeben». */
export function useReleaseLiveThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threadId: number) => api.post<{ status: 'success' }>(`/api/live/threads/${threadId}/release`, {}),
    onSettled: (_data, _error, threadId) => {
      void queryClient.invalidateQueries({ queryKey: handoffKeys.threads() });
      void queryClient.invalidateQueries({ queryKey: handoffKeys.messages(threadId) });
    },
  });
}
