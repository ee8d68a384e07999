import { useQuery } from '@tanstack/react-query';
import type { FormInfo } from '../../../../shared/schemas/public.ts';
import { api } from '../../../lib/api-client.ts';

export const contactFormKeys = {
  info: (assistantUuid: string) => ['contact-form', 'info', assistantUuid] as const,
};

/** GET /api/forminfo/{assistantUuid}: which inputs the form shows (docs/product/public-chat-and-embed.md: form info). */
export function useFormInfoQuery(assistantUuid: string) {
  return useQuery({
    queryKey: contactFormKeys.info(assistantUuid),
    queryFn: () => api.get<FormInfo>(`/api/forminfo/${encodeURIComponent(assistantUuid)}`, { snackbar: false }),
    staleTime: 60_000,
  });
}

export interface ContactFormPayload {
  assistantUuid: string;
  threadId: number;
  token: string;
  firstname: string;
  lastname: string;
  company: string;
  email: string;
  phone: string;
  notes: string;
}

/** POST /api/send/form (docs/product/public-chat-and-embed.md); field errors are shown on the form, so no global snackbar. */
export const sendContactForm = (payload: ContactFormPayload) =>
  api.post<{ status: string; message: string }>('/api/send/form', payload, { snackbar: false });
