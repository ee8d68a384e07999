import { SHOP_QTY, type ShopProduct } from '../../../shared/schemas/commerce.ts';
import { SHOP_TEXTS } from './texts.ts';

/** The quantity the slider and field hold: a whole number from 1 to 10 (docs/product/shop.md). */
export function clampQuantity(value: number): number {
  if (!Number.isFinite(value)) return SHOP_QTY.min;
  return Math.min(SHOP_QTY.max, Math.max(SHOP_QTY.min, Math.round(value)));
}

/** Whether a typed quantity is one the shop accepts (1–10, whole). */
export function isValidQuantity(value: number): boolean {
  return Number.isInteger(value) && value >= SHOP_QTY.min && value <= SHOP_QTY.max;
}

/** The cancel button shows only when extras exist (docs/product/shop.md). */
export const canShowCancel = (booked: number): boolean => booked > 0;

/**
 * Why a cancel is refused, or null when it may go ahead: never more than the booked extras
 * (docs/product/shop.md). The server checks the same.
 */
export function cancelRefusal(product: ShopProduct, quantity: number, booked: number): string | null {
  if (!isValidQuantity(quantity)) return SHOP_TEXTS.quantityInvalid;
  if (quantity > booked) return product === 'mika' ? SHOP_TEXTS.cancelTooManyMikas : SHOP_TEXTS.cancelTooManyUsers;
  return null;
}
