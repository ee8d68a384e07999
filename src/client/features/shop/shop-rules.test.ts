import { describe, expect, it } from 'vitest';
import { canShowCancel, cancelRefusal, clampQuantity, isValidQuantity } from './shop-rules.ts';
import { formatCents } from '../../lib/commerce/index.ts';

describe('shop quantity (docs/product/shop.md)', () => {
  it('keeps the slider and field within 1–10, whole numbers', () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(-3)).toBe(1);
    expect(clampQuantity(11)).toBe(10);
    expect(clampQuantity(4.6)).toBe(5);
    expect(clampQuantity(Number.NaN)).toBe(1);
    expect(isValidQuantity(1)).toBe(true);
    expect(isValidQuantity(10)).toBe(true);
    expect(isValidQuantity(0)).toBe(false);
    expect(isValidQuantity(2.5)).toBe(false);
  });

  it('shows cancel only when extras exist', () => {
    expect(canShowCancel(0)).toBe(false);
    expect(canShowCancel(1)).toBe(true);
  });

  it('refuses to cancel more than booked, with the spec text per product', () => {
    expect(cancelRefusal('mika', 3, 2)).toBe('Du kannst nicht mehr Mikas kündigen, als Du zusätzlich gebucht hast');
    expect(cancelRefusal('user', 1, 0)).toBe('Du kannst nicht mehr User kündigen, als Du zusätzlich gebucht hast');
    expect(cancelRefusal('mika', 2, 2)).toBeNull();
    expect(cancelRefusal('user', 1, 5)).toBeNull();
    expect(cancelRefusal('user', 11, 20)).toBe('Bitte wähle eine Anzahl von 1 bis 10.');
  });

  it('formats cent amounts in German', () => {
    expect(formatCents(17_900 * 2)).toBe('358,00 €');
    expect(formatCents(5_900)).toBe('59,00 €');
  });
});
