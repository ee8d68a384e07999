import { useQuery } from '@tanstack/react-query';
import type { Capabilities } from '../../../../shared/schemas/chat.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/capabilities: here for the sub-processors the operator configured. */
export function useProcessorsQuery() {
  return useQuery({
    queryKey: ['capabilities'],
    queryFn: () => api.get<Capabilities>('/api/capabilities'),
    staleTime: 5 * 60_000,
    select: (c) => c.processors,
  });
}
