import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import { assetKeys } from './keys.ts';

/** DELETE /api/assets {assistantUuid, fileUuid} → "Datei gelöscht". */
export function useDeleteAsset(assistantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileUuid: string) => api.del<{ message: string }>('/api/assets', { assistantUuid, fileUuid }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: assetKeys.all(assistantUuid) });
    },
  });
}
