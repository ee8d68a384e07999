import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZSupportRequest } from '../../../shared/schemas/users.ts';
import { api } from '../../lib/api-client.ts';

export type SupportRequest = z.input<typeof ZSupportRequest>;

/** POST /api/email/support with {subject, message}. */
export function useSendSupportMutation() {
  return useMutation({
    mutationFn: (input: SupportRequest) =>
      api.post<{ status: string; message: string }>('/api/email/support', input),
  });
}
