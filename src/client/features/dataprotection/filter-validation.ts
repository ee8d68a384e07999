import { USER_MESSAGES } from '../../../shared/messages.ts';
import { FILTER_MIN_LEVEL2, isValidFilterList } from '../../../shared/schemas/users.ts';

/** docs/product/data-protection.md: the filter's message for this level, or null when it may be saved. */
export function filterError(filter: string, level: number): string | null {
  if (level === 0) return null;
  if (!isValidFilterList(filter)) return USER_MESSAGES.filterEntries;
  if (level === 2 && filter.trim().length < FILTER_MIN_LEVEL2) return USER_MESSAGES.filterMinLevel2;
  return null;
}

/**
 * What is sent: at level 0 the filter is hidden and off; an unfinished edit there is dropped
 * in favour of the saved list, so switching off never fails on a half-typed entry.
 */
export function filterToSave(filter: string, saved: string, level: number): string {
  if (level === 0 && !isValidFilterList(filter)) return saved;
  return filter.trim();
}
