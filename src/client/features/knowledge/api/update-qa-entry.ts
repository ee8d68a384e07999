import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { knowledgeKeys } from './keys.ts';

/** PUT /api/knowledge/{assistantUuid}/qa/{entryUuid} {question, answer} → "Eintrag gespeichert". */
export function useUpdateQaEntry(assistantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { entryUuid: string; question: string; answer: string }) =>
      api.put<{ message: string }>(`/api/knowledge/${encodeURIComponent(assistantUuid)}/qa/${encodeURIComponent(input.entryUuid)}`, { question: input.question, answer: input.answer }, { snackbar: false }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: knowledgeKeys.list(assistantUuid) });
    },
  });
}
