import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddWebsiteRequest } from '../../../../shared/schemas/websites.ts';
import { api } from '../../../lib/api-client.ts';
import { knowledgeKeys } from './keys.ts';

/** POST /api/knowledge/website → {uuid, message}; the first crawl starts at once. */
export function useAddWebsite(assistantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<AddWebsiteRequest, 'assistantUuid'>) =>
      api.post<{ uuid: string; message: string }>('/api/knowledge/website', { assistantUuid, ...input }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: knowledgeKeys.websites(assistantUuid) });
    },
  });
}
