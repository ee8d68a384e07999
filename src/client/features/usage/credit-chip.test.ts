import { describe, expect, it } from 'vitest';
import { creditChipColor, formatCredits, isValidTopUpAmount, monthLabel, monthParam, usedPercent } from './credit-chip.ts';

describe('credit chip (docs/product/credits-and-billing.md)', () => {
  it('is green below 40, orange below 75, red otherwise', () => {
    expect(creditChipColor(0)).toBe('success');
    expect(creditChipColor(39)).toBe('success');
    expect(creditChipColor(40)).toBe('warning');
    expect(creditChipColor(74)).toBe('warning');
    expect(creditChipColor(75)).toBe('error');
    expect(creditChipColor(130)).toBe('error');
  });

  it('measures the used share of booked plus topped-up credits', () => {
    expect(usedPercent({ booked: 75, used: 30, added_from_orders: 25 })).toBe(30);
    expect(usedPercent({ booked: 30, used: 29.9, added_from_orders: 0 })).toBe(100);
    expect(usedPercent({ booked: 0, used: 0, added_from_orders: 0 })).toBe(0);
    expect(usedPercent({ booked: 0, used: 1, added_from_orders: 0 })).toBe(100);
  });

  it('formats credits with at most one decimal and months in German', () => {
    expect(formatCredits(1234.5)).toBe('1.234,5');
    expect(formatCredits(12)).toBe('12');
    expect(monthLabel(3, 2026)).toBe('März 2026');
    expect(monthParam(3, 2026)).toBe('2026-03');
  });

  it('accepts whole top-up amounts from 10 to 10000', () => {
    expect(isValidTopUpAmount('100')).toBe(true);
    expect(isValidTopUpAmount('10')).toBe(true);
    expect(isValidTopUpAmount('10000')).toBe(true);
    expect(isValidTopUpAmount('9')).toBe(false);
    expect(isValidTopUpAmount('10001')).toBe(false);
    expect(isValidTopUpAmount('12,5')).toBe(false);
    expect(isValidTopUpAmount('')).toBe(false);
  });
});
