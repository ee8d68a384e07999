import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProviderList, PutProvider } from '../../../../shared/schemas/ai-providers.ts';
import { api } from '../../../lib/api-client.ts';
import { putSaved } from '../../../lib/put-saved.ts';
import { insightKeys } from './keys.ts';

/** PUT /api/insight/providers: one capability; without `apiKey` the stored key stays. */
export function useSaveProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PutProvider) => api.put<ProviderList & { message: string }>('/api/insight/providers', input, { snackbar: false }),
    onSuccess: (saved) => putSaved(queryClient, insightKeys.providers(), { providers: saved.providers, reembedding: saved.reembedding }),
  });
}
