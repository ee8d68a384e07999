import type { CreditMonth } from '../../../shared/schemas/commerce.ts';

/** docs/product/credits-and-billing.md: credit colour thresholds 40 and 75. */
export const CHIP_THRESHOLDS = { orange: 40, red: 75 } as const;

export type ChipColor = 'success' | 'warning' | 'error';

/** docs/product/credits-and-billing.md: green below 40, orange below 75, red otherwise. */
export function creditChipColor(percent: number): ChipColor {
  if (percent < CHIP_THRESHOLDS.orange) return 'success';
  if (percent < CHIP_THRESHOLDS.red) return 'warning';
  return 'error';
}

/**
 * The share of a month's credits already used, in whole percent: used against what the month
 * brought (booked plus top-ups). A month with nothing available and some usage counts as 100.
 */
export function usedPercent(month: Pick<CreditMonth, 'booked' | 'used' | 'added_from_orders'>): number {
  const available = month.booked + month.added_from_orders;
  if (available <= 0) return month.used > 0 ? 100 : 0;
  return Math.round((month.used / available) * 100);
}

/** Credits with at most one decimal, German notation ("1.234,5"). */
export function formatCredits(credits: number): string {
  return credits.toLocaleString('de-DE', { maximumFractionDigits: 1 });
}

/** "November 2026" */
export function monthLabel(month: number, year: number): string {
  return new Date(Date.UTC(year, month - 1, 15)).toLocaleString('de-DE', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** "2026-11" for GET /api/credits/daily. */
export function monthParam(month: number, year: number): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** Checkout amount (GET /checkout?amount=N): whole credits 10…10000. */
export function isValidTopUpAmount(value: string): boolean {
  if (!/^\d+$/.test(value.trim())) return false;
  const n = Number(value);
  return n >= 10 && n <= 10_000;
}
