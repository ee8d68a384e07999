import { describe, expect, it } from 'vitest';
import { analyse } from '../../ai/german-analyzer.ts';
import { analysePassages } from './postings.ts';

// Indexing a big file (a workbook of 20,000 rows: 888 passages) analysed every passage at once,
// inside the transaction: 0.9 s in which the event loop — every team's chat — and, on the embedded
// database, its one connection waited. The analysis now runs before the transaction, in slices.

const passages = Array.from({ length: 400 }, (_, i) => ({
  heading: `Preise ${i}`,
  location: 'Blatt Preise',
  text: `| Artikel | Preis |\n| --- | --- |\n| Roggenbrot ${i} | ${i},50 € |\n| Dinkelbrötchen ${i} | 0,${i % 100} € |`,
}));

describe('analysing passages for the index', () => {
  it('lets the event loop serve others while it works through a big file', async () => {
    let served = 0;
    const ticker = setInterval(() => served++, 0);
    const analysed = await analysePassages(passages);
    clearInterval(ticker);
    expect(served).toBeGreaterThan(1);
    expect(analysed).toHaveLength(passages.length);
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
