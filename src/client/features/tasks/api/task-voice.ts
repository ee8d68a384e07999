import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

interface VoiceInput {
  assistantUuid: string;
  threadId: number;
  token: string;
  msgId: number;
}

/** POST /api/send/msgtovoice {assistantUuid, threadId, token, msgId} → the result spoken as MP3. */
export function useTaskVoice() {
  return useMutation({
    mutationFn: (input: VoiceInput) => api.post<Blob>('/api/send/msgtovoice', input, { responseType: 'blob' }),
  });
}
