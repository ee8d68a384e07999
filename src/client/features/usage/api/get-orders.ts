import { useQuery } from '@tanstack/react-query';
import type { Order } from '../../../../shared/schemas/commerce.ts';
import { api } from '../../../lib/api-client.ts';
import { usageKeys } from './keys.ts';

/** GET /api/orders → the team's credit orders, newest first. */
export function useOrders() {
  return useQuery({ queryKey: usageKeys.orders(), queryFn: () => api.get<Order[]>('/api/orders') });
}
