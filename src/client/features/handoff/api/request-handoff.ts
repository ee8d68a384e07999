import { useMutation } from '@tanstack/react-query';
import type { HandoffRequestResult } from '../../../../shared/schemas/handoff.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/handoff/request {assistantUuid, threadId, token} → waiting | unavailable (the Mika's reply is in the thread). */
export function useRequestHandoff() {
  return useMutation({
    mutationFn: (input: { assistantUuid: string; threadId: number; token: string }) => api.post<HandoffRequestResult>('/api/handoff/request', input),
  });
}
