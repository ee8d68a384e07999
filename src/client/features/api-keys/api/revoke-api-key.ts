import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiKeyKeys } from './keys.ts';

/** DELETE /api/apikeys/{uuid} → "Schlüssel widerrufen"; the key stops working at once. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => api.del<{ message: string }>(`/api/apikeys/${encodeURIComponent(uuid)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list() }),
  });
}
