// Word, Excel and PowerPoint 97–2003 (.doc, .xls, .ppt): the files German offices still keep by
// the thousand (old templates, price lists, forms, presentations). Read from their compound file
// ([MS-DOC], [MS-XLS], [MS-PPT]) into the same sections as every other format: a document's
// paragraphs, headings and tables; a workbook's sheets as tables with their numbers as Excel shows
// them (cell-format.ts); a presentation's slides with their titles as headings.
import { KNOWLEDGE_MESSAGES } from '../../../shared/messages.ts';
import { CompoundFileError, readCompoundFile, type CompoundFile } from '../../platform/compound-file.ts';
import { builtInFormat, booleanText, formatCell } from './cell-format.ts';
import { isHiddenCell, sheetGrid, type HiddenCells, type SheetCell } from './spreadsheet.ts';
import { windows1252 } from './file-check.ts';
import { appendAll } from '../../../shared/arrays.ts';
import { ExtractionError, markdownTable, type Block, type Section } from './extract.ts';

/** A structural fault in the file (out-of-range offsets and the like): unreadable. */
class Damaged extends Error {}

function bytesReader(data: Uint8Array) {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const check = (at: number, n: number) => {
    if (at < 0 || at + n > data.length) throw new Damaged('read past the end');
  };
  return {
    u8: (at: number) => (check(at, 1), data[at]!),
    u16: (at: number) => (check(at, 2), view.getUint16(at, true)),
    u32: (at: number) => (check(at, 4), view.getUint32(at, true)),
    i32: (at: number) => (check(at, 4), view.getInt32(at, true)),
    f64: (at: number) => (check(at, 8), view.getFloat64(at, true)),
  };
}

const utf16 = new TextDecoder('utf-16le');

/** Opens the container, maps its faults to the German messages. */
function open(data: Uint8Array): CompoundFile {
  try {
    return readCompoundFile(data);
  } catch {
    throw new ExtractionError(KNOWLEDGE_MESSAGES.errorUnreadable);
  }
}

function guarded<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof ExtractionError) throw err;
    if (err instanceof Damaged || err instanceof CompoundFileError || err instanceof RangeError)
      throw new ExtractionError(KNOWLEDGE_MESSAGES.errorUnreadable);
    throw err;
  }
}

// ---------------------------------------------------------------- Word 97–2003

/** Paragraph properties that matter here, by the byte range (in the WordDocument stream) they cover. */
interface ParagraphRun {
  from: number;
  to: number;
  /** The style: 1–9 are the built-in headings. */
  istd: number;
  /** The end mark of a table row. */
  rowEnd: boolean;
}

/** Operand size of a property by its sprm code ([MS-DOC] 2.2.5.1); -1 when the size is in the operand. */
function operandSize(sprm: number): number {
  switch (sprm >> 13) {
    case 0:
    case 1:
      return 1;
    case 2:
    case 4:
    case 5:
      return 2;
    case 3:
      return 4;
    case 7:
      return 3;
    default:
      return -1;
  }
}

/**
 * The runs of a formatted disk page table (PlcBtePapx or PlcBteChpx, [MS-DOC] 2.8.5–2.8.6): each
 * run's byte range in the WordDocument stream and where its properties start (0: none), from the
 * FKP pages the table points to. `entrySize` is the size of a run's entry after the page's
 * positions (13 for a PAPX page's BxPap, 1 for a CHPX page's offset byte).
 */
function* formattedRuns(word: Uint8Array, table: Uint8Array, fcPlcf: number, lcbPlcf: number, entrySize: number): Generator<{ from: number; to: number; page: number; at: number }> {
  const t = bytesReader(table);
  const w = bytesReader(word);
  const n = (lcbPlcf - 4) / 8;
  if (lcbPlcf < 12 || !Number.isInteger(n)) return;
  for (let i = 0; i < n; i++) {
    const page = (t.u32(fcPlcf + (n + 1) * 4 + i * 4) & 0x3fffff) * 512;
    if (page + 512 > word.length) throw new Damaged('FKP past the end');
    const crun = w.u8(page + 511);
    for (let j = 0; j < crun; j++) {
      const offset = w.u8(page + (crun + 1) * 4 + j * entrySize) * 2;
      yield { from: w.u32(page + j * 4), to: w.u32(page + (j + 1) * 4), page, at: offset === 0 ? 0 : page + offset };
    }
  }
}

/** The paragraph runs of the document from its PAPX pages (PlcBtePapx, [MS-DOC] 2.8.6). */
function paragraphRuns(word: Uint8Array, table: Uint8Array, fcPlcf: number, lcbPlcf: number): ParagraphRun[] {
  const w = bytesReader(word);
  const runs: ParagraphRun[] = [];
  for (const { from, to, page, at: start } of formattedRuns(word, table, fcPlcf, lcbPlcf, 13)) {
    let istd = 0;
    let rowEnd = false;
    if (start !== 0) {
      let at = start;
      let cb = w.u8(at++);
      let size = cb * 2 - 1;
      if (cb === 0) {
        cb = w.u8(at++);
        size = cb * 2;
      }
      const end = Math.min(at + size, page + 511);
      istd = w.u16(at);
      for (let p = at + 2; p + 2 <= end; ) {
        const sprm = w.u16(p);
        p += 2;
        let len = operandSize(sprm);
        if (len < 0) {
          // sprmTDefTable and sprmPChgTabs carry a 2-byte size; every other variable one a 1-byte size.
          len = sprm === 0xd608 ? w.u16(p) + 1 : w.u8(p) + 1;
          if (sprm === 0xc615 && w.u8(p) === 255) break;
        }
        // sprmPFTtp and sprmPFInnerTtp: this paragraph mark ends a table row.
        if ((sprm === 0x2417 || sprm === 0x244b) && w.u8(p) === 1) rowEnd = true;
        p += len;
      }
    }
    runs.push({ from, to, istd, rowEnd });
  }
  return runs.sort((a, b) => a.from - b.from);
}

function runAt<Run extends { from: number; to: number }>(runs: Run[], fc: number): Run | undefined {
  let lo = 0;
  let hi = runs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const run = runs[mid]!;
    if (fc < run.from) hi = mid - 1;
    else if (fc >= run.to) lo = mid + 1;
    else return run;
  }
  return undefined;
}

/** A stretch of characters (by their byte range in the WordDocument stream) Word does not show. */
interface HiddenRun {
  from: number;
  to: number;
}

/** sprmCFVanish (hidden text) and sprmCFRMarkDel (deleted with changes recorded), [MS-DOC] 2.6.1. */
const SPRM_VANISH = 0x083c;
const SPRM_DELETED = 0x0800;

/**
 * The character runs whose own properties hide them, from the CHPX pages (PlcBteChpx, [MS-DOC]
 * 2.8.5, 2.9.34): hidden text («Ausgeblendet») and text deleted while changes were recorded — Word
 * shows neither in the document, so neither is read. A toggle «opposite of the style» (0x81) counts
 * as hidden (the styles themselves are not read: their hidden text stays read).
 */
function hiddenRuns(word: Uint8Array, table: Uint8Array, fcPlcf: number, lcbPlcf: number): HiddenRun[] {
  const w = bytesReader(word);
  const runs: HiddenRun[] = [];
  for (const { from, to, page, at } of formattedRuns(word, table, fcPlcf, lcbPlcf, 1)) {
    if (at === 0) continue;
    // A Chpx: its size, then its properties.
    const end = Math.min(at + 1 + w.u8(at), page + 511);
    // Each property by its last setting; either hides the run.
    const on = new Map<number, boolean>();
    for (let p = at + 1; p + 2 <= end; ) {
      const sprm = w.u16(p);
      p += 2;
      let len = operandSize(sprm);
      if (len < 0) len = w.u8(p) + 1;
      if (sprm === SPRM_VANISH || sprm === SPRM_DELETED) on.set(sprm, w.u8(p) === 1 || w.u8(p) === 0x81);
      p += len;
    }
    if (on.get(SPRM_VANISH) || on.get(SPRM_DELETED)) runs.push({ from, to });
  }
  return runs.sort((a, b) => a.from - b.from);
}

/**
 * The notes of one kind (footnotes or endnotes) by the position of their reference in the main
 * text: the text of each, from its subdocument starting at `base` ([MS-DOC] 2.3.1), by the
 * reference list (PlcffndRef/PlcfendRef) and the text list (PlcffndTxt/PlcfendTxt).
 */
function notesByReference(
  table: Uint8Array,
  refs: readonly [number, number],
  texts: readonly [number, number],
  base: number,
  textOf: (from: number, to: number) => string,
): Map<number, string> {
  const t = bytesReader(table);
  const notes = new Map<number, string>();
  const [fcRef, lcbRef] = refs;
  const [fcTxt, lcbTxt] = texts;
  // PlcffndRef: n + 1 CPs and n two-byte FRDs; PlcffndTxt: n + 2 CPs.
  const n = (lcbRef - 4) / 6;
  if (lcbRef < 10 || !Number.isInteger(n) || lcbTxt < (n + 2) * 4) return notes;
  for (let i = 0; i < n; i++) {
    const text = textOf(base + t.u32(fcTxt + i * 4), base + t.u32(fcTxt + (i + 1) * 4));
    if (text !== '') notes.set(t.u32(fcRef + i * 4), text);
  }
  return notes;
}

/** The main text of a .doc as blocks: headings by their built-in styles, tables by their row marks. */
function wordBlocks(file: CompoundFile): Block[] {
  const word = file.stream('WordDocument');
  if (!word) throw new ExtractionError(KNOWLEDGE_MESSAGES.contentMismatch);
  const w = bytesReader(word);
  if (w.u16(0) !== 0xa5ec) throw new ExtractionError(KNOWLEDGE_MESSAGES.errorUnreadable);
  const flags = w.u16(0x0a);
  if (flags & 0x0100) throw new ExtractionError(KNOWLEDGE_MESSAGES.errorEncrypted);
  // Word 6 and 95 (nFib below 101 is older still) keep another layout.
  if (w.u16(2) < 0x00c1 && w.u16(2) !== 0x00c0) throw new ExtractionError(KNOWLEDGE_MESSAGES.errorOldOffice);
  const table = file.stream(flags & 0x0200 ? '1Table' : '0Table');
  if (!table) throw new ExtractionError(KNOWLEDGE_MESSAGES.errorUnreadable);
  const csw = w.u16(32);
  const lw = 34 + csw * 2 + 2;
  const cslw = w.u16(lw - 2);
  // FibRgLw97: the lengths of the main text and of the subdocuments after it, in their order.
  const ccp = (i: number) => Math.max(0, w.i32(lw + i * 4));
  const [ccpText, ccpFtn, ccpHdd, ccpAtn] = [ccp(3), ccp(4), ccp(5), ccp(7)];
  const blob = lw + cslw * 4 + 2;
  const pair = (i: number) => [w.u32(blob + i * 8), w.u32(blob + i * 8 + 4)] as const;
  const [fcClx, lcbClx] = pair(33);
  const [fcPapx, lcbPapx] = pair(13);
  const [fcChpx, lcbChpx] = pair(12);
  const runs = paragraphRuns(word, table, fcPapx, lcbPapx);
  const hidden = hiddenRuns(word, table, fcChpx, lcbChpx);

  // The piece table (Clx): which stretch of text sits where, compressed (1 byte) or UTF-16.
  const t = bytesReader(table);
  let at = fcClx;
  while (t.u8(at) === 0x01) at += 3 + t.u16(at + 1);
  if (t.u8(at) !== 0x02 || at >= fcClx + lcbClx) throw new Damaged('no piece table');
  const lcb = t.u32(at + 1);
  const plc = at + 5;
  const pieces = (lcb - 4) / 12;
  if (!Number.isInteger(pieces) || pieces < 1) throw new Damaged('bad piece table');

  /** The characters from `cpFrom` to `cpTo` as they stand in the pieces, with their byte position. */
  const eachCharacter = (cpFrom: number, cpTo: number, visit: (c: string, fc: number, cp: number) => void) => {
    for (let i = 0; i < pieces; i++) {
      const cpStart = Math.max(t.u32(plc + i * 4), cpFrom);
      const cpEnd = Math.min(t.u32(plc + (i + 1) * 4), cpTo);
      if (cpStart >= cpEnd) continue;
      const pcd = plc + (pieces + 1) * 4 + i * 8;
      const raw = t.u32(pcd + 2);
      const compressed = (raw & 0x40000000) !== 0;
      const width = compressed ? 1 : 2;
      const fc = (compressed ? (raw & 0x3fffffff) / 2 : raw & 0x3fffffff) + (cpStart - t.u32(plc + i * 4)) * width;
      const length = cpEnd - cpStart;
      if (fc + length * width > word.length) throw new Damaged('piece past the end');
      const bytes = word.subarray(fc, fc + length * width);
      const text = compressed ? windows1252(bytes) : utf16.decode(bytes);
      for (let k = 0; k < text.length; k++) visit(text[k]!, fc + k * width, cpStart + k);
    }
  };
  const shown = (fc: number) => runAt(hidden, fc) === undefined;
  /** A note's text: its paragraphs joined, without its number mark and what it hides. */
  const noteText = (from: number, to: number) => {
    let text = '';
    eachCharacter(from, to, (c, fc) => {
      if (c === '\r') text += '\n';
      else if ((c.charCodeAt(0) >= 0x20 || c === '\t') && shown(fc)) text += c === '\xa0' ? ' ' : c;
    });
    return text.replace(/[ \t]+/g, ' ').replace(/ *\n */g, '\n').trim();
  };
  const footnotes = notesByReference(table, pair(2), pair(3), ccpText, noteText);
  const endnotes = notesByReference(table, pair(46), pair(47), ccpText + ccpFtn + ccpHdd + ccpAtn, noteText);
  // The notes whose references the paragraph being read holds, for after it; those of the table
  // being read, for after the table.
  let pending: Block[] = [];
  let tableNotes: Block[] = [];

  const blocks: Block[] = [];
  let paragraph = '';
  let row: string[] = [];
  let rows: string[][] = [];
  const flushTable = () => {
    if (rows.length > 0) blocks.push({ kind: 'table', text: markdownTable(rows) });
    rows = [];
    appendAll(blocks, tableNotes);
    tableNotes = [];
  };
  // Fields: { code \x14 result } — the code is dropped, the result kept (a hyperlink's text).
  const fields: boolean[] = [];
  const endParagraph = (mark: '\r' | '\x07', fc: number) => {
    const run = runAt(runs, fc);
    const text = paragraph.replace(/[ \t]+/g, ' ').trim();
    paragraph = '';
    if (mark === '\x07') {
      appendAll(tableNotes, pending);
      pending = [];
      if (run?.rowEnd) {
        rows.push(row);
        row = [];
      } else row.push(text);
      return;
    }
    if (row.length > 0) {
      // A row mark the properties did not name: the row ends here.
      rows.push(row);
      row = [];
    }
    flushTable();
    if (text !== '') blocks.push({ kind: run && run.istd >= 1 && run.istd <= 9 ? 'heading' : 'text', text });
    appendAll(blocks, pending);
    pending = [];
  };

  eachCharacter(0, ccpText, (c, fc, cp) => {
    const code = c.charCodeAt(0);
    // A note's reference: its text follows the paragraph (or the table) that holds it.
    const footnote = footnotes.get(cp);
    if (footnote !== undefined) pending.push({ kind: 'text', text: KNOWLEDGE_MESSAGES.footnote(footnote) });
    const endnote = endnotes.get(cp);
    if (endnote !== undefined) pending.push({ kind: 'text', text: KNOWLEDGE_MESSAGES.endnote(endnote) });
    if (code === 0x13) fields.push(true);
    else if (code === 0x14) {
      if (fields.length > 0) fields[fields.length - 1] = false;
    } else if (code === 0x15) fields.pop();
    else if (fields.at(-1) === true) return;
    else if (c === '\r' || c === '\x07') endParagraph(c, fc);
    else if (c === '\x0c' || c === '\x0e') endParagraph('\r', fc);
    // What Word does not show is not read; its marks above still part paragraphs, cells and rows.
    else if (!shown(fc)) return;
    else if (c === '\x0b') paragraph += '\n';
    else if (c === '\x1e') paragraph += '-';
    else if (c === '\xa0') paragraph += ' ';
    else if (code >= 0x20 || c === '\t') paragraph += c;
  });
  endParagraph('\r', -1);
  return blocks;
}

export function readDoc(data: Uint8Array): Section[] {
  return guarded(() => [{ location: '', blocks: wordBlocks(open(data)) }]);
}

// ---------------------------------------------------------------- Excel 97–2003

/** The records of a BIFF8 stream from `start`: type, data offset and length. */
function* records(stream: Uint8Array, start = 0): Generator<{ type: number; at: number; length: number }> {
  const r = bytesReader(stream);
  for (let at = start; at + 4 <= stream.length; ) {
    const type = r.u16(at);
    const length = r.u16(at + 2);
    if (at + 4 + length > stream.length) throw new Damaged('record past the end');
    yield { type, at: at + 4, length };
    at += 4 + length;
  }
}

const BOF = 0x0809;
const EOF = 0x000a;
const CONTINUE = 0x003c;

/**
 * A record's data with its CONTINUE records, and where each continuation starts: a string that
 * runs over the boundary starts its rest with a fresh «high byte» flag ([MS-XLS] 2.5.293).
 */
function withContinues(stream: Uint8Array, list: { type: number; at: number; length: number }[], index: number) {
  const parts = [list[index]!];
  for (let i = index + 1; i < list.length && list[i]!.type === CONTINUE; i++) parts.push(list[i]!);
  const total = parts.reduce((n, p) => n + p.length, 0);
  const data = new Uint8Array(total);
  const breaks: number[] = [];
  let offset = 0;
  for (const p of parts) {
    if (offset > 0) breaks.push(offset);
    data.set(stream.subarray(p.at, p.at + p.length), offset);
    offset += p.length;
  }
  return { data, breaks };
}

/** An XLUnicodeRichExtendedString at `at`: its text and where the next one starts. */
function richString(data: Uint8Array, breaks: number[], start: number, cchBytes: 1 | 2 = 2): { text: string; next: number } {
  const r = bytesReader(data);
  let at = start;
  const cch = cchBytes === 2 ? r.u16(at) : r.u8(at);
  at += cchBytes;
  const flags = r.u8(at++);
  let high = (flags & 0x01) !== 0;
  const runs = flags & 0x08 ? r.u16((at += 2) - 2) : 0;
  const ext = flags & 0x04 ? r.u32((at += 4) - 4) : 0;
  let text = '';
  let left = cch;
  while (left > 0) {
    // The characters up to the next record boundary, then a fresh flag byte.
    const boundary = breaks.find((b) => b > at) ?? data.length;
    const fits = Math.min(left, Math.floor((boundary - at) / (high ? 2 : 1)));
    if (fits <= 0 && boundary >= data.length) throw new Damaged('string past the end');
    const bytes = data.subarray(at, at + fits * (high ? 2 : 1));
    text += high ? utf16.decode(bytes) : windows1252(bytes);
    at += bytes.length;
    left -= fits;
    if (left > 0) {
      high = (r.u8(at++) & 0x01) !== 0;
    }
  }
  return { text, next: at + runs * 4 + ext };
}

const shortString = (data: Uint8Array, at: number) => richString(data, [], at, 1).text;

/** An RK number ([MS-XLS] 2.5.217): a 30-bit integer or the high bits of a double, maybe ×100. */
function rkValue(rk: number): number {
  const value = rk & 0x02 ? rk >> 2 : new DataView(new Uint32Array([0, rk & 0xfffffffc]).buffer).getFloat64(0, true);
  return rk & 0x01 ? value / 100 : value;
}

function readWorkbook(file: CompoundFile): Section[] {
  const stream = file.stream('Workbook');
  if (!stream) {
    // Excel 5.0/95 named it Book and kept another string layout.
    if (file.stream('Book')) throw new ExtractionError(KNOWLEDGE_MESSAGES.errorOldOffice);
    throw new ExtractionError(KNOWLEDGE_MESSAGES.contentMismatch);
  }
  const r = bytesReader(stream);
  const globals = [...records(stream)];
  if (globals[0]?.type !== BOF) throw new Damaged('no BOF');
  const formats = new Map<number, string>();
  const xfFormat: number[] = [];
  const sheets: { name: string; offset: number }[] = [];
  let strings: string[] = [];
  let date1904 = false;
  for (let i = 0; i < globals.length; i++) {
    const rec = globals[i]!;
    if (rec.type === EOF) break;
    switch (rec.type) {
      case 0x002f: // FILEPASS
        throw new ExtractionError(KNOWLEDGE_MESSAGES.errorEncrypted);
      case 0x0022: // DATEMODE
        date1904 = r.u16(rec.at) === 1;
        break;
      case 0x041e: // FORMAT
        formats.set(r.u16(rec.at), richString(stream.subarray(rec.at, rec.at + rec.length), [], 2).text);
        break;
      case 0x00e0: // XF
        xfFormat.push(r.u16(rec.at + 2));
        break;
      case 0x0085: // BOUNDSHEET8: only worksheets (type 0), not charts or macros, and not hidden ones (hsState)
        if (r.u8(rec.at + 5) === 0 && (r.u8(rec.at + 4) & 0x03) === 0)
          sheets.push({ offset: r.u32(rec.at), name: shortString(stream.subarray(rec.at, rec.at + rec.length), 6) });
        break;
      case 0x00fc: {
        // SST: every text of the workbook, once.
        const { data, breaks } = withContinues(stream, globals, i);
        const count = bytesReader(data).u32(4);
        strings = [];
        for (let at = 8, n = 0; n < count && at < data.length; n++) {
          const s = richString(data, breaks, at);
          strings.push(s.text);
          at = s.next;
        }
        break;
      }
    }
  }
  const shown = (value: number, xf: number) => formatCell(value, formats.get(xfFormat[xf] ?? 0) ?? builtInFormat(xfFormat[xf] ?? 0), date1904);

  return sheets.map((sheet) => {
    const cells: SheetCell[] = [];
    const list: { type: number; at: number; length: number }[] = [];
    for (const rec of records(stream, sheet.offset)) {
      list.push(rec);
      if (rec.type === EOF) break;
    }
    let pendingFormula: { row: number; col: number } | undefined;
    // What the sheet hides, as the .xlsx reader leaves it out: ROW's fDyZero, COLINFO's fHidden.
    const hidden: HiddenCells = { rows: new Set(), columns: [] };
    for (let i = 0; i < list.length; i++) {
      const { type, at, length } = list[i]!;
      const row = () => r.u16(at);
      const col = () => r.u16(at + 2);
      switch (type) {
        case 0x0208: // ROW
          if (r.u16(at + 12) & 0x0020) hidden.rows.add(row());
          break;
        case 0x007d: // COLINFO
          if (r.u16(at + 8) & 0x0001) hidden.columns.push([r.u16(at), r.u16(at + 2)]);
          break;
        case 0x00fd: // LABELSST
          cells.push({ row: row(), col: col(), text: strings[r.u32(at + 6)] ?? '' });
          break;
        case 0x0204: // LABEL (older writers)
          cells.push({ row: row(), col: col(), text: richString(stream.subarray(at, at + length), [], 6).text });
          break;
        case 0x0203: // NUMBER
          cells.push({ row: row(), col: col(), text: shown(r.f64(at + 6), r.u16(at + 4)) });
          break;
        case 0x027e: // RK
          cells.push({ row: row(), col: col(), text: shown(rkValue(r.u32(at + 6)), r.u16(at + 4)) });
          break;
        case 0x00bd: {
          // MULRK: several RK numbers in a row
          const first = col();
          const count = (length - 6) / 6;
          for (let k = 0; k < count; k++)
            cells.push({ row: row(), col: first + k, text: shown(rkValue(r.u32(at + 4 + k * 6 + 2)), r.u16(at + 4 + k * 6)) });
          break;
        }
        case 0x0205: // BOOLERR
          if (r.u8(at + 7) === 0) cells.push({ row: row(), col: col(), text: booleanText(r.u8(at + 6) === 1) });
          break;
        case 0x0006: {
          // FORMULA: its last computed value
          const xf = r.u16(at + 4);
          if (r.u16(at + 12) !== 0xffff) cells.push({ row: row(), col: col(), text: shown(r.f64(at + 6), xf) });
          else if (r.u8(at + 6) === 0) pendingFormula = { row: row(), col: col() };
          else if (r.u8(at + 6) === 1) cells.push({ row: row(), col: col(), text: booleanText(r.u8(at + 8) === 1) });
          break;
        }
        case 0x0207: // STRING: the text a formula just before computed
          if (pendingFormula) {
            const { data, breaks } = withContinues(stream, list, i);
            cells.push({ ...pendingFormula, text: richString(data, breaks, 0).text });
            pendingFormula = undefined;
          }
          break;
      }
    }
    const shownCells = cells.filter((c) => !isHiddenCell(hidden, c.row, c.col));
    return { location: KNOWLEDGE_MESSAGES.sheet(sheet.name), blocks: [{ kind: 'table', text: markdownTable(sheetGrid(shownCells)) }] };
  });
}

export function readXls(data: Uint8Array): Section[] {
  return guarded(() => readWorkbook(open(data)));
}

// ---------------------------------------------------------------- PowerPoint 97–2003

interface PptRecord {
  /** recInstance: e.g. which list a SlideListWithText is (0: slides). */
  instance: number;
  type: number;
  /** Where the record's data starts, and its length. */
  at: number;
  length: number;
  container: boolean;
}

function pptRecord(r: ReturnType<typeof bytesReader>, at: number): PptRecord {
  const verInstance = r.u16(at);
  return { instance: verInstance >> 4, type: r.u16(at + 2), at: at + 8, length: r.u32(at + 4), container: (verInstance & 0x0f) === 0x0f };
}

/** The direct children of a container record. */
function* pptChildren(r: ReturnType<typeof bytesReader>, parent: PptRecord, size: number): Generator<PptRecord> {
  const end = Math.min(parent.at + parent.length, size);
  for (let at = parent.at; at + 8 <= end; ) {
    const rec = pptRecord(r, at);
    if (rec.at + rec.length > end) throw new Damaged('record past its container');
    yield rec;
    at = rec.at + rec.length;
  }
}

const TEXT_CHARS = 0x0fa0;
const TEXT_BYTES = 0x0fa8;
const TEXT_HEADER = 0x0f9f;
/** A TextHeaderAtom's type: the title (0) or the centred title of a title slide (6). */
const isTitle = (textType: number) => textType === 0 || textType === 6;

/** A text atom's paragraphs (\r ends one, \v breaks a line). */
function atomText(stream: Uint8Array, rec: PptRecord): string {
  const bytes = stream.subarray(rec.at, rec.at + rec.length);
  return rec.type === TEXT_CHARS ? utf16.decode(bytes) : windows1252(bytes);
}

/**
 * The slides of a .ppt in their order, from the current edit: the persist directory (newest edit
 * first) gives each object's place, the document's slide list the order and the placeholder texts,
 * and each slide's drawing the texts of its other text boxes.
 */
function presentationSections(file: CompoundFile): Section[] {
  const stream = file.stream('PowerPoint Document');
  const current = file.stream('Current User');
  if (!stream || !current) throw new ExtractionError(KNOWLEDGE_MESSAGES.contentMismatch);
  if (file.stream('EncryptedSummary')) throw new ExtractionError(KNOWLEDGE_MESSAGES.errorEncrypted);
  const r = bytesReader(stream);
  const c = bytesReader(current);
  // CurrentUserAtom: header, size, headerToken, offsetToCurrentEdit.
  if (c.u32(12) === 0xf3d1c4df) throw new ExtractionError(KNOWLEDGE_MESSAGES.errorEncrypted);
  let edit = c.u32(16);
  const persist = new Map<number, number>();
  let documentRef = 0;
  for (let hops = 0; edit !== 0 && hops < 1000; hops++) {
    const atom = pptRecord(r, edit);
    if (atom.type !== 0x0ff5) throw new Damaged('no UserEditAtom');
    if (hops === 0) documentRef = r.u32(atom.at + 16);
    const dir = pptRecord(r, r.u32(atom.at + 12));
    if (dir.type !== 0x1772) throw new Damaged('no PersistDirectoryAtom');
    for (let at = dir.at; at + 4 <= dir.at + dir.length; ) {
      const entry = r.u32(at);
      const first = entry & 0xfffff;
      const count = entry >>> 20;
      for (let k = 0; k < count; k++) if (!persist.has(first + k)) persist.set(first + k, r.u32(at + 4 + k * 4));
      at += 4 + count * 4;
    }
    const last = r.u32(atom.at + 8);
    edit = last !== 0 && last < edit ? last : 0;
  }
  const documentAt = persist.get(documentRef);
  if (documentAt === undefined) throw new Damaged('no document');
  const document = pptRecord(r, documentAt);
  if (document.type !== 0x03e8) throw new Damaged('no DocumentContainer');

  // The slide list: a SlidePersistAtom per slide, then the texts of its placeholders. The notes
  // list: a NotesPersistAtom per notes page (persistIdRef, flags, cTexts, notesId).
  const slides: { ref: number; blocks: Block[] }[] = [];
  const notesPages = new Map<number, number>();
  for (const list of pptChildren(r, document, stream.length)) {
    if (list.type === 0x0ff0 && list.instance === 2) {
      for (const rec of pptChildren(r, list, stream.length)) if (rec.type === 0x03f3 && rec.length >= 16) notesPages.set(r.u32(rec.at + 12), r.u32(rec.at));
    }
    if (list.type !== 0x0ff0 || list.instance !== 0) continue;
    let textType = -1;
    for (const rec of pptChildren(r, list, stream.length)) {
      if (rec.type === 0x03f3) slides.push({ ref: r.u32(rec.at), blocks: [] });
      else if (rec.type === TEXT_HEADER) textType = r.u32(rec.at);
      else if ((rec.type === TEXT_CHARS || rec.type === TEXT_BYTES) && slides.length > 0)
        appendAll(slides.at(-1)!.blocks, pptBlocks(atomText(stream, rec), isTitle(textType)));
    }
  }
  // Each slide's other text boxes (OfficeArtClientTextbox) in its drawing, then its speaker notes;
  // a hidden slide is left out, the others keep their numbers.
  return slides.flatMap((slide, i) => {
    const at = persist.get(slide.ref);
    const container = at === undefined ? undefined : pptRecord(r, at);
    if (container?.type === 0x03ee) {
      let notesRef = 0;
      for (const kid of pptChildren(r, container, stream.length)) {
        // SlideAtom: geom, rgPlaceholderTypes, masterIdRef, notesIdRef (a notesId of the notes list).
        // SlideShowSlideInfoAtom: slideTime, soundIdRef, effectDirection, effectType, then fHidden.
        if (kid.type === 0x03ef && kid.length >= 20) notesRef = r.u32(kid.at + 16);
        if (kid.type === 0x03f9 && kid.length >= 12 && r.u8(kid.at + 10) & 0x04) return [];
      }
      appendAll(slide.blocks, drawingBlocks(r, stream, container, 0));
      const notesAt = persist.get(notesPages.get(notesRef) ?? -1);
      const notes = notesAt === undefined ? undefined : pptRecord(r, notesAt);
      if (notes?.type === 0x03f0) {
        const text = drawingBlocks(r, stream, notes, 0, NOTES_BODY).map((b) => b.text).join('\n');
        if (text !== '') slide.blocks.push({ kind: 'text', text: KNOWLEDGE_MESSAGES.speakerNotes(text) });
      }
    }
    return [{ location: KNOWLEDGE_MESSAGES.slide(i + 1), blocks: slide.blocks }];
  });
}

/** A TextHeaderAtom's type for the body of a notes page (the notes themselves, not its number fields). */
const NOTES_BODY = 2;
/** The Group Shape Boolean Properties of a shape's OfficeArtFOPT ([MS-ODRAW] 2.3.4.44): fHidden with its «use» bit. */
const SHAPE_BOOLEANS = 0x03bf;
const HIDDEN_SHAPE = (1 << 1) | (1 << 17);

/** Whether a shape (OfficeArtSpContainer) is hidden in the selection pane. */
function hiddenShape(r: ReturnType<typeof bytesReader>, stream: Uint8Array, shape: PptRecord): boolean {
  for (const kid of pptChildren(r, shape, stream.length)) {
    if (kid.type !== 0xf00b) continue;
    // OfficeArtFOPT: recInstance properties of six bytes (opid with its flags, value), then complex data.
    for (let k = 0; k < kid.instance && (k + 1) * 6 <= kid.length; k++) {
      if ((r.u16(kid.at + k * 6) & 0x3fff) === SHAPE_BOOLEANS) return (r.u32(kid.at + k * 6 + 2) & HIDDEN_SHAPE) === HIDDEN_SHAPE;
    }
  }
  return false;
}

/**
 * The text boxes (OfficeArtClientTextbox) in a slide's drawing, in order, without the shapes the
 * slide hides; only those of text type `only` when given. Nesting is capped.
 */
function drawingBlocks(r: ReturnType<typeof bytesReader>, stream: Uint8Array, node: PptRecord, depth: number, only?: number): Block[] {
  if (depth > 32) throw new Damaged('drawing nested too deep');
  const out: Block[] = [];
  let textType = -1;
  for (const kid of pptChildren(r, node, stream.length)) {
    if (kid.type === TEXT_HEADER && node.type === 0xf00d) textType = r.u32(kid.at);
    else if ((kid.type === TEXT_CHARS || kid.type === TEXT_BYTES) && node.type === 0xf00d) {
      if (only === undefined || textType === only) appendAll(out, pptBlocks(atomText(stream, kid), isTitle(textType)));
    } else if (kid.container && !(kid.type === 0xf004 && hiddenShape(r, stream, kid))) appendAll(out, drawingBlocks(r, stream, kid, depth + 1, only));
  }
  return out;
}

function pptBlocks(text: string, title: boolean): Block[] {
  return text
    .split('\r')
    .map((p) => p.replace(/\v/g, '\n').replace(/[ \t]+/g, ' ').trim())
    .filter((p) => p !== '')
    .map((p) => ({ kind: title ? 'heading' : 'text', text: p }));
}

export function readPpt(data: Uint8Array): Section[] {
  return guarded(() => presentationSections(open(data)));
}
