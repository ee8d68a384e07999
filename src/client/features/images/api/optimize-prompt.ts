import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface OptimizedPrompt {
  image_uuid: string;
  prompt_str: string;
  tool: string;
}

/** POST /api/optimizedprompt {assistantUuid, input} → {image_uuid, prompt_str, tool}. */
export function useOptimizePrompt(assistantUuid: string) {
  return useMutation({
    mutationFn: (input: string) =>
      api.post<OptimizedPrompt>('/api/optimizedprompt', { assistantUuid, input }),
  });
}
