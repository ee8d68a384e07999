// What an upload must be before it is stored: an allowed extension AND content that is what the
// extension says — for Word, Excel and PowerPoint names, what Office would open under that name
// (formatOf). Office files since 2007 are zips: their entry count and declared unpacked size are
// capped here; ingestion enforces the same caps on the real bytes (officeparser's decompression
// limits). Office 97–2003 files are compound files holding their main stream. A saved mail starts
// with its header fields.
import { KNOWLEDGE_MESSAGES } from '../../../shared/messages.ts';
import {
  KNOWLEDGE_EXTENSIONS,
  KNOWLEDGE_TEXT_TYPES,
  KNOWLEDGE_CODE_TYPES,
  KNOWLEDGE_IMAGE_TYPES,
} from '../../../shared/schemas/knowledge.ts';
import { validationError } from '../../platform/app-error.ts';
import { isCompoundFile, isEncryptedOoxml, readCompoundFile } from '../../platform/compound-file.ts';
import { isSpreadsheetMl } from './spreadsheet.ts';
import { OOXML_PARTS, checkZip, contentMismatch as mismatch, extensionOf, isPdf, pictureFormat, type ZipParts } from '../../platform/file-content.ts';

export { ZIP_LIMITS } from '../../platform/file-content.ts';

const ZIP_PARTS: Record<string, ZipParts> = {
  ...OOXML_PARTS,
  odt: { mimetype: 'application/vnd.oasis.opendocument.text' },
  ods: { mimetype: 'application/vnd.oasis.opendocument.spreadsheet' },
  odp: { mimetype: 'application/vnd.oasis.opendocument.presentation' },
};

/**
 * Word, Excel and PowerPoint 97–2003: a compound file holding the document's main stream (Excel
 * 95: Book); an Outlook mail (.msg) one holding the message's property stream.
 */
const LEGACY_STREAMS: Record<string, string[]> = {
  doc: ['WordDocument'],
  xls: ['Workbook', 'Book'],
  ppt: ['PowerPoint Document'],
  msg: ['__properties_version1.0'],
};

function hasStream(data: Buffer, names: string[]): boolean {
  if (!isCompoundFile(data)) return false;
  try {
    const found = readCompoundFile(data).names.map((n) => n.toLowerCase());
    return names.some((n) => found.includes(n.toLowerCase()));
  } catch {
    return false;
  }
}

const TEXTUAL = new Set<string>([...KNOWLEDGE_TEXT_TYPES, ...KNOWLEDGE_CODE_TYPES]);
const IMAGES = new Set<string>(KNOWLEDGE_IMAGE_TYPES);


/** Control characters other than tab, line feed, vertical tab, form feed and carriage return: binary. */
function hasControlChars(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 && (c < 0x09 || c > 0x0d)) return true;
  }
  return false;
}

/** The UTF-16 a byte order mark names, if the bytes start with one. */
export const utf16ByBom = (data: Uint8Array): 'utf-16le' | 'utf-16be' | null =>
  data[0] === 0xff && data[1] === 0xfe ? 'utf-16le' : data[0] === 0xfe && data[1] === 0xff ? 'utf-16be' : null;

/** The bytes as UTF-8 when they are valid UTF-8 (a UTF-8 BOM dropped), else null. */
export function validUtf8(data: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return null;
  }
}

/** Windows-1252: the last guess for German text that is not UTF-8 (ISO-8859-1 is its subset). */
export const windows1252 = (data: Uint8Array): string => new TextDecoder('windows-1252').decode(data);

/**
 * Decodes a text file: UTF-16 by its byte order mark (Windows Notepad's «Unicode», Excel's
 * «Unicode-Text»), UTF-8 (with or without BOM), else Windows-1252 as old German CSVs are.
 */
export function decodeText(data: Uint8Array): string | null {
  const utf16 = utf16ByBom(data);
  if (utf16) {
    try {
      const text = new TextDecoder(utf16, { fatal: true }).decode(data);
      return hasControlChars(text) ? null : text;
    } catch {
      return null;
    }
  }
  if (data.includes(0)) return null;
  const utf8 = validUtf8(data);
  if (utf8 !== null) return utf8;
  // Control bytes other than tab, line feed, vertical tab, form feed and carriage return mean binary.
  if (data.some((b) => b < 0x20 && (b < 0x09 || b > 0x0d))) return null;
  return windows1252(data);
}

/**
 * Each Office application's format before 2007 and since, and the names its files carry: the
 * document itself, macro-enabled (…m), templates (.dot, .xlt, .pot, …x, …m) and PowerPoint's shows
 * (.pps, .ppsx, .ppsm) — each the same format inside as the document.
 */
const OFFICE_FAMILIES: readonly { old: string; current: string; oldNames: readonly string[]; currentNames: readonly string[] }[] = [
  { old: 'doc', current: 'docx', oldNames: ['doc', 'dot'], currentNames: ['docx', 'docm', 'dotx', 'dotm'] },
  { old: 'xls', current: 'xlsx', oldNames: ['xls', 'xlt'], currentNames: ['xlsx', 'xlsm', 'xltx', 'xltm'] },
  { old: 'ppt', current: 'pptx', oldNames: ['ppt', 'pot', 'pps'], currentNames: ['pptx', 'pptm', 'potx', 'potm', 'ppsx', 'ppsm'] },
];

const startsWithText = (data: Buffer, text: string) => data.subarray(0, text.length).toString('latin1') === text;
const isZip = (data: Buffer) => startsWithText(data, 'PK\x03\x04');

/** HTML as Word and Excel open it («Webseite», a system's «Export nach Excel»), by the file's first 4 KB as text. */
function isHtml(head: string | null): boolean {
  return head !== null && /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<(!doctype html|html|head|body|table|meta)\b/i.test(head);
}

/**
 * The format the content is, for a name Word, Excel or PowerPoint would open it under: Office opens
 * a file by what it holds, so a renamed .doc, an .xls that a system exported as HTML or
 * tab-separated text, or RTF saved as .doc is read as what it is; so is a mail saved as .eml or
 * .msg. A template, a macro-enabled file or a show is its application's format (.xlsm → xlsx).
 * Every other extension is its own format.
 */
export function formatOf(extension: string, data: Buffer): string {
  // «XML Spreadsheet 2003», as .xml or named .xls: a workbook, not markup to read as text.
  // The first 4 KB as text, decoded once for the checks below that read it.
  const head = extension === 'xml' || extension === 'doc' || extension === 'xls' ? decodeText(data.subarray(0, 4096)) : null;
  if ((extension === 'xml' || extension === 'xls') && head !== null && isSpreadsheetMl(head)) return 'xml-spreadsheet';
  // A mail by what it holds: Outlook's compound file, or MIME text (some systems name that .msg).
  if (extension === 'eml' || extension === 'msg') return isCompoundFile(data) ? 'msg' : 'eml';
  // Tab-separated values: a table as CSV is (the delimiter is found in the first line).
  if (extension === 'tsv') return 'csv';
  // A picture of a document, whichever of the picture formats it is under whichever picture name.
  if (IMAGES.has(extension)) return 'image';
  const family = OFFICE_FAMILIES.find((f) => f.oldNames.includes(extension) || f.currentNames.includes(extension));
  if (!family) return extension;
  const { old, current } = family;
  if (isCompoundFile(data)) return isEncryptedOoxml(data) ? current : old;
  if (isZip(data)) return current;
  if (extension === 'doc' && startsWithText(data, '{\\rtf')) return 'rtf';
  if (extension === 'doc' || extension === 'xls') {
    if (isHtml(head)) return 'html';
    // Tab- or semicolon-separated text named .xls, as many business systems export it.
    if (extension === 'xls' && decodeText(data) !== null) return 'csv';
  }
  // Neither: the format its name says, which the content check then refuses.
  return family.oldNames.includes(extension) ? old : current;
}

/** Types that are not read, with a refusal that says what to do instead of listing what is read. */
const NOT_READ: Record<string, string> = {
  ...Object.fromEntries(['zip', '7z', 'rar', 'tar', 'gz', 'tgz'].map((e) => [e, KNOWLEDGE_MESSAGES.archiveNotRead])),
  ...Object.fromEntries(['heic', 'heif', 'bmp', 'avif'].map((e) => [e, KNOWLEDGE_MESSAGES.imageNotRead])),
  ...Object.fromEntries(['pst', 'ost', 'mbox', 'olm'].map((e) => [e, KNOWLEDGE_MESSAGES.mailboxNotRead])),
};

/** Throws a German 4xx when the file may not be stored; returns its extension. */
export function checkKnowledgeFile(filename: string, data: Buffer): string {
  const extension = extensionOf(filename);
  checkedFormat(extension, data);
  return extension;
}

/**
 * The format a file of this extension is read as, once it passed the checks of an upload (a German
 * 4xx otherwise): for an upload, and for a file attached to a mail.
 */
export function checkedFormat(extension: string, data: Buffer): string {
  if (!KNOWLEDGE_EXTENSIONS.includes(extension)) throw validationError('file', NOT_READ[extension] ?? KNOWLEDGE_MESSAGES.typeNotAllowed);
  const format = formatOf(extension, data);
  checkContent(format, data);
  return format;
}

/** Header fields every saved mail has at least one of. */
const MAIL_FIELDS = /^(from|date|subject|to|message-id|mime-version|received|return-path):/im;

/** How far into a mail its header is looked for (Exchange's header alone can run to tens of KB). */
const MAIL_HEAD = 65_536;
const FIELD = /^[\x21-\x39\x3b-\x7e]+:/;

/**
 * A saved mail (RFC 5322): header fields (folded lines allowed) up to the first empty line, one of
 * them a mail's own; a leading mbox «From » line is allowed (some programs save one).
 */
function isMail(data: Buffer): boolean {
  const head = data.subarray(0, MAIL_HEAD).toString('latin1').replace(/^From [^\n]*\n/, '');
  const end = head.search(/\r?\n\r?\n/);
  // A header longer than the part looked at: the lines up to there, the cut one left out.
  if (end < 0 && data.length <= MAIL_HEAD) return false;
  const lines = end < 0 ? head.split(/\r?\n/).slice(0, -1) : head.slice(0, end).split(/\r?\n/);
  return lines.length > 0 && FIELD.test(lines[0]!) && lines.every((l) => FIELD.test(l) || /^[ \t]/.test(l)) && MAIL_FIELDS.test(lines.join('\n'));
}

/** Throws when the content is not what its format needs. */
function checkContent(format: string, data: Buffer) {
  if (format === 'pdf') {
    if (!isPdf(data)) throw mismatch();
  } else if (format === 'rtf') {
    if (!startsWithText(data, '{\\rtf')) throw mismatch();
  } else if (format === 'eml') {
    if (!isMail(data)) throw mismatch();
  } else if (format === 'image') {
    if (!pictureFormat(data)) throw mismatch();
  } else if (format in ZIP_PARTS) {
    // A password-protected Office file is a compound file around the encrypted zip: say so now.
    if (isEncryptedOoxml(data)) throw validationError('file', KNOWLEDGE_MESSAGES.errorEncrypted);
    checkZip(data, ZIP_PARTS[format]!);
  } else if (format in LEGACY_STREAMS) {
    if (!hasStream(data, LEGACY_STREAMS[format]!)) throw mismatch();
  } else if (TEXTUAL.has(format) || format === 'xml-spreadsheet') {
    const text = decodeText(data);
    if (text === null) throw mismatch();
    if (format === 'json') {
      try {
        JSON.parse(text.replace(/^\uFEFF/, ''));
      } catch {
        throw mismatch();
      }
    }
  }
}
