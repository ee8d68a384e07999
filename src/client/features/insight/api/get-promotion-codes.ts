import { useQuery } from '@tanstack/react-query';
import type { PromotionCode } from '../../../../shared/schemas/insight.ts';
import { api } from '../../../lib/api-client.ts';
import { insightKeys } from './keys.ts';

/** GET /api/insight/promotioncodes → every promotion code, active or not. */
export function usePromotionCodes() {
  return useQuery({
    queryKey: insightKeys.promotionCodes(),
    queryFn: () => api.get<PromotionCode[]>('/api/insight/promotioncodes'),
  });
}
