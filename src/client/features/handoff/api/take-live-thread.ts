import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { handoffKeys } from './keys.ts';

/** POST /api/live/threads/{threadId}/take: «Übernehmen»; 409 names who has it (shown as snackbar). */
export function useTakeLiveThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threadId: number) => api.post<{ status: 'success'; takenBy: string }>(`/api/live/threads/${threadId}/take`, {}),
    onSettled: (_data, _error, threadId) => {
      void queryClient.invalidateQueries({ queryKey: handoffKeys.threads() });
      void queryClient.invalidateQueries({ queryKey: handoffKeys.messages(threadId) });
    },
  });
}
