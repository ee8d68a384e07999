import { useQuery } from '@tanstack/react-query';
import type { GeneratedImage } from '../../../../shared/schemas/images.ts';
import { api } from '../../../lib/api-client.ts';
import { imageKeys } from './keys.ts';

export const isPainting = (status: GeneratedImage['status']) =>
  status === 'queued' || status === 'generating' || status === 'storing';

/**
 * GET /api/images/{assistantUuid}: the user's latest pictures (a picture painted while the page
 * was closed shows on reload). While one is painted the list refreshes now and then; the live
 * channel brings the stages at once.
 */
export function useImages(assistantUuid: string) {
  return useQuery({
    queryKey: imageKeys.pictures(assistantUuid),
    queryFn: () => api.get<{ images: GeneratedImage[] }>(`/api/images/${encodeURIComponent(assistantUuid)}`),
    refetchInterval: (query) => (query.state.data?.images.some((i) => isPainting(i.status)) ? 2000 : false),
  });
}
