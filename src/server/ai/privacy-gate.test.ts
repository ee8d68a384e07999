import { describe, expect, it } from 'vitest';
import { createPrivacyGate } from './privacy-gate.ts';

const SALT = 'testsalt23';
const P = (n: number) => `[[N${n}x${SALT}]]`;
const V = (n: number, variant: number) => `[[N${n}-${variant}x${SALT}]]`;

describe('privacy gate', () => {
  const gate = createPrivacyGate(['Anna Schmidt', 'Müller', 'Projekt Falke', 'Anna', 'Strauß'], SALT);

  it('replaces listed terms in any case; a spelling other than the listed one gets a variant of the same number', () => {
    expect(gate.mask('Frau Anna Schmidt trifft Herrn Müller.')).toBe(`Frau ${P(1)} trifft Herrn ${P(2)}.`);
    expect(gate.mask('Frau anna schmidt trifft Herrn MÜLLER.')).toBe(`Frau ${V(1, 2)} trifft Herrn ${V(2, 2)}.`);
    expect(gate.mask('Anna allein')).toBe(`${P(4)} allein`);
  });

  it('tolerates German endings and line breaks inside names', () => {
    expect(gate.mask('Müllers Auto und das Projekt Falke')).toBe(`${P(2)}s Auto und das ${P(3)}`);
    expect(gate.mask('Anna Schmidts Bericht')).toBe(`${P(1)}s Bericht`);
    expect(gate.mask('Projekt\nFalkes')).toBe(`${V(3, 2)}s`);
  });

  it('masks a listed entry of 4+ letters as the first or last part of a compound (over-masking is the safe side)', () => {
    const g = createPrivacyGate(['Müller', 'Anna'], SALT);
    expect(g.mask('Die Müllerstraße, die Müllerei, Annabelle und Firmenmüllers Hof')).toBe(
      `Die ${P(1)}straße, die ${P(1)}ei, ${P(2)}belle und Firmen${V(1, 2)}s Hof`,
    );
    // Not in the middle, and never for entries shorter than four letters.
    const short = createPrivacyGate(['Max', 'Zorblax'], SALT);
    expect(short.mask('Maxi, Max, Maxens, Herr Max-Meier und Grozorblaxa')).toBe(
      `Maxi, ${P(1)}, Maxens, Herr ${P(1)}-Meier und Grozorblaxa`,
    );
  });

  it('matches spelling variants: NFD, NFKC, invisible characters, hyphenation, look-alikes, ß/ss and umlauts', () => {
    const g = createPrivacyGate(['Müller', 'Anna'], SALT);
    const forms = [
      'Mu\u0308ller', // NFD
      'Ｍüｌｌｅｒ', // full-width (NFKC)
      'Mül\u200Bler', // zero-width space
      'Mül\u034Fler', // combining grapheme joiner
      'Mül\u202Aler', // bidi embedding
      'Mül\u202Eler', // bidi override
      'Mül\u2067ler', // bidi isolate
      'Mül\uFE0Fler', // variation selector
      'Mül\u00ADler', // soft hyphen
      'Mül-ler', // hyphenation
      'Mül-\nler', // hyphenation across a line break
      'Mül-\r\n  ler',
      'Mueller',
      'MUELLER',
      '\u041C\u00FCll\u0435r', // Cyrillic М and е
      'Mü11er', // digit one for l
    ];
    for (const form of forms) {
      expect(g.mask(`Herr ${form} kommt`), JSON.stringify(form)).toMatch(
        new RegExp(`^Herr \\[\\[N1(-\\d+)?x${SALT}\\]\\] kommt$`),
      );
    }
    expect(gate.mask('Familie Strauss und STRAUẞ')).toBe(`Familie ${V(5, 2)} und ${V(5, 3)}`);
    // An invisible character is a word gap: the two names are not glued into one word.
    expect(g.mask('Anna\u200BMüller')).toBe(`${P(2)}\u200B${P(1)}`);
    expect(gate.containsTerms('A\u200Bnna\u2060 Schmidt')).toBe(true);
    expect(gate.containsTerms('Hannah und Susann')).toBe(false);
  });

  it('gives back exactly the masked text, whatever its spelling', () => {
    const texts = [
      'Frau anna schmidt und Herr MÜLLER',
      'Herr Mu\u0308ller und Herr Mueller',
      'Familie Strauss und STRAUẞ',
      'Anna\u200BSchmidt, An\u00ADna, Mül\u2060ler, Mül\u034Fler, Mül\u202Eler',
      'Ｍüｌｌｅｒ und Projekt\nFalke und Projekt-\nFalke',
      'Mu-\nller, Mül-ler, Мüller',
      'Müllerstraße 3, Projektfalke',
    ];
    for (const text of texts) {
      const masked = gate.mask(text);
      expect(gate.containsTerms(masked), masked).toBe(false);
      expect(gate.restore(masked)).toBe(text);
    }
  });

  it('uses the same placeholder for the same spelling within a request', () => {
    const gate = createPrivacyGate(['Anna Schmidt', 'Müller'], SALT);
    expect(gate.mask('Müller, dann wieder müller, dann Müller')).toBe(`${P(2)}, dann wieder ${V(2, 2)}, dann ${P(2)}`);
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
    gate.mask('MÜLLER');
    const chunks = ['Hallo [', '[N', '1', `x${SALT.slice(0, 4)}`, `${SALT.slice(4)}]`, `], wie geht es [[N2x${SALT}`, ']]? Und [[N2', '-', `2x${SALT}]`, ']! Preis: [3] Euro', ' Ende ['];
    const out = chunks.map((c) => r.push(c)).join('') + r.flush();
    expect(out).toBe('Hallo Anna Schmidt, wie geht es Müller? Und MÜLLER! Preis: [3] Euro Ende [');
  });

  it('masks and restores every string of a JSON value', () => {
    const masked = gate.maskDeep({ to: 'Anna Schmidt', list: ['Müller', 3], nested: { note: 'von Anna' } });
    expect(masked).toEqual({ to: P(1), list: [P(2), 3], nested: { note: `von ${P(4)}` } });
    expect(gate.restoreDeep(masked)).toEqual({ to: 'Anna Schmidt', list: ['Müller', 3], nested: { note: 'von Anna' } });
  });

  it('does nothing without terms', () => {
    const none = createPrivacyGate([]);
    expect(none.active).toBe(false);
    expect(none.mask('Anna\u200BSchmidt')).toBe('Anna\u200BSchmidt');
    expect(none.restore('[[N1xabc]]')).toBe('[[N1xabc]]');
  });
});
