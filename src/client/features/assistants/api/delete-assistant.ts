import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { userDataQueryKey } from '../../../lib/user-data.ts';
import { assistantKeys } from '../../../lib/assistants/index.ts';

/** DELETE /api/assistant/{uuid}. */
export async function deleteAssistant(uuid: string): Promise<void> {
  await api.del(`/api/assistant/${encodeURIComponent(uuid)}`);
}

export function useDeleteAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAssistant,
    // The deleted assistant's detail stays in the cache until it is collected: removing it while
    // the edit view still observes it would fetch it again (404) before the view closes.
    onSuccess: async () => {
      // A freed slot may enable the create action again.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: assistantKeys.list() }),
        queryClient.invalidateQueries({ queryKey: userDataQueryKey }),
      ]);
    },
  });
}
