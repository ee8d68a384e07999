import { unzipSync, strFromU8 } from 'fflate';
import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// Tables read back from generated documents the way their readers see them: the XML of a Word
// table (w:tbl) or a PowerPoint table (a:tbl), the cells of an Excel sheet through exceljs (the
// library that wrote it), and a PDF's text as positioned on the page (pdfjs, as a viewer draws it).

const decode = (xml: string) =>
  xml.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

const all = (xml: string, re: RegExp) => [...xml.matchAll(re)].map((m) => m[0]);
const texts = (xml: string, tag: 'w:t' | 'a:t') =>
  [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((m) => decode(m[1]!)).join('');

export interface XmlTable {
  /** The first row is marked as a header row (w:tblHeader: repeated on every page). */
  headerRow: boolean;
  rows: string[][];
}

/** Every w:tbl of a .docx's body: its rows' cell texts, and whether the first row is a header row. */
export function docxTables(data: Buffer): XmlTable[] {
  const xml = strFromU8(unzipSync(new Uint8Array(data))['word/document.xml']!);
  return all(xml, /<w:tbl>[\s\S]*?<\/w:tbl>/g).map((tbl) => {
    const rows = all(tbl, /<w:tr[ >][\s\S]*?<\/w:tr>/g);
    return { headerRow: /<w:tblHeader\/>/.test(rows[0] ?? ''), rows: rows.map((tr) => all(tr, /<w:tc>[\s\S]*?<\/w:tc>/g).map((tc) => texts(tc, 'w:t'))) };
  });
}

/** The text of a .docx's body outside its tables (paragraphs, headings). */
export function docxTextOutsideTables(data: Buffer): string {
  const xml = strFromU8(unzipSync(new Uint8Array(data))['word/document.xml']!);
  return all(xml.replace(/<w:tbl>[\s\S]*?<\/w:tbl>/g, ''), /<w:p[ >][\s\S]*?<\/w:p>/g)
    .map((p) => texts(p, 'w:t'))
    .join('\n');
}

/** Every a:tbl of a .pptx, slide by slide (slide numbers from 1). */
export function pptxTables(data: Buffer): { slide: number; rows: string[][] }[] {
  const files = unzipSync(new Uint8Array(data));
  const slides = Object.keys(files)
    .map((name) => /^ppt\/slides\/slide(\d+)\.xml$/.exec(name))
    .filter((m): m is RegExpExecArray => m !== null)
    .sort((a, b) => Number(a[1]) - Number(b[1]));
  return slides.flatMap((m) =>
    all(strFromU8(files[m[0]]!), /<a:tbl>[\s\S]*?<\/a:tbl>/g).map((tbl) => ({
      slide: Number(m[1]),
      rows: all(tbl, /<a:tr[ >][\s\S]*?<\/a:tr>/g).map((tr) => all(tr, /<a:tc[ >][\s\S]*?<\/a:tc>/g).map((tc) => texts(tc, 'a:t'))),
    })),
  );
}

/** All text of a .pptx's slides (to check that no pipe table survived as text). */
export function pptxText(data: Buffer): string {
  const files = unzipSync(new Uint8Array(data));
  return Object.keys(files)
    .filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
    .map((name) => texts(strFromU8(files[name]!), 'a:t'))
    .join('\n');
}

/** An .xlsx as exceljs reads it. */
export async function readWorkbook(data: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  return wb;
}

export interface PdfLine {
  page: number;
  /** Baseline from the top of the page, in points. */
  y: number;
  cells: { text: string; x: number; right: number }[];
}

/** A PDF's text as lines: the pieces of text sharing a baseline, left to right, with their positions. */
export async function pdfLines(data: Buffer): Promise<PdfLine[]> {
  const doc = await getDocument({ data: new Uint8Array(data), useSystemFonts: false }).promise;
  const lines: PdfLine[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const height = page.getViewport({ scale: 1 }).height;
    const byY = new Map<number, PdfLine['cells']>();
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const y = Math.round(height - item.transform[5]!);
      const x = item.transform[4]!;
      const cells = byY.get(y) ?? [];
      cells.push({ text: item.str.trim(), x, right: x + item.width });
      byY.set(y, cells);
    }
    for (const [y, cells] of [...byY.entries()].sort((a, b) => a[0] - b[0])) lines.push({ page: p, y, cells: cells.sort((a, b) => a.x - b.x) });
  }
  return lines;
}
