import { describe, expect, it } from 'vitest';
import { analyse } from '../../ai/german-analyzer.ts';
import { analysePassages } from './postings.ts';
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
