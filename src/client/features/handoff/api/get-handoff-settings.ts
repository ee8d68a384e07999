import { useQuery } from '@tanstack/react-query';
import type { HandoffSettings } from '../../../../shared/schemas/handoff.ts';
import { api } from '../../../lib/api-client.ts';
import { handoffKeys } from './keys.ts';

/** GET /api/handoff/{assistantUuid}: the Mika's hand-off settings (edit right). */
export function useHandoffSettings(assistantUuid: string) {
  return useQuery({
    queryKey: handoffKeys.settings(assistantUuid),
    queryFn: () => api.get<HandoffSettings>(`/api/handoff/${encodeURIComponent(assistantUuid)}`),
  });
}
