import { describe, expect, it } from 'vitest';
import { createPrivacyFilter } from './privacy-filter.ts';

describe('privacy filter', () => {
  const filter = createPrivacyFilter(['Anna Schmidt', 'Müller', 'Projekt Falke', 'Anna']);

  it('replaces listed terms case-insensitively and as whole words only', () => {
    expect(filter.mask('Frau anna schmidt trifft Herrn MÜLLER.')).toBe('Frau [[N1]] trifft Herrn [[N2]].');
    expect(filter.mask('Die Müllerei und Annabelle bleiben.')).toBe('Die Müllerei und Annabelle bleiben.');
    expect(filter.mask('Anna allein')).toBe('[[N4]] allein');
  });

  it('tolerates German endings and line breaks inside names', () => {
    expect(filter.mask('Müllers Auto und das Projekt\nFalke')).toBe('[[N2]]s Auto und das [[N3]]');
    expect(filter.mask('Anna Schmidts Bericht')).toBe('[[N1]]s Bericht');
  });

  it('uses the same placeholder for the same term every time', () => {
    expect(filter.mask('Müller, dann wieder müller')).toBe('[[N2]], dann wieder [[N2]]');
  });

  it('restores placeholders in the answer', () => {
    expect(filter.restore('Ich schreibe [[N1]] und [[N2]]s Team.')).toBe('Ich schreibe Anna Schmidt und Müllers Team.');
    expect(filter.restore('Unbekannt [[N99]] bleibt')).toBe('Unbekannt [[N99]] bleibt');
  });

  it('restores placeholders split across stream chunks', () => {
    const r = filter.createStreamRestorer();
    const chunks = ['Hallo [', '[N', '1', ']', '], wie geht es [[N2', ']]? Preis: [3] Euro', ' Ende ['];
    const out = chunks.map((c) => r.push(c)).join('') + r.flush();
    expect(out).toBe('Hallo Anna Schmidt, wie geht es Müller? Preis: [3] Euro Ende [');
  });

  it('does nothing without terms', () => {
    const none = createPrivacyFilter([]);
    expect(none.active).toBe(false);
    expect(none.mask('Anna Schmidt')).toBe('Anna Schmidt');
  });
});
