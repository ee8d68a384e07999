import ExcelJS from 'exceljs';
import type { DocumentInput, DocumentSection } from '../../../ai/tools/document.ts';
import { HOUSE, footerText, isTotalRow, normalizedRows, numericCell, subtitleLines, type DocumentMeta } from './house.ts';

const argb = (c: string) => `FF${c}`;
const font = (extra: Partial<ExcelJS.Font> = {}): Partial<ExcelJS.Font> => ({ name: HOUSE.font, size: 10.5, color: { argb: argb(HOUSE.ink) }, ...extra });

/** Excel sheet names: at most 31 characters, none of \ / ? * [ ] :, unique within the workbook. */
function sheetName(wanted: string, taken: Set<string>): string {
  const base = wanted.replace(/[\\/?*[\]:]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 31) || 'Tabelle';
  let name = base;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${base.slice(0, 31 - String(i).length - 1)} ${i}`;
  taken.add(name.toLowerCase());
  return name;
}

function titleBlock(ws: ExcelJS.Worksheet, title: string, subtitle: string, columns: number) {
  const span = Math.max(columns, 4);
  ws.mergeCells(1, 1, 1, span);
  const t = ws.getCell(1, 1);
  t.value = title;
  t.font = font({ size: 16, bold: true });
  ws.getRow(1).height = 26;
  if (subtitle) {
    ws.mergeCells(2, 1, 2, span);
    const s = ws.getCell(2, 1);
    s.value = subtitle;
    s.font = font({ color: { argb: argb(HOUSE.muted) } });
  }
  // The brand's accent as a thin line under the title block.
  for (let c = 1; c <= span; c++) ws.getCell(3, c).border = { top: { style: 'medium', color: { argb: argb(HOUSE.accent) } } };
}

function textLines(ws: ExcelJS.Worksheet, section: DocumentSection, span: number, withHeading: boolean) {
  if (withHeading) {
    const row = ws.addRow([section.ueberschrift]);
    row.font = font({ size: 12.5, bold: true });
    row.height = 22;
  }
  const line = (text: string) => {
    const row = ws.addRow([text]);
    ws.mergeCells(row.number, 1, row.number, span);
    row.getCell(1).alignment = { wrapText: true, vertical: 'top' };
    row.font = font();
    // Merged cells do not grow by themselves: about 100 characters per line over the span.
    row.height = Math.max(16, Math.ceil(text.length / Math.max(60, span * 18)) * 15);
  };
  for (const p of section.absaetze ?? []) line(p);
  for (const p of section.punkte ?? []) line(`•  ${p}`);
}

/** An Excel workbook: every table is a worksheet (formatted header, numbers as numbers, filter). */
export async function renderXlsx(doc: DocumentInput, meta: DocumentMeta): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = meta.assistantName;
  wb.title = doc.titel;
  wb.created = meta.createdAt;
  const taken = new Set<string>();
  const subtitle = subtitleLines(doc, meta).join(' · ');
  const withTable = doc.abschnitte.filter((s) => s.tabelle);
  const textOnly = doc.abschnitte.filter((s) => !s.tabelle);

  if (textOnly.length > 0 || withTable.length === 0) {
    const ws = wb.addWorksheet(sheetName('Übersicht', taken), { views: [{ showGridLines: false }] });
    ws.columns = [{ width: 22 }, { width: 22 }, { width: 22 }, { width: 22 }];
    ws.pageSetup = { paperSize: 9, orientation: 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0 };
    titleBlock(ws, doc.titel, subtitle, 4);
    ws.addRow([]);
    for (const section of textOnly) {
      textLines(ws, section, 4, true);
      ws.addRow([]);
    }
    ws.headerFooter.oddFooter = `&L${footerText(meta)}&RSeite &P von &N`;
  }

  for (const section of withTable) {
    const table = section.tabelle!;
    const rows = normalizedRows(table);
    const columns = table.spalten.length;
    const ws = wb.addWorksheet(sheetName(section.ueberschrift, taken), { views: [{ showGridLines: false }] });
    titleBlock(ws, section.ueberschrift, withTable.length === 1 ? [doc.titel, subtitle].filter(Boolean).join(' · ') : doc.titel, columns);
    ws.addRow([]);
    textLines(ws, section, Math.max(columns, 4), false);
    if ((section.absaetze?.length ?? 0) + (section.punkte?.length ?? 0) > 0) ws.addRow([]);

    const numeric = table.spalten.map((_, i) => rows.length > 0 && rows.every((r) => r[i] === '' || numericCell(r[i]!) !== undefined));
    const header = ws.addRow(table.spalten);
    header.height = 20;
    header.eachCell((cell) => {
      cell.font = font({ bold: true, color: { argb: argb(HOUSE.headerText) } });
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: argb(HOUSE.headerFill) } };
      cell.alignment = { vertical: 'middle', wrapText: true };
    });
    table.spalten.forEach((_, i) => {
      if (numeric[i]) header.getCell(i + 1).alignment = { vertical: 'middle', horizontal: 'right', wrapText: true };
    });
    // Numbers keep the look they were given: decimals when any entry of the column has them.
    const formats = table.spalten.map((_, i) => (rows.some((r) => /[.,]\d{1,2}$/.test(r[i]!.replace(/\s|%/g, ''))) ? '#,##0.00' : '#,##0'));
    rows.forEach((values, r) => {
      const row = ws.addRow(values.map((v, i) => (numeric[i] && v !== '' ? numericCell(v)! : v)));
      row.eachCell({ includeEmpty: true }, (cell, c) => {
        if (c > columns) return;
        cell.font = font({ bold: isTotalRow(values) });
        if (numeric[c - 1]) cell.numFmt = formats[c - 1]!;
        cell.alignment = { vertical: 'top', wrapText: !numeric[c - 1], horizontal: numeric[c - 1] ? 'right' : 'left' };
        cell.border = { bottom: { style: 'thin', color: { argb: argb(HOUSE.rule) } } };
        if (r % 2 === 1) cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: argb(HOUSE.zebra) } };
      });
    });
    // Column widths from the longest entry (bounded), the header frozen, a filter on the table.
    table.spalten.forEach((title, i) => {
      const longest = Math.max(title.length, ...rows.map((r) => r[i]!.length));
      ws.getColumn(i + 1).width = Math.min(60, Math.max(12, longest + 3));
    });
    ws.views = [{ state: 'frozen', ySplit: header.number, showGridLines: false }];
    ws.autoFilter = { from: { row: header.number, column: 1 }, to: { row: header.number + rows.length, column: columns } };
    ws.headerFooter.oddFooter = `&L${footerText(meta)}&RSeite &P von &N`;
    ws.pageSetup = { paperSize: 9, orientation: columns > 5 ? 'landscape' : 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0 };
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
