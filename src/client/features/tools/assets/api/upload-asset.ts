import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssetFile } from '../../../../../shared/schemas/assets.ts';
import { api } from '../../../../lib/api-client.ts';
import { assetKeys } from './keys.ts';

export interface UploadAssetInput {
  assistantUuid: string;
  file: File;
  description: string;
}

/** POST /api/assets, multipart {file, assistantUuid, description} → "Datei hochgeladen". */
export async function uploadAsset(input: UploadAssetInput) {
  const body = new FormData();
  body.append('assistantUuid', input.assistantUuid);
  body.append('description', input.description);
  body.append('file', input.file, input.file.name);
  // The dialog shows a refusal itself (UploadAssetDialog); anything else goes to the snackbar there.
  return api.post<{ file: AssetFile; message: string }>('/api/assets', body, { snackbar: false });
}

export function useUploadAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAsset,
    onSuccess: async (_result, { assistantUuid }) => {
      await queryClient.invalidateQueries({ queryKey: assetKeys.all(assistantUuid) });
    },
  });
}
