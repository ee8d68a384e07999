import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { handoffKeys } from './keys.ts';

/** GET /api/handoff/{assistantUuid}/offer: whether the public chat shows "Mit einem Menschen sprechen". */
export function useHandoffOffer(assistantUuid: string | undefined) {
  return useQuery({
    queryKey: handoffKeys.offer(assistantUuid ?? ''),
    enabled: Boolean(assistantUuid),
    queryFn: () => api.get<{ enabled: boolean }>(`/api/handoff/${encodeURIComponent(assistantUuid!)}/offer`, { snackbar: false }),
    staleTime: Infinity,
    retry: false,
  });
}
