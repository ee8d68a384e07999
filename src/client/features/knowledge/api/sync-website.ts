import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { knowledgeKeys } from './keys.ts';

/** POST /api/knowledge/website/{uuid}/sync → "Die Website wird jetzt neu gelesen." */
export function useSyncWebsite(assistantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (websiteUuid: string) =>
      api.post<{ message: string }>(`/api/knowledge/website/${encodeURIComponent(websiteUuid)}/sync`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: knowledgeKeys.websites(assistantUuid) });
    },
  });
}
