// Text out of a stored file, kept in its structure: sections per page, slide or sheet; headings;
// tables as Markdown tables. One maintained parser (officeparser) for PDF, Office, OpenDocument,
// RTF and HTML; Office 97–2003 by legacy-office.ts; mails and their attachments by mail.ts;
// scanned PDF pages and pictures of documents by text recognition (ocr.ts); plain text, Markdown
// and code are read as they are.
import type { OfficeContentNode } from 'officeparser';
import { KNOWLEDGE_MESSAGES } from '../../../shared/messages.ts';
import { asBuffer } from '../../platform/file-content.ts';
import { checkedFormat, decodeText, formatOf, ZIP_LIMITS } from './file-check.ts';
import { MAIL_DEPTH, mailSections, readEml, readMsg, type Mail } from './mail.ts';
import { appendAll, maxOf } from '../../../shared/arrays.ts';
import { readDoc, readPpt, readXls } from './legacy-office.ts';
import {
  MAX_OCR_PAGES,
  recognizeEmbeddedPicture,
  recognizeImageFile,
  recognizePdfPages,
  SCANNED_PAGE_TEXT,
  type RecognizedPage,
} from './ocr.ts';
import { isChartPart, isOdfObjectPart, MAX_CHART_PART_BYTES, odfCharts, packageCharts, type Chart } from './charts.ts';
import { packageParts } from './office-package.ts';
import { hiddenSlideNumbers, isSlidePart, withoutHiddenShapes } from './slides.ts';
import { withoutHiddenText } from './word-hidden.ts';
import { pdfFormFields, placeFields, type FormField } from './pdf-forms.ts';
import { withoutHiddenOdf } from './odf-hidden.ts';
import { withoutHiddenRtf } from './rtf-hidden.ts';
import { isHiddenCell, sheetGrid, shownXlsxCell, spreadsheetMlSheets, xlsxFormats, type SheetCell, type XlsxFormats } from './spreadsheet.ts';

export interface Block {
  kind: 'heading' | 'text' | 'table';
  text: string;
}

export interface Section {
  /** "Seite 3", "Folie 2", "Blatt Preise" or "" (a document without pages). */
  location: string;
  blocks: Block[];
}

/**
 * How files are read: raised when a change to the reading changes what some formats' passages
 * hold, with those formats in READING_CHANGES. A ready file read by an older reading, of a format
 * that changed since, is read again in the background (knowledge.jobs.ts, rereadFiles).
 */
export const FILE_READING = 3;

/** The file extensions whose reading changed with each reading (the first is 1). */
export const READING_CHANGES: Record<number, readonly string[]> = {
  // Footnotes, endnotes and speaker notes; charts; what a workbook hides is no longer read.
  2: ['docx', 'docm', 'dotx', 'dotm', 'pptx', 'pptm', 'potx', 'potm', 'ppsx', 'ppsm', 'odt', 'odp', 'rtf', 'xlsx', 'xlsm', 'xltx', 'xltm', 'xls', 'xlt', 'xml'],
  // What files hide is no longer read: Word's hidden text and hidden text boxes, a slide's hidden
  // shapes, what OpenDocument files hide (sheets, rows, columns, slides, shapes, text, sections),
  // Word 97's hidden and deleted text, PowerPoint 97's hidden slides and shapes, RTF's hidden text,
  // what an HTML file hides. What they show now is: Word 97's footnotes and endnotes, PowerPoint
  // 97's speaker notes, the charts of .odt and .odp files. (A filled PDF form's values are read too,
  // but PDFs are not read again for them: every scan's text recognition would be repeated.)
  3: ['docx', 'docm', 'dotx', 'dotm', 'pptx', 'pptm', 'potx', 'potm', 'ppsx', 'ppsm', 'odt', 'ods', 'odp', 'doc', 'dot', 'ppt', 'pot', 'pps', 'rtf', 'html', 'htm'],
};

/** Ingestion failed for a reason the user can act on; `message` is German. */
export class ExtractionError extends Error {}

/** An uploaded HTML file as a browser shows it (website-extract.ts imports this module: loaded when first needed, not in a cycle at start). */
async function visibleHtmlFile(data: Buffer): Promise<Uint8Array | undefined> {
  return (await import('./website-extract.ts')).visibleHtml(data);
}

/** Each format's reader of what it hides, the file without it (undefined: it hides nothing). */
const HIDING: Record<string, ((data: Buffer) => Uint8Array | undefined | Promise<Uint8Array | undefined>) | undefined> = {
  docx: withoutHiddenText,
  pptx: withoutHiddenShapes,
  odt: withoutHiddenOdf,
  ods: withoutHiddenOdf,
  odp: withoutHiddenOdf,
  rtf: withoutHiddenRtf,
  html: visibleHtmlFile,
  htm: visibleHtmlFile,
};
const PARSED = new Set(['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'rtf', 'html', 'htm']);

export async function extractSections(
  data: Buffer,
  extension: string,
  signal?: AbortSignal,
): Promise<Section[]> {
  // What the file holds, not only its name (a renamed .doc, an .xls a system exported as HTML).
  const sections = await readFormat(data, formatOf(extension, data), signal, 0);
  const withText = sections
    .map((s) => ({ ...s, blocks: s.blocks.filter((b) => b.text.trim() !== '') }))
    .filter((s) => s.blocks.length > 0);
  if (withText.length === 0) throw new ExtractionError(KNOWLEDGE_MESSAGES.errorNoText);
  return withText;
}

/** A file's sections in the format it holds (formatOf); `depth` counts the mails it is attached to. */
async function readFormat(data: Buffer, format: string, signal: AbortSignal | undefined, depth: number): Promise<Section[]> {
  if (format === 'doc') return readDoc(data);
  if (format === 'xls') return readXls(data);
  if (format === 'ppt') return readPpt(data);
  if (format === 'xml-spreadsheet') return spreadsheetMl(data);
  if (format === 'eml' || format === 'msg') return readMail(data, format, signal, depth);
  if (format === 'pdf') return readPdf(data, signal);
  if (format === 'image') return readImage(data, signal);
  // What Word, PowerPoint, OpenDocument, RTF and HTML files hide is not read (word-hidden.ts,
  // slides.ts, odf-hidden.ts, rtf-hidden.ts, website-extract.ts).
  const shown = await HIDING[format]?.(data);
  if (shown) data = asBuffer(shown);
  if (PICTURED.has(format)) return readPictured(data, format, signal);
  if (PARSED.has(format)) return parseOffice(data, format, signal);
  return parsePlain(data, format);
}

/** A saved mail (.eml, .msg) and the attachments Mika can read, nested mails up to MAIL_DEPTH deep. */
async function readMail(data: Buffer, format: 'eml' | 'msg', signal: AbortSignal | undefined, depth: number): Promise<Section[]> {
  let mail: Mail;
  try {
    mail = format === 'eml' ? await readEml(data) : await readMsg(data);
  } catch {
    throw new ExtractionError(KNOWLEDGE_MESSAGES.errorUnreadable);
  }
  return mailParts(mail, signal, depth);
}

const MAIL_FORMATS = new Set(['eml', 'msg']);

function mailParts(mail: Mail, signal: AbortSignal | undefined, depth: number): Promise<Section[]> {
  const read = (bytes: Uint8Array, format: string) => readFormat(asBuffer(bytes), format, signal, depth);
  return mailSections(mail, read, async (attachment) => {
    if (MAIL_FORMATS.has(attachment.extension) && depth + 1 >= MAIL_DEPTH) return null;
    // An Outlook message attached inside a .msg comes read already.
    if (attachment.mail) return mailParts(attachment.mail, signal, depth + 1);
    const bytes = asBuffer(attachment.data);
    try {
      // The checks an upload of the file would pass (content as its name says, Office zips capped).
      return await readFormat(bytes, checkedFormat(attachment.extension, bytes), signal, depth + 1);
    } catch (err) {
      if (signal?.aborted) throw err;
      return null;
    }
  });
}

/** Recognized paragraphs as text blocks. */
const textBlocks = (paragraphs: string[]): Block[] => paragraphs.map((text) => ({ kind: 'text', text }));

const textLength = (s: Section) => s.blocks.reduce((n, b) => n + b.text.trim().length, 0);

/** Documents and slides that may be pictures of writing: a scan pasted into Word, a slide that is a photo. */
const PICTURED = new Set(['docx', 'odt', 'pptx', 'odp']);

/**
 * A Word or OpenDocument file, or a presentation, whose writing may be in pictures: a document with
 * (almost) no text of its own, or each such slide, has its pictures read by text recognition (at most
 * MAX_OCR_PAGES pictures a file). A document with text keeps its pictures unread (a logo, a chart).
 */
async function readPictured(data: Buffer, format: string, signal: AbortSignal | undefined): Promise<Section[]> {
  const sections = await parseOffice(data, format, signal);
  const slides = sections.some((s) => s.location !== '');
  const total = sections.reduce((n, s) => n + textLength(s), 0);
  const needy = (s: Section) => (slides ? textLength(s) < SCANNED_PAGE_TEXT : total < SCANNED_PAGE_TEXT);
  if (!sections.some(needy)) return sections;
  const pictures = new Map<Section, Buffer[]>();
  let again: Section[];
  try {
    again = await parseOffice(data, format, signal, { pictures });
  } catch (err) {
    if (signal?.aborted) throw err;
    return sections;
  }
  // The same file read by the same parser: its sections come in the same order.
  if (again.length !== sections.length) return sections;
  const wanted = sections.flatMap((section, i) => (needy(section) ? (pictures.get(again[i]!) ?? []).map((picture) => ({ section, picture })) : []));
  for (const { section, picture } of wanted.slice(0, MAX_OCR_PAGES)) {
    appendAll(section.blocks, textBlocks(await recognizeEmbeddedPicture(picture, signal)));
  }
  return sections;
}

/** A PDF's text; the pages that hold (almost) none of their own are scans, whose pictures are read. */
async function readPdf(data: Buffer, signal: AbortSignal | undefined): Promise<Section[]> {
  const pages = new Map<number, Section>();
  // A filled form's values, beside their labels (pdf-forms.ts).
  const fields = new Map<number, FormField[]>();
  for (const field of await pdfFormFields(data, signal)) fields.set(field.page, [...(fields.get(field.page) ?? []), field]);
  const sections = await parseOffice(data, 'pdf', signal, { pages, fields });
  const scanned = [...pages].filter(([, s]) => textLength(s) < SCANNED_PAGE_TEXT).map(([n]) => n);
  if (scanned.length === 0) return sections;
  let recognized: RecognizedPage[];
  try {
    recognized = await recognizePdfPages(data, scanned, signal);
  } catch (err) {
    if (signal?.aborted) throw err;
    // The text layer read before stands; a scan that cannot be recognized leaves it as it was.
    return sections;
  }
  for (const page of recognized) appendAll(pages.get(page.page)!.blocks, textBlocks(page.paragraphs));
  return sections;
}

/** A picture of a document (a photo, a scan saved as JPEG or TIFF): its recognized text, page by page. */
async function readImage(data: Buffer, signal: AbortSignal | undefined): Promise<Section[]> {
  let recognized: RecognizedPage[];
  try {
    recognized = await recognizeImageFile(data, signal);
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ExtractionError(KNOWLEDGE_MESSAGES.errorUnreadable);
  }
  const paged = recognized.length > 1;
  return recognized.map((page) => ({ location: paged ? KNOWLEDGE_MESSAGES.page(page.page) : '', blocks: textBlocks(page.paragraphs) }));
}

interface ParseOptions {
  /** A PDF's page sections by their number. */
  pages?: Map<number, Section>;
  /** Asked for: the pictures of each section, in their order (the file is read with its pictures). */
  pictures?: Map<Section, Buffer[]>;
  /** A PDF form's filled fields by page, put beside their labels. */
  fields?: Map<number, FormField[]>;
}

/** Parsed by officeparser into sections (see ParseOptions for what else it can hand back). */
async function parseOffice(data: Buffer, extension: string, signal?: AbortSignal, options: ParseOptions = {}): Promise<Section[]> {
  const { pages, pictures, fields } = options;
  let content: OfficeContentNode[];
  let attachments = new Map<string, string>();
  try {
    // Loaded on first use (start-up time).
    const { OfficeParser } = await import('officeparser');
    const ast = await OfficeParser.parseOffice(data, {
      fileType: (extension === 'htm' ? 'html' : extension) as never,
      ocr: false,
      extractAttachments: pictures !== undefined,
      abortSignal: signal ?? null,
      decompressionLimits: {
        maxUncompressedBytes: ZIP_LIMITS.maxUnpackedBytes,
        maxZipEntries: ZIP_LIMITS.maxEntries,
      },
    });
    content = ast.content;
    if (pictures) attachments = new Map((ast.attachments ?? []).flatMap((a) => (typeof a.data === 'string' ? [[a.name, a.data]] : [])));
  } catch (err) {
    if (signal?.aborted) throw err;
    const code = String((err as { officeIssue?: { code?: string } }).officeIssue?.code ?? '');
    if (/PASSWORD|DECRYPTION/.test(code)) throw new ExtractionError(KNOWLEDGE_MESSAGES.errorEncrypted);
    if (/LIMIT_EXCEEDED/.test(code)) throw new ExtractionError(KNOWLEDGE_MESSAGES.errorTooLargeUnpacked);
    throw new ExtractionError(KNOWLEDGE_MESSAGES.errorUnreadable);
  }
  const sections: Section[] = [];
  let loose: Section | undefined;
  const formats = extension === 'xlsx' ? xlsxFormatsOrNone(data) : undefined;
  const { charts, hiddenSlides } =
    extension === 'pptx' || extension === 'docx'
      ? presentationParts(data, extension, content.some(holdsChart))
      : (extension === 'odt' || extension === 'odp') && content.some(holdsOdfObject)
        ? { charts: odfChartsOrNone(data) }
        : {};
  // A picture node's bytes, kept for its section when asked for.
  const pictureOf = (section: Section) => (name: string) => {
    const bytes = attachments.get(name);
    if (!pictures || !bytes) return;
    const list = pictures.get(section) ?? [];
    list.push(Buffer.from(bytes, 'base64'));
    pictures.set(section, list);
  };
  for (const node of content) {
    // A sheet hidden in Excel is not read: what a workbook hides (purchase prices, internal
    // calculations) must not reach a Mika its owner publishes.
    if (node.type === 'sheet' && formats?.hiddenSheets.has((node.metadata as { sheetName?: string } | undefined)?.sheetName ?? '')) continue;
    // …and so is a slide hidden in PowerPoint (slides.ts).
    if (node.type === 'slide' && hiddenSlides?.has((node.metadata as { slideNumber?: number } | undefined)?.slideNumber ?? 0)) continue;
    const location = locationOf(node);
    if (node.type === 'page' && fields) placeFields(node, fields.get((node.metadata as { pageNumber?: number } | undefined)?.pageNumber ?? 0) ?? []);
    if (location !== null) {
      loose = undefined;
      const section: Section = { location, blocks: [] };
      // A sheet is one table; pages and slides hold paragraphs, headings and tables.
      if (node.type === 'sheet') section.blocks.push({ kind: 'table', text: sheetMarkdown(node, formats) });
      else for (const child of node.children ?? []) collectBlocks(child, section.blocks, pictureOf(section), charts);
      // A slide's speaker notes, after what the slide shows.
      appendAll(section.blocks, noteBlocks(node.notes));
      sections.push(section);
      if (node.type === 'page') pages?.set((node.metadata as { pageNumber?: number } | undefined)?.pageNumber ?? sections.length, section);
    } else {
      if (!loose) sections.push((loose = { location: '', blocks: [] }));
      collectBlocks(node, loose.blocks, pictureOf(loose), charts);
    }
  }
  return sections;
}

function locationOf(node: OfficeContentNode): string | null {
  const meta = (node.metadata ?? {}) as { pageNumber?: number; slideNumber?: number; sheetName?: string };
  if (node.type === 'page') return KNOWLEDGE_MESSAGES.page(meta.pageNumber ?? 1);
  if (node.type === 'slide') return KNOWLEDGE_MESSAGES.slide(meta.slideNumber ?? 1);
  if (node.type === 'sheet') return KNOWLEDGE_MESSAGES.sheet(meta.sheetName ?? '1');
  return null;
}

const textOf = (node: OfficeContentNode): string =>
  (node.text ?? (node.children ?? []).map(textOf).join(node.type === 'list' ? '\n' : ' '))
    .replace(/[ \t]+/g, ' ')
    .trim();

/** The attachment names of the pictures in a node and below it, in document order. */
function picturesIn(node: OfficeContentNode, onPicture: (attachmentName: string) => void) {
  const name = node.type === 'image' ? (node.metadata as { attachmentName?: string } | undefined)?.attachmentName : undefined;
  if (name) onPicture(name);
  for (const child of node.children ?? []) picturesIn(child, onPicture);
}

/** The notes attached to a node and to the nodes within it (a footnote hangs on the run that points to it). */
function notesWithin(node: OfficeContentNode, out: OfficeContentNode[] = []): OfficeContentNode[] {
  if (node.notes) appendAll(out, node.notes);
  for (const child of node.children ?? []) notesWithin(child, out);
  return out;
}

/**
 * Footnotes, endnotes and a slide's speaker notes as text blocks, named as what they are. Without
 * them a price's condition in its footnote, or what a presenter says about a slide, was never
 * found. (Review comments are not read: remarks such as «mit dem Chef klären» are no knowledge.)
 */
function noteBlocks(notes: OfficeContentNode[] | undefined): Block[] {
  return (notes ?? []).flatMap((note): Block[] => {
    const meta = (note.metadata ?? {}) as { noteType?: string; slideNumber?: number };
    // A notes page's slide number field reads as a paragraph of its own.
    const parts = (note.children?.length ? note.children : [note]).map(textOf).filter((t) => t !== '' && t !== String(meta.slideNumber));
    const text = parts.join('\n');
    if (text === '') return [];
    if (meta.noteType === 'footnote') return [{ kind: 'text', text: KNOWLEDGE_MESSAGES.footnote(text) }];
    if (meta.noteType === 'endnote') return [{ kind: 'text', text: KNOWLEDGE_MESSAGES.endnote(text) }];
    return [{ kind: 'text', text: KNOWLEDGE_MESSAGES.speakerNotes(text) }];
  });
}

const holdsChart = (node: OfficeContentNode): boolean => node.type === 'chart' || (node.children ?? []).some(holdsChart);
/** An OpenDocument embedded object («Object 1»), which officeparser reads as its replacement picture (a chart, say). */
const objectName = (node: OfficeContentNode): string | undefined => {
  const name = (node.metadata as { attachmentName?: string } | undefined)?.attachmentName;
  return node.type === 'image' && name && /^Object \d+$/.test(name) ? name : undefined;
};
const holdsOdfObject = (node: OfficeContentNode): boolean => objectName(node) !== undefined || (node.children ?? []).some(holdsOdfObject);

/** An OpenDocument file's charts (charts.ts), none when its package cannot be read for them. */
function odfChartsOrNone(data: Buffer): Map<string, Chart> | undefined {
  try {
    return odfCharts(packageParts(data, isOdfObjectPart, MAX_CHART_PART_BYTES));
  } catch {
    return undefined;
  }
}

/**
 * What our own readers take from a .pptx's or .docx's package beside officeparser, unpacked in one
 * pass: its charts' data (charts.ts, when it has charts) and a deck's hidden slides (slides.ts).
 * Neither when the package cannot be read for them: the rest of the file still is.
 */
function presentationParts(data: Buffer, extension: 'pptx' | 'docx', withCharts: boolean): { charts?: Map<string, Chart>; hiddenSlides?: Set<number> } {
  const slides = extension === 'pptx';
  if (!withCharts && !slides) return {};
  try {
    const parts = packageParts(data, (name) => (withCharts && isChartPart(name)) || (slides && isSlidePart(name)), MAX_CHART_PART_BYTES);
    return { ...(withCharts ? { charts: packageCharts(parts) } : {}), ...(slides ? { hiddenSlides: hiddenSlideNumbers(parts) } : {}) };
  } catch {
    return {};
  }
}

/** A chart's title line and its data as a table, when its part could be read. */
function chartBlocks(node: OfficeContentNode, charts: Map<string, Chart> | undefined): Block[] {
  const chart = charts?.get((node.metadata as { attachmentName?: string } | undefined)?.attachmentName ?? '');
  const table = chart ? markdownTable(chart.grid) : '';
  return chart && table ? [{ kind: 'text', text: KNOWLEDGE_MESSAGES.chart(chart.title) }, { kind: 'table', text: table }] : [];
}

/**
 * A node's blocks into `out`; each picture's attachment name (also one inside a paragraph or
 * table) to `onPicture`; a chart's data from `charts`.
 */
function collectBlocks(node: OfficeContentNode, out: Block[], onPicture?: (attachmentName: string) => void, charts?: Map<string, Chart>) {
  if (isChart(node, charts)) {
    appendAll(out, chartBlocks(node, charts));
    return;
  }
  if (LEFT_OUT.has(node.type)) return;
  collectOwnBlocks(node, out, onPicture, charts);
  if (!BLOCKS.has(node.type)) {
    appendAll(out, noteBlocks(node.notes));
    return;
  }
  // A block's charts (an OpenDocument chart anchored in a paragraph) and notes (hanging on its
  // runs) follow it; a container's children bring their own.
  appendAll(out, chartsWithin(node, charts).flatMap((chart) => chartBlocks(chart, charts)));
  appendAll(out, noteBlocks(notesWithin(node)));
}

/** A chart: officeparser's chart node, or an OpenDocument object read as a picture whose chart we read. */
const isChart = (node: OfficeContentNode, charts: Map<string, Chart> | undefined) =>
  node.type === 'chart' || (objectName(node) !== undefined && charts?.has(objectName(node)!) === true);

/** The charts within a block, in document order. */
const chartsWithin = (node: OfficeContentNode, charts: Map<string, Chart> | undefined): OfficeContentNode[] =>
  (node.children ?? []).flatMap((child) => (isChart(child, charts) ? [child] : chartsWithin(child, charts)));

/** The node types read as one block: their children are their text. */
const BLOCKS = new Set<string>(['heading', 'table', 'paragraph', 'text', 'note', 'code', 'cell', 'image']);
/** The node types not read, with all they hold. */
const LEFT_OUT = new Set<string>(['drawing', 'break', 'comment', 'header', 'footer', 'slideMaster']);

function collectOwnBlocks(node: OfficeContentNode, out: Block[], onPicture?: (attachmentName: string) => void, charts?: Map<string, Chart>) {
  switch (node.type) {
    case 'heading':
      out.push({ kind: 'heading', text: textOf(node) });
      break;
    case 'table':
      out.push({ kind: 'table', text: tableMarkdown(node.children ?? []) });
      break;
    case 'paragraph':
    case 'text':
    case 'note':
    case 'code':
    case 'cell':
      out.push({ kind: 'text', text: textOf(node) });
      break;
    case 'image':
      break;
    default:
      if (node.children?.length) for (const child of node.children) collectBlocks(child, out, onPicture, charts);
      else if (node.text) out.push({ kind: 'text', text: node.text.trim() });
      return;
  }
  if (onPicture) picturesIn(node, onPicture);
}

const cellText = (s: string) => s.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

/**
 * Rows of cell texts as a Markdown table (the first row is the header), so a 2×2 table stays one:
 * whitespace collapsed, pipes escaped, short rows filled, empty rows dropped. Shared by documents,
 * sheets, CSV files and web pages.
 */
export function markdownTable(grid: string[][]): string {
  const rows = grid.map((r) => r.map(cellText)).filter((r) => r.some((c) => c !== ''));
  if (rows.length === 0) return '';
  const width = maxOf(rows.map((r) => r.length), 0);
  const line = (cells: string[]) => `| ${[...cells, ...Array<string>(width - cells.length).fill('')].join(' | ')} |`;
  return [line(rows[0]!), line(Array<string>(width).fill('---')), ...rows.slice(1).map(line)].join('\n');
}

/** officeparser's .xlsx and .ods formats; none when the package cannot be read for them (raw values then). */
function xlsxFormatsOrNone(data: Buffer): XlsxFormats | undefined {
  try {
    return xlsxFormats(data);
  } catch {
    return undefined;
  }
}

/**
 * A sheet's cells placed by their row and column; an .xlsx's numbers as the workbook shows them,
 * without the rows and columns it hides (a price list's hidden purchase-price column).
 */
function sheetMarkdown(sheet: OfficeContentNode, formats: XlsxFormats | undefined): string {
  const name = (sheet.metadata as { sheetName?: string } | undefined)?.sheetName ?? '';
  const cellFormats = formats?.sheets.get(name);
  const hidden = formats?.hidden.get(name);
  const cells: SheetCell[] = [];
  let nextRow = 0;
  for (const row of sheet.children ?? []) {
    if (row.type !== 'row') continue;
    let nextCol = 0;
    for (const cell of row.children ?? []) {
      const at = (cell.metadata ?? {}) as { row?: number; col?: number };
      const r = at.row ?? nextRow;
      const c = at.col ?? nextCol;
      nextCol = c + 1;
      if (isHiddenCell(hidden, r, c)) continue;
      cells.push({ row: r, col: c, text: shownXlsxCell(textOf(cell), cellFormats, r, c, formats?.date1904 ?? false) });
    }
    nextRow++;
  }
  return markdownTable(sheetGrid(cells));
}

/** Widest span honoured: a `colspan="1000"` would only pad the table with empty columns. */
const MAX_SPAN = 50;

/** A table cell with the rows and columns it is merged over (1 when not merged). */
export interface SpannedCell {
  text: string;
  colSpan?: number;
  rowSpan?: number;
}

/**
 * Table rows as a grid with merged cells resolved, as a browser lays them out: a cell merged over
 * rows is repeated in each (so every row, cut into its own passage, still names it); a cell merged
 * over columns leaves the columns it covers empty. Before, a merged cell shifted every cell after
 * it into the wrong column. Shared by documents and web pages.
 */
export function spannedGrid(rows: SpannedCell[][]): string[][] {
  const grid: string[][] = [];
  rows.forEach((row, r) => {
    const line = (grid[r] ??= []);
    let col = 0;
    for (const cell of row) {
      while (line[col] !== undefined) col++;
      const colSpan = Math.min(Math.max(1, cell.colSpan ?? 1), MAX_SPAN);
      const rowSpan = Math.min(Math.max(1, cell.rowSpan ?? 1), rows.length - r);
      for (let dr = 0; dr < rowSpan; dr++) {
        const target = (grid[r + dr] ??= []);
        for (let dc = 0; dc < colSpan; dc++) target[col + dc] = dc === 0 ? cell.text : '';
      }
      col += colSpan;
    }
  });
  return grid.map((line) => Array.from(line, (c) => c ?? ''));
}

function tableMarkdown(rows: OfficeContentNode[]): string {
  const cells = rows
    .filter((r) => r.type === 'row')
    .map((r) =>
      (r.children ?? []).map((cell) => ({ text: textOf(cell), ...((cell.metadata ?? {}) as { colSpan?: number; rowSpan?: number }) })),
    );
  return markdownTable(spannedGrid(cells));
}

/** The delimiter of a CSV file: the one of ; , tab | found most often in its first line outside quotes. */
function csvDelimiter(text: string): string {
  const firstLine = (text.split(/\r?\n/, 1)[0] ?? '').replace(/"[^"]*"/g, '');
  let best = ';';
  let most = 0;
  for (const d of [';', ',', '\t', '|']) {
    const n = firstLine.split(d).length - 1;
    if (n > most) [best, most] = [d, n];
  }
  return best;
}

/** RFC 4180 rows: quoted fields may hold the delimiter, line breaks and doubled quotes. */
function csvRows(text: string): string[][] {
  const delimiter = csvDelimiter(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** An «XML Spreadsheet 2003» workbook: one table per worksheet, like an .xlsx. */
function spreadsheetMl(data: Buffer): Section[] {
  const text = decodeText(data);
  if (text === null) throw new ExtractionError(KNOWLEDGE_MESSAGES.errorUnreadable);
  return spreadsheetMlSheets(text).map((sheet) => ({
    location: KNOWLEDGE_MESSAGES.sheet(sheet.name),
    blocks: [{ kind: 'table', text: markdownTable(sheetGrid(sheet.cells)) }],
  }));
}

/** Text, Markdown, JSON, XML and code: paragraphs separated by blank lines; Markdown headings. CSV: one table. */
function parsePlain(data: Buffer, extension: string): Section[] {
  const text = decodeText(data);
  if (text === null) throw new ExtractionError(KNOWLEDGE_MESSAGES.errorUnreadable);
  // A CSV file is a table (German Excel writes ; and Windows-1252): cut by rows with its header
  // repeated, like a sheet, so each passage still says what its numbers are.
  if (extension === 'csv') return [{ location: '', blocks: [{ kind: 'table', text: markdownTable(csvRows(text)) }] }];
  const blocks: Block[] = [];
  const markdown = extension === 'md' || extension === 'markdown';
  // decodeText has dropped a byte order mark already.
  for (const para of text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)) {
    const heading = markdown ? /^#{1,6}\s+(.+)$/.exec(para.trim()) : null;
    if (heading && !para.trim().includes('\n')) blocks.push({ kind: 'heading', text: heading[1]!.trim() });
    else if (markdown && /^#{1,6}\s/.test(para.trim())) {
      const [first, ...rest] = para.trim().split('\n');
      blocks.push(
        { kind: 'heading', text: first!.replace(/^#{1,6}\s+/, '').trim() },
        { kind: 'text', text: rest.join('\n') },
      );
    } else blocks.push({ kind: 'text', text: para.trim() });
  }
  return [{ location: '', blocks }];
}
