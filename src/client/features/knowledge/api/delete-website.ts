import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { knowledgeKeys } from './keys.ts';

/** DELETE /api/knowledge/website/{uuid} → "Website entfernt". */
export function useDeleteWebsite(assistantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (websiteUuid: string) =>
      api.del<{ message: string }>(`/api/knowledge/website/${encodeURIComponent(websiteUuid)}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: knowledgeKeys.websites(assistantUuid) });
    },
  });
}
