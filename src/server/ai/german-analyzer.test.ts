import { describe, expect, it } from 'vitest';
import { germanStem } from './german-stemmer.ts';
import {
  analyse,
  compoundSplitter,
  contentStems,
  isStopword,
  PART_WEIGHT,
  splitCompound,
  weightedTerms,
} from './german-analyzer.ts';

const vocabulary = (words: Record<string, number>) => (stem: string) => words[stem] ?? 0;

describe('German stemmer (Snowball)', () => {
  it('gives the forms of one word one stem, and folds umlauts and ß', () => {
    expect(germanStem('häuser')).toBe('haus');
    expect(germanStem('häusern')).toBe(germanStem('haus'));
    expect(germanStem('kategorien')).toBe(germanStem('kategorie'));
    expect(germanStem('lieferungen')).toBe(germanStem('lieferung'));
    expect(germanStem('aufeinanderfolgenden')).toBe('aufeinanderfolg');
    expect(germanStem('straße')).toBe(germanStem('strasse'));
    expect(germanStem('anträge')).toBe(germanStem('antrag'));
  });

  it('joins verb forms in -t and -st with the infinitive', () => {
    expect(germanStem('reichst')).toBe(germanStem('reichen'));
    expect(germanStem('reicht')).toBe(germanStem('reichen'));
    expect(germanStem('arbeitet')).toBe(germanStem('arbeiten'));
  });

  it('gives nouns and verbs in -el their forms in -eln the same stem', () => {
    expect(germanStem('kugeln')).toBe(germanStem('kugel'));
    expect(germanStem('sammeln')).toBe(germanStem('sammelt'));
    expect(germanStem('schüsseln')).toBe(germanStem('schüssel'));
    expect(germanStem('handeln')).toBe(germanStem('handelt'));
  });

  it('does not match by prefix: a short stem is not a longer word', () => {
    expect(germanStem('kommt')).not.toBe(germanStem('kommunikation'));
    expect(germanStem('tschechischen')).not.toBe(germanStem('griechischen'));
    expect(germanStem('norfolkinsel')).not.toBe(germanStem('insel'));
  });
});

describe('German analyser', () => {
  it('drops inflected stop words from the maintained list', () => {
    for (const w of ['unserer', 'wurde', 'wann', 'viele', 'seit', 'welche', 'dürfen', 'wessen'])
      expect(isStopword(w), w).toBe(true);
    expect(contentStems('Wie hoch ist der Lagerbestand unserer Brote?')).toEqual([
      germanStem('lagerbestand'),
      germanStem('brote'),
    ]);
  });

  it('keeps numbers, codes, short words and content words the stop list carries', () => {
    expect(contentStems('Welcher Prüfcode gehört zu Kapitel 87?')).toContain('87');
    expect(contentStems('Wer ist in der IT?')).toEqual(['it']);
    expect(contentStems('Papier in A4 nach § 14')).toEqual(expect.arrayContaining(['a4', '14']));
    expect(contentStems('Wie viele Tage Urlaub pro Jahr und um wie viel Uhr?')).toEqual(
      expect.arrayContaining([germanStem('tage'), germanStem('jahr'), germanStem('uhr')]),
    );
    expect(contentStems('zwei oder drei Tage')).toEqual(expect.arrayContaining(['zwei', 'drei']));
  });

  it('reads a word with invisible format characters in it (soft hyphen, zero-width space, word joiner) as the word', () => {
    const whole = contentStems('Lieferbedingungen');
    for (const written of ['Liefer\u00ADbedingungen', 'Lieferbedingun\u00ADgen', 'Liefer\u200Bbedingungen', 'Liefer\u2060bedingun\u00ADgen', '\uFEFFLieferbedingungen'])
      expect(contentStems(written), JSON.stringify(written)).toEqual(whole);
  });

  it('reads a number with thousands separators as the number, and leaves dates and decimals apart', () => {
    expect(contentStems('Freigabe ab 1.200 Euro')).toEqual(contentStems('Freigabe ab 1200 Euro'));
    expect(contentStems('bis 25.000 Seiten, 1.200,50 Euro')).toEqual(
      expect.arrayContaining(['25000', '1200', '50']),
    );
    expect(contentStems('am 1.5.2024 um 14.30 Uhr')).toEqual(['1', '5', '2024', '14', '30', 'uhr']);
  });

  it('drops the function words the maintained list lacks: wo-words, conjunctions, inflected forms', () => {
    for (const w of ['womit', 'wofür', 'bevor', 'falls', 'obwohl', 'unserem', 'unseren', 'könnten'])
      expect(isStopword(w), w).toBe(true);
    expect(
      contentStems('Womit reinige ich das Mahlwerk, bevor unseren Gästen Kaffee serviert wird?'),
    ).toEqual([
      germanStem('reinige'),
      germanStem('mahlwerk'),
      germanStem('gästen'),
      germanStem('kaffee'),
      germanStem('serviert'),
    ]);
  });

  it('joins a separable verb split over a clause, in questions and statements alike', () => {
    expect(analyse('Bis wann reichst du den Urlaubsantrag ein?').joined).toContain(germanStem('einreichen'));
    expect(analyse('Den Bericht gibt man bis Freitag ab.').joined).toContain(germanStem('abgibt'));
    expect(analyse('Die Anträge sind eingereicht.').joined).toContain(germanStem('einreichen'));
    // The infinitive with "zu" inside the verb: "anzumelden" ~ "meldet … an".
    expect(analyse('Das Gerät ist vorher beim Hausmeister anzumelden.').joined).toContain(
      analyse('Man meldet das Gerät beim Hausmeister an.').joined[0],
    );
    expect(analyse('Die Belege sind zehn Jahre aufzubewahren.').joined).toContain(germanStem('aufbewahren'));
    // A particle that does not end the clause is a preposition, not part of a verb.
    expect(analyse('Ich gehe mit dem Antrag zum Chef.').joined).toEqual([]);
  });

  it('indexes hyphenated words whole and by their parts', () => {
    const terms = weightedTerms(analyse('Die E-Mail-Adresse'), () => []);
    expect(terms.get(germanStem('emailadresse'))).toBe(1);
    expect(terms.get(germanStem('adresse'))).toBe(PART_WEIGHT);
  });
});

describe('compound splitting by corpus vocabulary', () => {
  it('splits into known parts, dropping the linking s', () => {
    const f = vocabulary({ urlaub: 4, antrag: 2 });
    expect(splitCompound('urlaubsantrag', f)).toEqual(['urlaub', 'antrag']);
    expect(splitCompound(germanStem('urlaubsanträge'), f)).toEqual(['urlaub', 'antrag']);
  });

  it('splits into three parts when all are known', () => {
    const f = vocabulary({ reis: 3, kost: 5, abrechn: 2 });
    expect(splitCompound('reisekostenabrechnung', f)).toEqual(['reis', 'kost', 'abrechn']);
  });

  it('prefers the split whose parts are more frequent (Koehn & Knight)', () => {
    // "Staubecken": Stau+becken or Staub+ecken — the corpus decides.
    expect(splitCompound('staubecken', vocabulary({ stau: 9, beck: 9, staub: 1, eck: 1 }))).toEqual([
      'stau',
      'beck',
    ]);
    expect(splitCompound('staubecken', vocabulary({ stau: 1, beck: 1, staub: 9, eck: 9 }))).toEqual([
      'staub',
      'eck',
    ]);
  });

  it('does not split a word into unknown pieces or stop words', () => {
    expect(splitCompound('kohlenfadenlampen', vocabulary({}))).toEqual([]);
    expect(splitCompound('vorgänger', vocabulary({ vor: 5 }))).toEqual([]);
  });

  it('gives parts less weight than the whole word', () => {
    const split = compoundSplitter(vocabulary({ sech: 2, tag: 9, krieg: 9 }));
    const terms = weightedTerms(analyse('Der Sechstagekrieg'), split);
    expect(terms.get(germanStem('sechstagekrieg'))).toBe(1);
    expect(terms.get('krieg')).toBe(PART_WEIGHT);
  });

  it('takes the rest after a known first part as the head of the compound, a word of its own', () => {
    // "Winterjacke": "Winter" is known, "Jacke" occurs nowhere alone — it is still the word a
    // question for a "Jacke" means, and it is found as a part.
    const winterjacke = weightedTerms(analyse('Die Winterjacke'), compoundSplitter(vocabulary({ [germanStem('winter')]: 3 })));
    expect(winterjacke.get(germanStem('jacke'))).toBe(PART_WEIGHT);
    expect(winterjacke.get(germanStem('winter'))).toBe(PART_WEIGHT);
    // After a linking s: "Arbeitsschuhe" is found by "Schuhe".
    expect(splitCompound('arbeitsschuhe', vocabulary({ arbeit: 5 }))).toContain(germanStem('schuhe'));
    // Every known piece counts, not only the most frequent: "Kinderfahrradhelm" is found by "Helm"
    // though "Kind" is far more frequent.
    expect(splitCompound('kinderfahrradhelm', vocabulary({ kind: 9, helm: 1 }))).toEqual(
      expect.arrayContaining(['kind', 'helm']),
    );
    // A known head alone does not make its modifier a word: "Autounfall" → unfall only.
    expect(splitCompound('autounfall', vocabulary({ unfall: 2 }))).toEqual(['unfall']);
    // A rest of three letters is no word of its own: "Hausbau" → haus.
    expect(splitCompound('hausbau', vocabulary({ haus: 2 }))).toEqual(['haus']);
  });

  it('splits a verb prefix off a known word', () => {
    expect(splitCompound('beantragen', vocabulary({ antrag: 3 }))).toEqual(['antrag']);
  });
});
