import { describe, expect, it } from 'vitest';
import { appendAll, maxOf } from './arrays.ts';

describe('lists the data sizes', () => {
  it('appends and finds the largest of 500,000 items, where a spread into arguments throws', () => {
    const many = Array.from({ length: 500_000 }, (_, i) => i);
    expect(() => [0].push(...many)).toThrow(RangeError);
    expect(appendAll([-1], many)).toHaveLength(500_001);
    expect(maxOf(many)).toBe(499_999);
    expect(maxOf([], 0)).toBe(0);
    expect(maxOf([-5, -2])).toBe(-2);
  });
});
