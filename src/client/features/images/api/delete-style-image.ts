import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { imageKeys } from './keys.ts';

/** DELETE /api/styleimage/{assistantUuid}/{imageUuid} → "Das Bild wurde gelöscht". */
export function useDeleteStyleImage(assistantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageUuid: string) =>
      api.del<{ message: string }>(
        `/api/styleimage/${encodeURIComponent(assistantUuid)}/${encodeURIComponent(imageUuid)}`,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: imageKeys.styles(assistantUuid) }),
  });
}
