import { describe, expect, it } from 'vitest';
import type ExcelJS from 'exceljs';
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { OFFLINE_PROVIDER_KEY, offlineDocument } from '../../../ai/offline-engine.ts';
import { ZDocumentInput, type DocumentFormat, type DocumentInput } from '../../../ai/tools/document.ts';
import { docxTables, docxTextOutsideTables, pdfLines, pptxTables, pptxText, readWorkbook } from '../../../../../tests/setup/document-tables.ts';
import { renderDocument } from './index.ts';

// Tables stay tables (issue 32): a table from the knowledge (extracted as a pipe table) and a pipe
// table a model writes into a paragraph both reach every document format as a real table — read
// back the way each format's readers see it — never as "| Zone | … | --- |" text.

const ZONES = [
  ['Zone', 'Länder', 'Preis (€)', 'Laufzeit'],
  ['1', 'Deutschland', '4,90', '1–2 Werktage'],
  ['2', 'Österreich, Schweiz', '9,90', '2–4 Werktage'],
  ['3', 'übrige EU', '14,50', '3–6 Werktage'],
];
const pipe = (rows: string[][]) => [rows[0]!, rows[0]!.map(() => '---'), ...rows.slice(1)].map((r) => `| ${r.join(' | ')} |`).join('\n');

/** A knowledge passage as extraction stores it: text, then the table as Markdown. */
const PASSAGE =
  'Versandkosten nach Zone. Die Preise gelten pro Paket bis 31,5 kg und werden bei der Bestellung berechnet, auch bei Teillieferungen.\n\n' +
  `${pipe(ZONES)}\n\nSperrgut versenden wir als Spedition.`;
const LONG_STATEMENT =
  'Standardlieferungen dauern drei Werktage, wenn die Ware auf Lager ist und die Zahlung bis 14 Uhr eingegangen ist; andernfalls beginnt die Frist am folgenden Werktag und verlängert sich um die Dauer der Beschaffung.';

function offline(format: DocumentFormat): DocumentInput {
  const options = {
    prompt: [],
    providerOptions: {
      [OFFLINE_PROVIDER_KEY]: {
        assistantName: 'Mika Versand',
        passages: [
          { source: 'versand.pdf, Seite 2', file: 'versand.pdf', location: 'Seite 2', text: PASSAGE },
          { source: 'lieferzeiten.txt', file: 'lieferzeiten.txt', location: '', text: LONG_STATEMENT },
        ],
      },
    },
  } as unknown as LanguageModelV4CallOptions;
  // What the offline engine hands the document tool must pass the tool's schema.
  return ZDocumentInput.parse(offlineDocument(options, 'Erstelle eine Übersicht der Versandkosten als Datei', format));
}

/** A model that ignored "no Markdown" and put the table into a paragraph, between two sentences. */
const fromModel = (format: DocumentFormat): DocumentInput => ({
  format,
  titel: 'Versandkosten',
  abschnitte: [{ ueberschrift: 'Preise nach Zone', absaetze: [`Unsere Versandkosten:\n\n${pipe(ZONES)}\n\nAlle Preise inklusive Mehrwertsteuer.`] }],
});

const render = (doc: DocumentInput) => renderDocument(doc, { assistantName: 'Mika Versand', offline: true, createdAt: new Date('2026-11-27T10:00:00Z') });

describe('tables in generated documents', () => {
  it.each([
    ['offline', offline],
    ['model', fromModel],
  ] as const)('Word (%s): a w:tbl with a header row and the knowledge’s cells; no pipe text', async (_, build) => {
    const data = await render(build('docx'));
    const zones = docxTables(data).find((t) => t.rows[0]?.[0] === 'Zone');
    expect(zones).toEqual({ headerRow: true, rows: ZONES });
    expect(docxTextOutsideTables(data)).not.toContain('|');
    if (build === fromModel) {
      // The text around the table stays in its place: before it and after it.
      const text = docxTextOutsideTables(data);
      expect(text.indexOf('Unsere Versandkosten:')).toBeLessThan(text.indexOf('Alle Preise inklusive Mehrwertsteuer.'));
    }
  });

  it.each([
    ['offline', offline],
    ['model', fromModel],
  ] as const)('PowerPoint (%s): an a:tbl with the knowledge’s cells; no pipe text', async (_, build) => {
    const data = await render(build('pptx'));
    expect(pptxTables(data).find((t) => t.rows[0]?.[0] === 'Zone')?.rows).toEqual(ZONES);
    expect(pptxText(data)).not.toMatch(/\|\s*---|\| Zone/);
  });

  it.each([
    ['offline', offline],
    ['model', fromModel],
  ] as const)('Excel (%s): the table in cells, numbers as numbers, the text around it in its own rows', async (_, build) => {
    const wb = await readWorkbook(await render(build('xlsx')));
    const sheet = wb.worksheets.find((ws) => ws.getSheetValues().some((row) => Array.isArray(row) && row[1] === 'Zone'))!;
    expect(sheet, 'a sheet with the zone table').toBeDefined();
    const rows = sheet.getSheetValues().filter((row): row is ExcelJS.CellValue[] => Array.isArray(row));
    const header = rows.findIndex((row) => row[1] === 'Zone');
    expect(rows[header]!.slice(1)).toEqual(ZONES[0]);
    expect(rows.slice(header + 1, header + 4).map((row) => row.slice(1, 5))).toEqual([
      [1, 'Deutschland', 4.9, '1–2 Werktage'],
      [2, 'Österreich, Schweiz', 9.9, '2–4 Werktage'],
      [3, 'übrige EU', 14.5, '3–6 Werktage'],
    ]);
    const everything = wb.worksheets.flatMap((ws) => ws.getSheetValues().flatMap((row) => (Array.isArray(row) ? row : []))).map(String).join('\n');
    expect(everything).not.toContain('|');
  });

  it('Excel: every row is as high as its wrapped text (LibreOffice does not grow rows by itself)', async () => {
    const wb = await readWorkbook(await render(offline('xlsx')));
    // LibreOffice fits about 1.5 characters of 10.5 pt Arial per unit of column width, and a line
    // needs about 13.5 pt: a row lower than that lets its text run over the next row.
    const needed = (text: string, width: number) => Math.ceil(text.length / (1.5 * width)) * 13.5;
    let checked = 0;
    for (const ws of wb.worksheets) {
      ws.eachRow((row) => {
        const merged = row.getCell(1).isMerged;
        row.eachCell((cell, c) => {
          if (typeof cell.value !== 'string' || !cell.alignment?.wrapText || (merged && c > 1)) return;
          const span = merged ? spanWidth(ws, row.number) : ws.getColumn(c).width!;
          expect(row.height, `${ws.name} row ${row.number}: ${cell.value.slice(0, 40)}`).toBeGreaterThanOrEqual(needed(cell.value, span));
          checked++;
        });
      });
    }
    expect(checked).toBeGreaterThan(8);
    // The long statement of the sources table needs several lines and gets them.
    const sources = wb.getWorksheet('Quellen')!;
    const long = sources.getSheetValues().findIndex((row) => Array.isArray(row) && typeof row[3] === 'string' && row[3].startsWith('Standardlieferungen'));
    expect(sources.getRow(long).height).toBeGreaterThanOrEqual(3 * 13.5);
  });

  it.each([
    ['offline', offline],
    ['model', fromModel],
  ] as const)('PDF (%s): a drawn table — header and rows on common lines, columns aligned', async (_, build) => {
    const lines = await pdfLines(await render(build('pdf')));
    expect(lines.map((l) => l.cells.map((c) => c.text).join(' ')).join('\n')).not.toContain('|');
    const header = lines.findIndex((l) => l.cells.map((c) => c.text).join(' ') === ZONES[0]!.join(' '));
    expect(header, 'the header cells on one line').toBeGreaterThanOrEqual(0);
    const table = lines.slice(header, header + 4);
    expect(table.map((l) => l.cells.map((c) => c.text))).toEqual(ZONES);
    // Text columns start at the same x; the price column (numbers) ends at the same x.
    for (const column of [1, 3]) expect(new Set(table.map((l) => Math.round(l.cells[column]!.x)))).toHaveProperty('size', 1);
    expect(new Set(table.map((l) => Math.round(l.cells[2]!.right)))).toHaveProperty('size', 1);
    // Rows go down the page in order, one line each.
    expect(table.map((l) => l.y)).toEqual([...table.map((l) => l.y)].sort((a, b) => a - b));
  });
});

/** The width of the merged cell that starts a row (the sum of its columns). */
function spanWidth(ws: ExcelJS.Worksheet, rowNumber: number): number {
  const row = ws.getRow(rowNumber);
  let width = 0;
  for (let c = 1; c <= ws.columnCount; c++) {
    const cell = row.getCell(c);
    if (c > 1 && (!cell.isMerged || cell.master.address !== row.getCell(1).address)) break;
    width += ws.getColumn(c).width ?? 10;
  }
  return width;
}
