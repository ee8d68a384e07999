import { useMutation } from '@tanstack/react-query';
import type { AiCapability, ProviderTestResult } from '../../../../shared/schemas/ai-providers.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/insight/providers/test {capability} → {ok, message}: one small real call with the saved setting. */
export function useTestProvider() {
  return useMutation({
    mutationFn: (capability: AiCapability) => api.post<ProviderTestResult>('/api/insight/providers/test', { capability }, { snackbar: false }),
  });
}
