import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopInfo } from '../../../shared/schemas/assistants.ts';
import { api } from '../api-client.ts';
import { assistantKeys } from './keys.ts';

/** GET /api/shop → the plan's assistant and user limits plus booked add-ons. */
export async function getShop(): Promise<ShopInfo> {
  return api.get<ShopInfo>('/api/shop');
}

export const shopQueryOptions = () => queryOptions({ queryKey: assistantKeys.shop(), queryFn: getShop });

export const useShop = () => useQuery(shopQueryOptions());
