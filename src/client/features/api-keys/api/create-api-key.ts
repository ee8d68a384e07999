import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyCreate, ApiKeyCreated } from '../../../../shared/schemas/api-keys.ts';
import { api } from '../../../lib/api-client.ts';
import { apiKeyKeys } from './keys.ts';

/** POST /api/apikeys → the key, its secret (shown once) and "Schlüssel angelegt". Field errors go on the form. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyCreate) => api.post<ApiKeyCreated>('/api/apikeys', input, { snackbar: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list() }),
  });
}
