import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface FeedbackInput {
  assistantUuid: string;
  threadId: number;
  token: string;
  messageId: number;
  value: 1 | -1;
  reason?: string;
}

/** POST /api/feedback: thumbs up or down on an answer (one per answer, a second replaces it). */
export function useSendFeedback() {
  return useMutation({
    mutationFn: (input: FeedbackInput) => api.post<{ message: string; value: number }>('/api/feedback', input),
  });
}
