import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GeneratedImage } from '../../../../shared/schemas/images.ts';
import { api } from '../../../lib/api-client.ts';
import { imageKeys } from './keys.ts';

/** POST /api/createimage {imageUuid}: painting starts in the background (stages follow live). */
export function useCreateImage(assistantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageUuid: string) => api.post<{ image: GeneratedImage }>('/api/createimage', { imageUuid }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: imageKeys.pictures(assistantUuid) }),
  });
}
