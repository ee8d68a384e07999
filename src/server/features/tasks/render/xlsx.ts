import ExcelJS from 'exceljs';
import type { DocumentInput } from '../../../ai/tools/document.ts';
import { sectionBlocks, tableGroups, type DocBlock, type TableBlock } from './blocks.ts';
import { HOUSE, footerText, isTotalRow, numericCell, numericColumns, subtitleLines, type DocumentMeta } from './house.ts';
import { appendAll, maxOf } from '../../../../shared/arrays.ts';

const argb = (c: string) => `FF${c}`;
const font = (extra: Partial<ExcelJS.Font> = {}): Partial<ExcelJS.Font> => ({ name: HOUSE.font, size: 10.5, color: { argb: argb(HOUSE.ink) }, ...extra });

/** Width of the overview sheet's four columns (Excel's unit: about one digit of the default font). */
const OVERVIEW_WIDTH = 22;

/**
 * Row heights are written, never left to the reader: LibreOffice keeps a wrapped row at its
 * default height (the text runs over the next row) and nobody re-fits merged cells. A line of
 * 10.5 pt Arial needs about 14 pt; a column of width w holds about 1.5·w characters of German
 * text in it (measured in LibreOffice) — counted as 1.25·w, so a row is rather too high than cut.
 */
function rowHeight(cells: { text: string; width: number }[], pointSize = 10.5, padding = 4): number {
  const perLine = (width: number) => Math.max(4, Math.floor((width * 1.25 * 10.5) / pointSize) - 2);
  const lines = Math.max(1, maxOf(cells.map(({ text, width }) => text.split('\n').reduce((n, line) => n + Math.max(1, Math.ceil(line.length / perLine(width))), 0))));
  return Math.ceil(lines * pointSize * 1.3 + padding);
}

/** Excel sheet names: at most 31 characters, none of \ / ? * [ ] :, unique within the workbook. */
function sheetName(wanted: string, taken: Set<string>): string {
  const base = wanted.replace(/[\\/?*[\]:]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 31) || 'Tabelle';
  let name = base;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${base.slice(0, 31 - String(i).length - 1)} ${i}`;
  taken.add(name.toLowerCase());
  return name;
}

/** The sum of the widths of columns 1…span (a merged cell is as wide as its columns). */
const spanWidth = (ws: ExcelJS.Worksheet, span: number) => Array.from({ length: span }, (_, i) => ws.getColumn(i + 1).width ?? 10).reduce((a, b) => a + b, 0);

/** One text across the first `span` columns, wrapped, as high as it needs. */
function mergedLine(ws: ExcelJS.Worksheet, text: string, span: number, style: { size?: number; bold?: boolean; color?: string } = {}) {
  const row = ws.addRow([text]);
  ws.mergeCells(row.number, 1, row.number, span);
  const cell = row.getCell(1);
  cell.alignment = { wrapText: true, vertical: 'top' };
  cell.font = font({ size: style.size ?? 10.5, bold: style.bold ?? false, ...(style.color ? { color: { argb: argb(style.color) } } : {}) });
  row.height = rowHeight([{ text, width: spanWidth(ws, span) }], style.size ?? 10.5);
  return row;
}

function titleBlock(ws: ExcelJS.Worksheet, title: string, subtitle: string, span: number) {
  mergedLine(ws, title, span, { size: 16, bold: true });
  if (subtitle) mergedLine(ws, subtitle, span, { color: HOUSE.muted });
  else ws.addRow([]);
  // The brand's accent as a thin line under the title block.
  const rule = ws.addRow([]);
  for (let c = 1; c <= span; c++) rule.getCell(c).border = { top: { style: 'medium', color: { argb: argb(HOUSE.accent) } } };
}

function textLines(ws: ExcelJS.Worksheet, blocks: DocBlock[], span: number) {
  for (const block of blocks) if (block.kind !== 'table') mergedLine(ws, block.kind === 'point' ? `•  ${block.text}` : block.text, span);
}

/** The table's column widths from its longest entry (bounded), so long text wraps instead of running on. */
const tableWidths = (table: TableBlock) => table.spalten.map((title, i) => Math.min(60, Math.max(12, title.length + 3, maxOf(table.zeilen.map((r) => r[i]!.length + 3)))));

/** A table: formatted header, numbers as numbers, wrapped text in rows as high as they need, a filter. */
function addTable(ws: ExcelJS.Worksheet, table: TableBlock, widths: number[]) {
  const columns = table.spalten.length;
  const rows = table.zeilen;
  const numeric = numericColumns(table.spalten, rows);
  const header = ws.addRow(table.spalten);
  header.height = rowHeight(table.spalten.map((text, i) => ({ text, width: widths[i]! })), 10.5, 8);
  header.eachCell((cell, c) => {
    cell.font = font({ bold: true, color: { argb: argb(HOUSE.headerText) } });
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: argb(HOUSE.headerFill) } };
    // Numbers sit right, one indent away from the text column beside them.
    cell.alignment = { vertical: 'middle', wrapText: true, ...(numeric[c - 1] ? { horizontal: 'right' as const, indent: 1 } : {}) };
  });
  // Numbers keep the look they were given: decimals when any entry of the column has them.
  const formats = table.spalten.map((_, i) => (rows.some((r) => /[.,]\d{1,2}$/.test(r[i]!.replace(/\s|%/g, ''))) ? '#,##0.00' : '#,##0'));
  rows.forEach((values, r) => {
    const row = ws.addRow(values.map((v, i) => (numeric[i] && v !== '' ? numericCell(v)! : v)));
    row.height = rowHeight(values.map((text, i) => ({ text: numeric[i] ? '' : text, width: widths[i]! })));
    row.eachCell({ includeEmpty: true }, (cell, c) => {
      if (c > columns) return;
      cell.font = font({ bold: isTotalRow(values) });
      if (numeric[c - 1]) cell.numFmt = formats[c - 1]!;
      cell.alignment = numeric[c - 1] ? { vertical: 'top', horizontal: 'right', indent: 1 } : { vertical: 'top', wrapText: true, horizontal: 'left' };
      cell.border = { bottom: { style: 'thin', color: { argb: argb(HOUSE.rule) } } };
      if (r % 2 === 1) cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: argb(HOUSE.zebra) } };
    });
  });
  ws.views = [{ state: 'frozen', ySplit: header.number, showGridLines: false }];
  ws.autoFilter = { from: { row: header.number, column: 1 }, to: { row: header.number + rows.length, column: columns } };
}

/**
 * An Excel workbook: every table is a worksheet (with the text before it), the text of sections
 * without a table goes on the first sheet, "Übersicht".
 */
export async function renderXlsx(doc: DocumentInput, meta: DocumentMeta): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = meta.assistantName;
  wb.title = doc.titel;
  wb.created = meta.createdAt;
  const taken = new Set<string>();
  const subtitle = subtitleLines(doc, meta).join(' · ');
  // A section without a table goes on the overview; each table gets a sheet with the text before
  // it above and, after the section's last table, the rest of the section's text below it.
  const overview: { heading: string; blocks: DocBlock[] }[] = [];
  const withTable: { heading: string; above: DocBlock[]; table: TableBlock; below: DocBlock[] }[] = [];
  for (const section of doc.abschnitte) {
    const groups = tableGroups(sectionBlocks(section));
    if (!groups.some((g) => g.table)) {
      overview.push({ heading: section.ueberschrift, blocks: groups.flatMap((g) => g.text) });
      continue;
    }
    for (const g of groups) {
      if (g.table) withTable.push({ heading: section.ueberschrift, above: g.text, table: g.table, below: [] });
      else appendAll(withTable.at(-1)!.below, g.text);
    }
  }

  if (overview.length > 0 || withTable.length === 0) {
    const ws = wb.addWorksheet(sheetName('Übersicht', taken), { views: [{ showGridLines: false }] });
    ws.columns = Array.from({ length: 4 }, () => ({ width: OVERVIEW_WIDTH }));
    ws.pageSetup = { paperSize: 9, orientation: 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0 };
    titleBlock(ws, doc.titel, subtitle, 4);
    ws.addRow([]);
    for (const entry of overview) {
      mergedLine(ws, entry.heading, 4, { size: 12.5, bold: true });
      textLines(ws, entry.blocks, 4);
      ws.addRow([]);
    }
    ws.headerFooter.oddFooter = `&L${footerText(meta)}&RSeite &P von &N`;
  }

  for (const { heading, above, table, below } of withTable) {
    const columns = table.spalten.length;
    const span = Math.max(columns, 4);
    const ws = wb.addWorksheet(sheetName(heading, taken), { views: [{ showGridLines: false }] });
    // Widths first: the title and the text above the table wrap within them.
    const widths = tableWidths(table);
    for (let c = 1; c <= span; c++) ws.getColumn(c).width = widths[c - 1] ?? 12;
    titleBlock(ws, heading, withTable.length === 1 ? [doc.titel, subtitle].filter(Boolean).join(' · ') : doc.titel, span);
    ws.addRow([]);
    textLines(ws, above, span);
    if (above.length > 0) ws.addRow([]);
    addTable(ws, table, widths);
    if (below.length > 0) {
      ws.addRow([]);
      textLines(ws, below, span);
    }
    ws.headerFooter.oddFooter = `&L${footerText(meta)}&RSeite &P von &N`;
    ws.pageSetup = { paperSize: 9, orientation: columns > 5 ? 'landscape' : 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0 };
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
