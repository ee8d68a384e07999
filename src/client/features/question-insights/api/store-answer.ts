import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QaEntryRequest } from '../../../../shared/schemas/question-insights.ts';
import { api } from '../../../lib/api-client.ts';
import { insightKeys } from './keys.ts';

/** POST /api/insights/{assistantUuid}/answers {question, answer}: "Antwort hinterlegen". */
export function useStoreAnswer(assistantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: QaEntryRequest) => api.post<{ message: string }>(`/api/insights/${encodeURIComponent(assistantUuid)}/answers`, entry, { snackbar: false }),
    onSuccess: async () => {
      // The Wissen tab lists the Q&A file and its entries.
      await queryClient.invalidateQueries({ queryKey: insightKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['knowledge', assistantUuid] });
    },
  });
}
