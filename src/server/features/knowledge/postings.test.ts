import { describe, expect, it } from 'vitest';
import { analyse } from '../../ai/german-analyzer.ts';
import { analysePassages, termsContaining } from './postings.ts';
import { withLoopWatch } from '../../../../tests/setup/event-loop.ts';

// Indexing a big file (a workbook of 20,000 rows: 888 passages) analysed every passage at once,
// inside the transaction: 0.9 s in which the event loop — every team's chat — and, on the embedded
// database, its one connection waited. The analysis now runs before the transaction, in slices.

const passages = Array.from({ length: 400 }, (_, i) => ({
  heading: `Preise ${i}`,
  location: 'Blatt Preise',
  text: `| Artikel | Preis |\n| --- | --- |\n| Roggenbrot ${i} | ${i},50 € |\n| Dinkelbrötchen ${i} | 0,${i % 100} € |`,
}));

/** Sentences of a long web page: passages of about 5 KB each (a catalogue, a terms page). */
const longPassages = Array.from({ length: 45 }, (_, i) => ({
  heading: `Abschnitt ${i}`,
  location: '',
  text: Array.from({ length: 50 }, (_, j) => `Artikel ${i}-${j}: Holzbriketts der Sorte ${j}, Lieferung in Säcken zu ${j + 10} kg, Preis ${j},95 Euro.`).join(' '),
}));

describe('analysing passages for the index', () => {
  it('lets the event loop serve others while it works through a big file, however long its passages', async () => {
    for (const input of [passages, longPassages]) {
      const { result: analysed, longest, took } = await withLoopWatch(() => analysePassages(input));
      expect(analysed).toHaveLength(input.length);
      // Turns come every few passages: the loop never waits for the whole file (with 50 passages
      // per turn, the 45 long ones held it for all of their 150-400 ms).
      expect(longest).toBeLessThan(Math.max(80, took / 3));
    }
  });

  it('reads each passage exactly as the analyser does, in order', async () => {
    const analysed = await analysePassages(passages.slice(0, 120));
    analysed.forEach((a, i) => {
      expect(a.text).toEqual(analyse(passages[i]!.text));
      expect(a.heading).toEqual(analyse(passages[i]!.heading));
      // The location's «Blatt» names no content: only the sheet's name is analysed.
      expect(a.location).toEqual(analyse('Preise'));
    });
  });
});

describe('finding the compounds new words may split', () => {
  it('finds the terms with a new word inside, and lets the event loop serve others through a big vocabulary', async () => {
    const words = new Set(['antrag', 'urlaub', 'lager']);
    expect(await termsContaining(['urlaubsantrag', 'antragsteller', 'antrag', 'lagerbestand', 'brotlager', 'bestellung', 'xyzlager'], words)).toEqual([
      'urlaubsantrag',
      'antragsteller',
      'lagerbestand',
      'brotlager',
      'xyzlager',
    ]);
    // A big Mika's vocabulary of long terms: 40,000 such terms held the loop about 0.8 s in one piece.
    const vocabulary = Array.from({ length: 40_000 }, (_, i) => `bestellnummer${i}kennzeichen`);
    const { result, longest, took } = await withLoopWatch(() => termsContaining(vocabulary, new Set(['kennz', 'nummer1234'])));
    expect(result).toHaveLength(40_000);
    expect(longest).toBeLessThan(Math.max(80, took / 3));
  }, 60_000);
});
