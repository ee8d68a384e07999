import type { InsightSort } from '../../../shared/schemas/insight.ts';
import type { InsightListParams } from './api/keys.ts';

// The list's state lives in the URL (/Insight?search=…&page=2&sort=users&direction=desc), so a
// reload, the back button and the way back from a team's action view keep it.

// INSIGHT_SORTS of the contract, restated: a value import of the schema module would bring zod's
// schemas and the server's messages into the office's shared chunk (list-params.test.ts compares).
export const SORTS: readonly string[] = ['name', 'users', 'mikas', 'credits', 'created_at', 'deleted_at'] satisfies readonly InsightSort[];
/** INSIGHT_PAGE_SIZE (docs/product/operator-area.md); the server's per_page wins once a page has loaded. */
export const PAGE_SIZE = 100;

export function readListParams(params: URLSearchParams): InsightListParams {
  const page = Number(params.get('page'));
  const sort = params.get('sort') ?? '';
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    search: (params.get('search') ?? '').trim(),
    sort: SORTS.includes(sort) ? (sort as InsightSort) : 'name',
    direction: params.get('direction') === 'desc' ? 'desc' : 'asc',
  };
}

/** The URL's parameters with the list's state changed; defaults are left out. */
export function withListParams(params: URLSearchParams, change: Partial<InsightListParams>): URLSearchParams {
  const next = new URLSearchParams(params);
  const merged = { ...readListParams(params), ...change };
  const set = (key: string, value: string, fallback: string) => {
    if (value === fallback) next.delete(key);
    else next.set(key, value);
  };
  set('page', String(merged.page), '1');
  set('search', merged.search, '');
  set('sort', merged.sort, 'name');
  set('direction', merged.direction, 'asc');
  return next;
}

/** Numbers and dates are looked at biggest or newest first; names from A. */
export function firstDirection(sort: InsightSort): 'asc' | 'desc' {
  return sort === 'name' ? 'asc' : 'desc';
}
