import { useQuery } from '@tanstack/react-query';
import type { AssetList } from '../../../../../shared/schemas/assets.ts';
import { api } from '../../../../lib/api-client.ts';
import { assetKeys } from './keys.ts';

/** GET /api/assets/{assistantUuid}: the files with name, description and extension. */
export function useAssets(assistantUuid: string) {
  return useQuery({
    queryKey: assetKeys.list(assistantUuid),
    queryFn: () => api.get<AssetList>(`/api/assets/${encodeURIComponent(assistantUuid)}`),
  });
}
