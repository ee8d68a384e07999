import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { userDataQueryKey } from '../../../lib/user-data.ts';
import { assistantKeys } from './keys.ts';

/** DELETE /api/assistant/{uuid}. */
export async function deleteAssistant(uuid: string): Promise<void> {
  await api.del(`/api/assistant/${encodeURIComponent(uuid)}`);
}

export function useDeleteAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAssistant,
    onSuccess: async (_data, uuid) => {
      queryClient.removeQueries({ queryKey: assistantKeys.detail(uuid) });
      queryClient.removeQueries({ queryKey: assistantKeys.filter(uuid) });
      // A freed slot may enable the create action again.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: assistantKeys.list() }),
        queryClient.invalidateQueries({ queryKey: userDataQueryKey }),
      ]);
    },
  });
}
