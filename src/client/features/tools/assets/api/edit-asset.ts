import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssetFile } from '../../../../../shared/schemas/assets.ts';
import { api } from '../../../../lib/api-client.ts';
import { assetKeys } from './keys.ts';

/** POST /api/assets/edit {fileUuid, name, description} → "Aktualisiert". */
export function useEditAsset(assistantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { fileUuid: string; name: string; description: string }) =>
      api.post<{ file: AssetFile; message: string }>('/api/assets/edit', input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: assetKeys.all(assistantUuid) });
    },
  });
}
