import { useQuery } from '@tanstack/react-query';
import type { LiveThread } from '../../../../shared/schemas/handoff.ts';
import { api } from '../../../lib/api-client.ts';
import { handoffKeys } from './keys.ts';

/** GET /api/live/threads: the open public conversations (refetched on live events, not polled). */
export function useLiveThreads() {
  return useQuery({ queryKey: handoffKeys.threads(), queryFn: () => api.get<LiveThread[]>('/api/live/threads') });
}
