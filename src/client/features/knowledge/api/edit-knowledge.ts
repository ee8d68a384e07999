import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KnowledgeFile } from '../../../../shared/schemas/knowledge.ts';
import { api } from '../../../lib/api-client.ts';
import { knowledgeKeys } from './keys.ts';

/** POST /api/knowledge/edit {fileUuid, name, description} → "Aktualisiert". */
export function useEditKnowledge(assistantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { fileUuid: string; name: string; description: string }) =>
      api.post<{ file: KnowledgeFile; message: string }>('/api/knowledge/edit', input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: knowledgeKeys.list(assistantUuid) });
    },
  });
}
