import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImageStyle } from '../../../../shared/constants.ts';
import { api } from '../../../lib/api-client.ts';
import { imageKeys } from './keys.ts';

/** POST /api/style/create {assistantUuid, selectedStyle} → "Style wurde erstellt und kann verwendet werden". */
export function useCreateStyle(assistantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (selectedStyle: ImageStyle) =>
      api.post<{ message: string }>('/api/style/create', { assistantUuid, selectedStyle }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: imageKeys.styles(assistantUuid) }),
  });
}
