import { describe, expect, it } from 'vitest';
import { NAV_ENTRIES } from './nav-entries.ts';

describe('side navigation', () => {
  it('follows docs/product/library-and-wizard.md: library, Support, Insight, Datenschutz, Benutzer, Tarif, Nutzung (Shop and API beside theirs)', () => {
    const spec = ['Support', 'Insight', 'Datenschutz', 'Benutzer', 'Tarif', 'Nutzung'];
    const labels = NAV_ENTRIES.map((e) => e.label).filter((l) => spec.includes(l));
    expect(labels).toEqual(spec);
    expect(NAV_ENTRIES[0]!.section).toBe('Assistant');
  });
});
