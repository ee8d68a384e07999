import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormSettingsInput, FormToolState } from '../../../shared/schemas/public.ts';
import { api } from '../../lib/api-client.ts';

export type FormSettings = FormToolState;

const key = (uuid: string) => ['tools', 'form', uuid] as const;

/** GET /api/tool/form/{assistantUuid} (docs/product/knowledge-and-tools.md). */
export function useFormSettingsQuery(assistantUuid: string) {
  return useQuery({
    queryKey: key(assistantUuid),
    queryFn: () => api.get<FormSettings>(`/api/tool/form/${encodeURIComponent(assistantUuid)}`),
  });
}

/** POST /api/tool/form/{assistantUuid} {form} → "Angaben gespeichert"; field errors are shown on the form. */
export function useSaveFormSettings(assistantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormSettingsInput) =>
      api.post<{ message: string }>(
        `/api/tool/form/${encodeURIComponent(assistantUuid)}`,
        { form },
        { snackbar: false },
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: key(assistantUuid) });
      await queryClient.invalidateQueries({ queryKey: ['contact-form', 'info', assistantUuid] });
    },
  });
}
