// Array helpers for lists whose length the data decides. A spread into arguments —
// `list.push(...rows)`, `Math.max(...values)` — puts every element on the stack and throws
// RangeError past about 120,000 of them (a query's rows, a sitemap's URLs, a sheet's lines); the
// lint rule in eslint.config.js forbids it in src/ and points here.

/** Appends every item to `target` (in place), however many there are. */
export function appendAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}

/** The largest number, or `empty` for none. */
export function maxOf(values: Iterable<number>, empty = -Infinity): number {
  let max = empty;
  for (const v of values) if (v > max) max = v;
  return max;
}

/** The smallest number, or `empty` for none. */
export function minOf(values: Iterable<number>, empty = Infinity): number {
  let min = empty;
  for (const v of values) if (v < min) min = v;
  return min;
}
