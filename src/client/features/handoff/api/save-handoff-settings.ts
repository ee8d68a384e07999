import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HandoffSettings } from '../../../../shared/schemas/handoff.ts';
import { api } from '../../../lib/api-client.ts';
import { putSaved } from '../../../lib/put-saved.ts';
import { handoffKeys } from './keys.ts';

/** PUT /api/handoff/{assistantUuid} → the saved settings and «Einstellungen zur Live-Übernahme gespeichert». */
export function useSaveHandoffSettings(assistantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: HandoffSettings) =>
      api.put<HandoffSettings & { message: string }>(`/api/handoff/${encodeURIComponent(assistantUuid)}`, settings, { snackbar: false }),
    onSuccess: ({ message: _message, ...saved }) => putSaved(queryClient, handoffKeys.settings(assistantUuid), saved),
  });
}
