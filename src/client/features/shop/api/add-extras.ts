import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShopProduct, SuccessMessage } from '../../../../shared/schemas/commerce.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateShopAndLimits } from './invalidate.ts';

/**
 * POST /api/shop/mika or /api/shop/user {qty} → "Deine Mikas/User wurden dem Abo zugefügt. Du bist
 * jetzt startklar." The library's and the user list's limits follow at once.
 */
export function useAddExtras() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ product, qty }: { product: ShopProduct; qty: number }) =>
      api.post<SuccessMessage>(`/api/shop/${product}`, { qty }),
    onSuccess: () => invalidateShopAndLimits(queryClient),
  });
}
