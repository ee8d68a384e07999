import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/email/taskoutput {assistant_name, output} → "Email wurde an Dich versendet" (to the user's own address). */
export function useEmailTaskOutput(assistant: { uuid: string; name: string }) {
  return useMutation({
    mutationFn: (output: string) =>
      api.post<{ message: string }>('/api/email/taskoutput', { assistant_name: assistant.name, output, assistantUuid: assistant.uuid }),
  });
}
