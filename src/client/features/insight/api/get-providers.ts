import { useQuery } from '@tanstack/react-query';
import type { ProviderList } from '../../../../shared/schemas/ai-providers.ts';
import { api } from '../../../lib/api-client.ts';
import { insightKeys } from './keys.ts';

/** GET /api/insight/providers → every capability's provider (never a key). While knowledge is re-embedded, it asks again every 3 s. */
export function useProviders() {
  return useQuery({
    queryKey: insightKeys.providers(),
    queryFn: () => api.get<ProviderList>('/api/insight/providers'),
    refetchInterval: (query) => ((query.state.data?.reembedding.pending ?? 0) > 0 ? 3000 : false),
  });
}
