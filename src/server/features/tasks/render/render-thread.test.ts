import { describe, expect, it } from 'vitest';
import type { DocumentInput } from '../../../ai/tools/document.ts';
import { docxTables, pdfLines } from '../../../../../tests/setup/document-tables.ts';
import { renderDocument, renderDocumentInThread } from './index.ts';
import { withLoopWatch } from '../../../../../tests/setup/event-loop.ts';

const pdfText = async (pdf: Buffer) => (await pdfLines(pdf)).map((line) => line.cells.map((c) => c.text).join(' | ')).join('\n');

// A task's document with long tables (a price list, an inventory): laying it out is CPU work of a
// second or more, which held every team's requests and answer streams on the main thread — a PDF
// with a table of 300 rows took 18 s, because pdfkit read and parsed the typeface file anew for
// every table cell (pdf.ts: fonts by path).

const META = { assistantName: 'Mika Lager', offline: true, createdAt: new Date('2026-11-29T09:00:00Z') };

const HEADER = ['Artikel', 'Sorte', 'Menge', 'Preis', 'Lager', 'Hinweis'];
const inventory = (format: DocumentInput['format'], tables = 1): DocumentInput => ({
  format,
  titel: 'Lagerbestand November',
  abschnitte: Array.from({ length: tables }, (_, t) => ({
    ueberschrift: `Halle ${t + 1}`,
    tabelle: {
      spalten: HEADER,
      zeilen: Array.from({ length: 300 }, (_, i) => [`Roggenbrot ${t}-${i}`, `Sorte ${i % 9}`, String(i), `${i},50 €`, `Regal ${i % 30}`, 'Kühl und trocken lagern, nicht stapeln.']),
    },
  })),
});

describe('rendering a document with long tables', () => {
  it('lays out a PDF table of 300 rows in a few seconds, every row in it', async () => {
    await renderDocument(inventory('pdf'), META); // the libraries and typefaces loaded once
    const { result: pdf, took } = await withLoopWatch(() => renderDocument(inventory('pdf'), META));
    // 18 s when every cell parsed the typeface again; about 0.8 s now.
    expect(took).toBeLessThan(6000);
    const text = await pdfText(pdf);
    // The article column is narrow: «Roggenbrot» and its number wrap onto two lines of the cell.
    expect(text).toContain('0-0');
    expect(text).toContain('0-299 | 2 | € | 29');
    expect(text).toMatch(/Seite 1 von \d+/);
  }, 60_000);

  it('renders in a thread of its own: the event loop stays free, and the document is the same', async () => {
    const doc = inventory('docx', 2);
    await renderDocumentInThread(inventory('docx'), META); // the thread started once
    const { result: data, longest } = await withLoopWatch(() => renderDocumentInThread(doc, META));
    // On the main thread this Word file holds the loop about 0.9 s.
    expect(longest).toBeLessThan(400);
    const tables = docxTables(data);
    expect(tables).toHaveLength(2);
    expect(tables[1]!.rows[0]).toEqual(HEADER);
    expect(tables[1]!.rows.at(-1)![0]).toBe('Roggenbrot 1-299');
    expect(docxTables(await renderDocument(doc, META))).toEqual(tables);
  }, 60_000);

  it('stops at once when the answer is stopped, and renders the next document as before', async () => {
    const stop = new AbortController();
    const rendering = renderDocumentInThread(inventory('pdf', 3), META, stop.signal);
    setTimeout(() => stop.abort(new Error('Antwort gestoppt')), 50);
    const started = performance.now();
    await expect(rendering).rejects.toThrow('Antwort gestoppt');
    expect(performance.now() - started).toBeLessThan(1000);
    const next = await renderDocumentInThread(inventory('pdf'), META);
    expect(await pdfText(next)).toContain('0-299 | 2 | € | 29');
  }, 60_000);
});
