// Sheets as tables a reader understands: each cell in its own column (an empty cell no longer
// shifts the ones after it to the left) and each number as the workbook shows it (cell-format.ts).
// officeparser reads an .xlsx's cells with their row and column but only their stored values; the
// number formats, the cell types and the date system are read here from the same package.
import { packageParts, relationshipTargets } from './office-package.ts';
import { decodeXml } from '../../platform/xml-text.ts';
import { booleanText, builtInFormat, formatCell } from './cell-format.ts';

/** One stored cell: its 0-based row and column, and its value as the workbook shows it. */
export interface SheetCell {
  row: number;
  col: number;
  text: string;
}

/**
 * The cells as rows of a table: placed by column, rows in order, columns that are empty in every
 * row dropped (a sheet that starts in column C has no two empty columns in front).
 */
export function sheetGrid(cells: SheetCell[]): string[][] {
  const rows = new Map<number, Map<number, string>>();
  const used = new Set<number>();
  for (const cell of cells) {
    if (cell.text.trim() === '') continue;
    let row = rows.get(cell.row);
    if (!row) rows.set(cell.row, (row = new Map<number, string>()));
    row.set(cell.col, cell.text);
    used.add(cell.col);
  }
  const columns = [...used].sort((a, b) => a - b);
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => columns.map((c) => row.get(c) ?? ''));
}

const attr = (attrs: string, name: string) => new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attrs)?.[1];

/** A cell's type (`t`) and format code where it has a number format; by "row:col". */
type CellFormats = Map<string, { type: string; format: string }>;

/** What a sheet hides: rows by 0-based index, columns as 0-based inclusive ranges (`<col min max>`). */
export interface HiddenCells {
  rows: Set<number>;
  columns: [number, number][];
}

export interface XlsxFormats {
  date1904: boolean;
  /** By sheet name. */
  sheets: Map<string, CellFormats>;
  /** The sheets hidden in Excel (`state="hidden"` or `"veryHidden"`), by name. */
  hiddenSheets: Set<string>;
  /** The rows and columns hidden in Excel, by sheet name. */
  hidden: Map<string, HiddenCells>;
}

/** Whether the cell at 0-based `row`, `col` is in a row or column its sheet hides. */
export const isHiddenCell = (hidden: HiddenCells | undefined, row: number, col: number) =>
  hidden !== undefined && (hidden.rows.has(row) || hidden.columns.some(([from, to]) => col >= from && col <= to));

/** Column letters (A, Z, AA) as a 0-based index. */
function columnIndex(letters: string): number {
  let n = 0;
  for (const c of letters) n = n * 26 + (c.charCodeAt(0) - 64);
  return n - 1;
}

/**
 * The number formats and types of an .xlsx's cells. Called after officeparser has read the same
 * package within its decompression limits, so these few parts are known to unpack safely.
 */
export function xlsxFormats(data: Uint8Array): XlsxFormats {
  const { text } = packageParts(data, (name) => /^xl\/(styles\.xml|workbook\.xml|_rels\/workbook\.xml\.rels|worksheets\/[^/]+\.xml)$/.test(name));
  const styles = text('xl/styles.xml');
  const custom = new Map<number, string>();
  for (const m of styles.matchAll(/<(?:\w+:)?numFmt\b([^>]*)\/?>/g)) {
    const id = attr(m[1]!, 'numFmtId');
    const code = attr(m[1]!, 'formatCode');
    if (id !== undefined && code !== undefined) custom.set(Number(id), decodeXml(code));
  }
  const xfs = /<(?:\w+:)?cellXfs\b[^>]*>([\s\S]*?)<\/(?:\w+:)?cellXfs>/.exec(styles)?.[1] ?? '';
  const formatOfXf = [...xfs.matchAll(/<(?:\w+:)?xf\b([^>]*?)\/?>/g)].map((m) => {
    const id = Number(attr(m[1]!, 'numFmtId') ?? 0);
    return custom.get(id) ?? builtInFormat(id);
  });

  const workbook = text('xl/workbook.xml');
  const date1904 = /<(?:\w+:)?workbookPr\b[^>]*\sdate1904="(1|true)"/.test(workbook);
  const targets = relationshipTargets(text('xl/_rels/workbook.xml.rels'), 'xl');
  const sheets = new Map<string, CellFormats>();
  const hiddenSheets = new Set<string>();
  const hidden = new Map<string, HiddenCells>();
  for (const m of workbook.matchAll(/<(?:\w+:)?sheet\b([^>]*)\/?>/g)) {
    const name = attr(m[1]!, 'name');
    if (name !== undefined && /^(hidden|veryHidden)$/.test(attr(m[1]!, 'state') ?? '')) hiddenSheets.add(decodeXml(name));
    const rid = /(?:^|\s)(?:\w+:)?id="([^"]*)"/.exec(m[1]!)?.[1];
    const path = rid ? targets.get(rid) : undefined;
    const sheetXml = path ? text(path) : '';
    if (name === undefined || sheetXml === '') continue;
    hidden.set(decodeXml(name), hiddenCellsOf(sheetXml));
    const cells: CellFormats = new Map();
    for (const c of sheetXml.matchAll(/<(?:\w+:)?c\b([^>]*?)\/?>/g)) {
      const ref = /(?:^|\s)r="([A-Z]+)(\d+)"/.exec(c[1]!);
      if (!ref) continue;
      const type = attr(c[1]!, 't') ?? 'n';
      const xf = attr(c[1]!, 's');
      if (type === 'n' || type === 'b')
        cells.set(`${Number(ref[2]) - 1}:${columnIndex(ref[1]!)}`, { type, format: xf === undefined ? 'General' : (formatOfXf[Number(xf)] ?? 'General') });
    }
    sheets.set(decodeXml(name), cells);
  }
  return { date1904, sheets, hiddenSheets, hidden };
}

const isTrue = (value: string | undefined) => value === '1' || value === 'true';

/** The rows (`<row r hidden>`) and columns (`<col min max hidden>`) a worksheet hides. */
function hiddenCellsOf(sheetXml: string): HiddenCells {
  const rows = new Set<number>();
  for (const m of sheetXml.matchAll(/<(?:\w+:)?row\b([^>]*?)\/?>/g)) {
    const r = Number(attr(m[1]!, 'r'));
    if (Number.isInteger(r) && r > 0 && isTrue(attr(m[1]!, 'hidden'))) rows.add(r - 1);
  }
  const columns: [number, number][] = [];
  for (const m of sheetXml.matchAll(/<(?:\w+:)?col\b([^>]*?)\/?>/g)) {
    const min = Number(attr(m[1]!, 'min'));
    const max = Number(attr(m[1]!, 'max'));
    if (Number.isInteger(min) && Number.isInteger(max) && isTrue(attr(m[1]!, 'hidden'))) columns.push([min - 1, max - 1]);
  }
  return { rows, columns };
}

const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A cell's stored text as the workbook shows it: numbers under their format, booleans in German. */
export function shownXlsxCell(text: string, formats: CellFormats | undefined, row: number, col: number, date1904: boolean): string {
  const cell = formats?.get(`${row}:${col}`);
  if (cell?.type === 'b') return text === 'TRUE' || text === '1' ? booleanText(true) : text === 'FALSE' || text === '0' ? booleanText(false) : text;
  // Only a numeric cell: a text cell keeps its text (a postcode «01067» is not the number 1067).
  if (!cell || !NUMBER.test(text.trim())) return text;
  return formatCell(Number(text), cell.format, date1904);
}

/** Excel's named number formats of XML Spreadsheet 2003, as a German Excel shows them. */
const NAMED_FORMATS: Record<string, string> = {
  'general': 'General',
  'general number': 'General',
  'general date': 'dd.mm.yyyy hh:mm',
  'short date': 'dd.mm.yyyy',
  'medium date': 'dd. mmm yy',
  'long date': 'dddd, d. mmmm yyyy',
  'short time': 'hh:mm',
  'medium time': 'hh:mm',
  'long time': 'hh:mm:ss',
  'fixed': '0.00',
  'standard': '#,##0.00',
  'percent': '0.00%',
  'currency': '#,##0.00 "€"',
  'euro currency': '#,##0.00 "€"',
};

/** Whether a text is an «XML Spreadsheet 2003» workbook (what many systems export «for Excel»). */
export const isSpreadsheetMl = (text: string): boolean =>
  /<(?:\w+:)?Workbook\b/.test(text.slice(0, 4096)) && text.slice(0, 4096).includes('urn:schemas-microsoft-com:office:spreadsheet');

const stripTags = (s: string) => decodeXml(s.replace(/<[^>]*>/g, ''));

/**
 * The worksheets of an XML Spreadsheet 2003 file as cell grids: cells placed by their `ss:Index`
 * (rows too), numbers and dates under their style's number format, booleans in German.
 */
export function spreadsheetMlSheets(text: string): { name: string; cells: SheetCell[] }[] {
  const formats = new Map<string, string>();
  for (const m of text.matchAll(/<(?:\w+:)?Style\b([^>]*)>([\s\S]*?)<\/(?:\w+:)?Style>/g)) {
    const id = attr(m[1]!, 'ss:ID');
    const format = /<(?:\w+:)?NumberFormat\b[^>]*\sss:Format="([^"]*)"/.exec(m[2]!)?.[1];
    if (id && format !== undefined) {
      const code = decodeXml(format);
      formats.set(id, NAMED_FORMATS[code.toLowerCase()] ?? code);
    }
  }
  const sheets: { name: string; cells: SheetCell[] }[] = [];
  for (const sheet of text.matchAll(/<(?:\w+:)?Worksheet\b([^>]*)>([\s\S]*?)<\/(?:\w+:)?Worksheet>/g)) {
    // What the sheet hides is not read, as in an .xlsx: the sheet (WorksheetOptions' Visible),
    // rows and columns (ss:Hidden; a column's ss:Span covers that many more).
    if (/<(?:\w+:)?Visible>\s*Sheet(Very)?Hidden\s*</.test(sheet[2]!)) continue;
    const hidden: HiddenCells = { rows: new Set(), columns: [] };
    let column = -1;
    for (const c of sheet[2]!.matchAll(/<(?:\w+:)?Column\b([^>]*?)\/?>/g)) {
      const index = attr(c[1]!, 'ss:Index');
      const first = index ? Number(index) - 1 : column + 1;
      column = first + Number(attr(c[1]!, 'ss:Span') ?? 0);
      if (isTrue(attr(c[1]!, 'ss:Hidden'))) hidden.columns.push([first, column]);
    }
    const cells: SheetCell[] = [];
    let row = -1;
    for (const r of sheet[2]!.matchAll(/<(?:\w+:)?Row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?Row>)/g)) {
      const rowIndex = attr(r[1]!, 'ss:Index');
      row = rowIndex ? Number(rowIndex) - 1 : row + 1;
      // A row's ss:Span repeats it: the next row without an index comes after the repeats.
      const rowSpan = Number(attr(r[1]!, 'ss:Span') ?? 0);
      if (isTrue(attr(r[1]!, 'ss:Hidden'))) for (let k = 0; k <= rowSpan; k++) hidden.rows.add(row + k);
      let col = -1;
      for (const c of (r[2] ?? '').matchAll(/<(?:\w+:)?Cell\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?Cell>)/g)) {
        const index = attr(c[1]!, 'ss:Index');
        col = index ? Number(index) - 1 : col + 1;
        const data = /<(?:\w+:)?Data\b([^>]*)>([\s\S]*?)<\/(?:\w+:)?Data>/.exec(c[2] ?? '');
        if (data) {
          const type = attr(data[1]!, 'ss:Type') ?? 'String';
          const raw = stripTags(data[2]!).trim();
          const format = formats.get(attr(c[1]!, 'ss:StyleID') ?? '') ?? 'General';
          let shown = raw;
          if (type === 'Number' && raw !== '' && Number.isFinite(Number(raw))) shown = formatCell(Number(raw), format);
          else if (type === 'Boolean') shown = booleanText(raw === '1');
          else if (type === 'DateTime') {
            const ms = Date.parse(`${raw.replace(/Z$/, '')}Z`);
            if (Number.isFinite(ms)) {
              const serial = ms / 86_400_000 + 25569;
              const code = format === 'General' ? (serial % 1 === 0 ? 'dd.mm.yyyy' : 'dd.mm.yyyy hh:mm') : format;
              shown = formatCell(serial, code);
            }
          }
          cells.push({ row, col, text: shown });
        }
        // A cell merged over columns takes their places.
        col += Number(attr(c[1]!, 'ss:MergeAcross') ?? 0);
      }
      row += rowSpan;
    }
    sheets.push({ name: decodeXml(attr(sheet[1]!, 'ss:Name') ?? String(sheets.length + 1)), cells: cells.filter((c) => !isHiddenCell(hidden, c.row, c.col)) });
  }
  return sheets;
}
