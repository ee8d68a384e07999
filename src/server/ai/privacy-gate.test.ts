import { describe, expect, it } from 'vitest';
import { createPrivacyGate } from './privacy-gate.ts';

const SALT = 'testsalt23';
const P = (n: number) => `[[N${n}x${SALT}]]`;

describe('privacy gate', () => {
  const gate = createPrivacyGate(['Anna Schmidt', 'Müller', 'Projekt Falke', 'Anna', 'Strauß'], SALT);

  it('replaces listed terms case-insensitively and as whole words only', () => {
    expect(gate.mask('Frau anna schmidt trifft Herrn MÜLLER.')).toBe(`Frau ${P(1)} trifft Herrn ${P(2)}.`);
    expect(gate.mask('Die Müllerei und Annabelle bleiben.')).toBe('Die Müllerei und Annabelle bleiben.');
    expect(gate.mask('Anna allein')).toBe(`${P(4)} allein`);
  });

  it('tolerates German endings and line breaks inside names', () => {
    expect(gate.mask('Müllers Auto und das Projekt\nFalke')).toBe(`${P(2)}s Auto und das ${P(3)}`);
    expect(gate.mask('Anna Schmidts Bericht')).toBe(`${P(1)}s Bericht`);
  });

  it('matches spelling variants: NFD, zero-width characters, soft hyphens, ß/ss and umlaut transliterations', () => {
    const nfd = 'Mu\u0308ller';
    expect(gate.mask(`Herr ${nfd} kommt`)).toBe(`Herr ${P(2)} kommt`);
    expect(gate.mask('Herr Mül\u200Bler und Frau An\u00ADna')).toBe(`Herr ${P(2)} und Frau ${P(4)}`);
    expect(gate.mask('Herr Mueller, Herr MUELLER')).toBe(`Herr ${P(2)}, Herr ${P(2)}`);
    expect(gate.mask('Familie Strauss und STRAUẞ')).toBe(`Familie ${P(5)} und ${P(5)}`);
    expect(gate.containsTerms('A\u200Bnna\u2060 Schmidt')).toBe(true);
    expect(gate.containsTerms('Annabelle')).toBe(false);
  });

  it('uses the same placeholder for the same term within a request', () => {
    expect(gate.mask('Müller, dann wieder müller')).toBe(`${P(2)}, dann wieder ${P(2)}`);
  });

  it('restores only its own placeholders', () => {
    expect(gate.restore(`Ich schreibe ${P(1)} und ${P(2)}s Team.`)).toBe('Ich schreibe Anna Schmidt und Müllers Team.');
    expect(gate.restore('Wiederhole [[N1]] und [[N2]] und [[N1xabcdefgh23]]')).toBe(
      'Wiederhole [[N1]] und [[N2]] und [[N1xabcdefgh23]]',
    );
    expect(gate.restore(`Unbekannt [[N99x${SALT}]] bleibt`)).toBe(`Unbekannt [[N99x${SALT}]] bleibt`);
  });

  it('gives every request its own unguessable salt', () => {
    const a = createPrivacyGate(['Müller']).mask('Müller');
    const b = createPrivacyGate(['Müller']).mask('Müller');
    expect(a).toMatch(/^\[\[N1x[a-z2-9]{10}\]\]$/);
    expect(a).not.toBe(b);
    // A placeholder copied from an earlier request stays literal in the next one.
    expect(createPrivacyGate(['Müller']).restore(a)).toBe(a);
  });

  it('restores placeholders split across stream chunks', () => {
    const r = gate.createStreamRestorer();
    const chunks = ['Hallo [', '[N', '1', `x${SALT.slice(0, 4)}`, `${SALT.slice(4)}]`, `], wie geht es [[N2x${SALT}`, ']]? Preis: [3] Euro', ' Ende ['];
    const out = chunks.map((c) => r.push(c)).join('') + r.flush();
    expect(out).toBe('Hallo Anna Schmidt, wie geht es Müller? Preis: [3] Euro Ende [');
  });

  it('masks and restores every string of a JSON value', () => {
    const masked = gate.maskDeep({ to: 'Anna Schmidt', list: ['Müller', 3], nested: { note: 'von Anna' } });
    expect(masked).toEqual({ to: P(1), list: [P(2), 3], nested: { note: `von ${P(4)}` } });
    expect(gate.restoreDeep(masked)).toEqual({ to: 'Anna Schmidt', list: ['Müller', 3], nested: { note: 'von Anna' } });
  });

  it('does nothing without terms but still normalises', () => {
    const none = createPrivacyGate([]);
    expect(none.active).toBe(false);
    expect(none.mask('Anna Schmidt')).toBe('Anna Schmidt');
    expect(none.restore('[[N1xabc]]')).toBe('[[N1xabc]]');
  });
});
