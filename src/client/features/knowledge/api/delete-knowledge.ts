import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { knowledgeKeys } from './keys.ts';

/** DELETE /api/knowledge {assistantUuid, fileUuid} → "Datei gelöscht". */
export function useDeleteKnowledge(assistantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileUuid: string) =>
      api.del<{ message: string }>('/api/knowledge', { assistantUuid, fileUuid }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: knowledgeKeys.list(assistantUuid) });
    },
  });
}
