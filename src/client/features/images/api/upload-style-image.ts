import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StyleImage } from '../../../../shared/schemas/images.ts';
import { api } from '../../../lib/api-client.ts';
import { imageKeys } from './keys.ts';

/** POST /api/styleimage, multipart {file, assistantUuid} → "Bild hochgeladen". */
export function useUploadStyleImage(assistantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('assistantUuid', assistantUuid);
      body.append('file', file, file.name);
      return api.post<{ image: StyleImage; message: string }>('/api/styleimage', body);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: imageKeys.styles(assistantUuid) }),
  });
}
