import { useQuery } from '@tanstack/react-query';
import type { StyleImageList } from '../../../../shared/schemas/images.ts';
import { api } from '../../../lib/api-client.ts';
import { imageKeys } from './keys.ts';

/** GET /api/styleimages/{assistantUuid}: the references and the style settings. */
export function useStyleImages(assistantUuid: string) {
  return useQuery({
    queryKey: imageKeys.styles(assistantUuid),
    queryFn: () => api.get<StyleImageList>(`/api/styleimages/${encodeURIComponent(assistantUuid)}`),
  });
}
