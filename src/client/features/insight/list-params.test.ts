import { describe, expect, it } from 'vitest';
import { INSIGHT_PAGE_SIZE, INSIGHT_SORTS } from '../../../shared/schemas/insight.ts';
import { PAGE_SIZE, SORTS, firstDirection, readListParams, withListParams } from './list-params.ts';

describe('Insight list parameters', () => {
  it('restates the contract’s sorts and page size', () => {
    expect(SORTS).toEqual(INSIGHT_SORTS);
    expect(PAGE_SIZE).toBe(INSIGHT_PAGE_SIZE);
  });

  it('reads the URL with defaults for anything missing or wrong', () => {
    expect(readListParams(new URLSearchParams(''))).toEqual({ page: 1, search: '', sort: 'name', direction: 'asc' });
    expect(readListParams(new URLSearchParams('page=3&search=%20olga%20&sort=users&direction=desc'))).toEqual({
      page: 3,
      search: 'olga',
      sort: 'users',
      direction: 'desc',
    });
    expect(readListParams(new URLSearchParams('page=-2&sort=password&direction=up'))).toEqual({
      page: 1,
      search: '',
      sort: 'name',
      direction: 'asc',
    });
  });

  it('writes only what differs from the defaults', () => {
    const next = withListParams(new URLSearchParams('tab=x&page=4'), { search: 'olga', page: 1 });
    expect(next.toString()).toBe('tab=x&search=olga');
    expect(withListParams(new URLSearchParams(''), { sort: 'credits', direction: 'desc' }).toString()).toBe('sort=credits&direction=desc');
  });

  it('sorts names from A, numbers and dates biggest first', () => {
    expect(firstDirection('name')).toBe('asc');
    expect(firstDirection('credits')).toBe('desc');
  });
});
