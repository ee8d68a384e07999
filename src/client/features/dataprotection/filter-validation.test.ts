import { describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../../shared/messages.ts';
import { filterError, filterToSave } from './filter-validation.ts';

const LONG = 'Muster GmbH, Erika Mustermann, Projekt Falke, Kundennummer, Beispielstadt, Hans Beispiel, Vertragsentwurf, Lieferant Nord';

describe('filterError', () => {
  it('ignores the hidden filter at Niedrig', () => {
    expect(filterError('a, b', 0)).toBeNull();
  });

  it('accepts an empty filter or a valid list at Mittel', () => {
    expect(filterError('', 1)).toBeNull();
    expect(filterError('Muster GmbH, Erika Mustermann', 1)).toBeNull();
  });

  it('refuses short entries and wrong separators', () => {
    expect(filterError('ab, Muster', 1)).toBe(USER_MESSAGES.filterEntries);
    expect(filterError('Muster; Beispiel', 1)).toBe(USER_MESSAGES.filterEntries);
    expect(filterError('Anna Maria Schmidt', 2)).toBe(USER_MESSAGES.filterEntries);
  });

  it('needs 100 characters at Hoch', () => {
    expect(filterError('Muster GmbH', 2)).toBe(USER_MESSAGES.filterMinLevel2);
    expect(filterError('', 2)).toBe(USER_MESSAGES.filterMinLevel2);
    expect(LONG.length).toBeGreaterThanOrEqual(100);
    expect(filterError(LONG, 2)).toBeNull();
  });
});

describe('filterToSave', () => {
  it('trims what is sent', () => {
    expect(filterToSave('  Muster GmbH  ', '', 1)).toBe('Muster GmbH');
  });

  it('keeps the saved list when switching off with an unfinished edit', () => {
    expect(filterToSave('Muster, ab', 'Muster GmbH', 0)).toBe('Muster GmbH');
    expect(filterToSave('Muster, Beispiel', 'Muster GmbH', 0)).toBe('Muster, Beispiel');
  });
});
