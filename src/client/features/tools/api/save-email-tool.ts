import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailContact } from '../../../../shared/schemas/tools.ts';
import { api } from '../../../lib/api-client.ts';
import { toolKeys } from './keys.ts';

/** POST /api/tool/email/{assistantUuid} {properties: JSON string} → "Eingaben gespeichert"; field errors go on the rows. */
export function useSaveEmailContacts(assistantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contacts: EmailContact[]) =>
      api.post<{ message: string }>(
        `/api/tool/email/${encodeURIComponent(assistantUuid)}`,
        { properties: JSON.stringify(contacts) },
        { snackbar: false },
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: toolKeys.email(assistantUuid) });
    },
  });
}
