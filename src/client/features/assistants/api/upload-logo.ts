import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssistantDetail } from '../../../../shared/schemas/assistants.ts';
import { api } from '../../../lib/api-client.ts';
import { putSaved } from '../../../lib/put-saved.ts';
import { assistantKeys } from '../../../lib/assistants/index.ts';

/** POST /api/assistant/logo, multipart {file, assistantUuid} → the stored logo's URL. */
export async function uploadLogo(input: { assistantUuid: string; file: File }): Promise<{ logo: string }> {
  const body = new FormData();
  body.append('assistantUuid', input.assistantUuid);
  body.append('file', input.file, input.file.name);
  return api.post<{ logo: string }>('/api/assistant/logo', body);
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: async ({ logo }, { assistantUuid }) => {
      await putSaved<AssistantDetail>(queryClient, assistantKeys.detail(assistantUuid), (old) => (old ? { ...old, logo } : old));
      await queryClient.invalidateQueries({ queryKey: assistantKeys.list() });
    },
  });
}
