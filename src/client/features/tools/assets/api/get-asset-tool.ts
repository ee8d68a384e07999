import { useQuery } from '@tanstack/react-query';
import type { AssetToolState } from '../../../../../shared/schemas/assets.ts';
import { api } from '../../../../lib/api-client.ts';
import { assetKeys } from './keys.ts';

/** GET /api/tool/asset/{assistantUuid}: whether the tool is on (and its properties). */
export function useAssetTool(assistantUuid: string) {
  return useQuery({
    queryKey: assetKeys.tool(assistantUuid),
    queryFn: () => api.get<AssetToolState>(`/api/tool/asset/${encodeURIComponent(assistantUuid)}`),
  });
}
