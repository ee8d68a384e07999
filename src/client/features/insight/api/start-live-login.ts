import { useMutation } from '@tanstack/react-query';
import type { ZLiveLoginStarted } from '../../../../shared/schemas/insight.ts';
import type { z } from '../../../../shared/zod.ts';
import { api } from '../../../lib/api-client.ts';
import { writeLiveLoginMarker } from '../../../lib/browser-storage.ts';

export type LiveLoginStarted = z.output<typeof ZLiveLoginStarted>;

/**
 * POST /api/insight/livelogin {teamUuid, reason} → the marker; the server sets the live-login
 * cookie. The browser keeps the marker (docs/product/chat-and-voice.md) and reloads into the team's library.
 */
export function useStartLiveLogin(teamUuid: string) {
  return useMutation({
    mutationFn: (reason: string) => api.post<LiveLoginStarted>('/api/insight/livelogin', { teamUuid, reason }),
    onSuccess: (started) => {
      writeLiveLoginMarker(started.marker);
      window.location.assign('/');
    },
  });
}
