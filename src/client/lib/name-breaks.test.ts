import { describe, expect, it } from 'vitest';
import { withNameBreaks } from './name-breaks.ts';

const shown = (name: string) => withNameBreaks(name).replaceAll('\u00ad', '-');

describe('withNameBreaks', () => {
  it('offers syllable borders in long compounds, never a lone last letter', () => {
    expect(shown('Angebotsschreiber')).toBe('Ange-bots-schreiber');
    expect(shown('Mika Rechnungsprüfungsassistent')).toBe('Mika Rech-nungs-prü-fungsassis-tent');
    for (const name of ['Datenschutzbeauftragter', 'Kundenservicemitarbeiterin', 'Bewerbungsgesprächstrainer']) {
      const parts = shown(name).split('-');
      expect(parts.length, name).toBeGreaterThan(1);
      expect(Math.min(parts[0]!.length, parts.at(-1)!.length), name).toBeGreaterThanOrEqual(4);
    }
    // Short names and words stay untouched (tests and screen readers see the plain name).
    expect(withNameBreaks('Mika Allrounder')).toBe('Mika Allrounder');
    expect(withNameBreaks('Kundenberaterin')).toBe('Kundenberaterin');
    expect(withNameBreaks('Angebotsschreiber').replaceAll('\u00ad', '')).toBe('Angebotsschreiber');
  });
});
