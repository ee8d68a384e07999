// The privacy filter's list rules (docs/product/data-protection.md), shared by the schemas and the client's screens.
export const FILTER_MIN_LEVEL2 = 100;
// A semicolon is refused: it almost always means the wrong separator was used.
const FILTER_ENTRY = /^[^\s,;]{3,}( [^\s,;]{3,})?$/u;

/** docs/product/data-protection.md: empty, or comma-separated entries of ≥ 3 characters with an optional second word. */
export function isValidFilterList(filter: string): boolean {
  const trimmed = filter.trim();
  if (trimmed === '') return true;
  return trimmed.split(',').every((e) => FILTER_ENTRY.test(e.trim()));
}
