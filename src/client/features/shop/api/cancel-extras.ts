import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShopProduct, SuccessMessage } from '../../../../shared/schemas/commerce.ts';
import { api } from '../../../lib/api-client.ts';
import { invalidateShopAndLimits } from './invalidate.ts';

/** DELETE /api/shop/mika/{qty} or /api/shop/user/{qty} → "Zusätzliche Mikas/User wurden reduziert". */
export function useCancelExtras() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ product, qty }: { product: ShopProduct; qty: number }) =>
      api.del<SuccessMessage>(`/api/shop/${product}/${encodeURIComponent(String(qty))}`),
    onSuccess: () => invalidateShopAndLimits(queryClient),
  });
}
