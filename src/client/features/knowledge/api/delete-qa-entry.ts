import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { knowledgeKeys } from './keys.ts';

/** DELETE /api/knowledge/{assistantUuid}/qa/{entryUuid} → "Eintrag gelöscht" (the last one removes the file). */
export function useDeleteQaEntry(assistantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryUuid: string) => api.del<{ message: string }>(`/api/knowledge/${encodeURIComponent(assistantUuid)}/qa/${encodeURIComponent(entryUuid)}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: knowledgeKeys.list(assistantUuid) });
    },
  });
}
