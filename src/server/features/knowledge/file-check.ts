// What an upload must be before it is stored: an allowed extension AND content that is what the
// extension says. Office files are zips: their entry count and declared unpacked size are capped
// here; ingestion enforces the same caps on the real bytes (officeparser's decompression limits).
import { KNOWLEDGE_MESSAGES } from '../../../shared/messages.ts';
import {
  KNOWLEDGE_EXTENSIONS,
  KNOWLEDGE_TEXT_TYPES,
  KNOWLEDGE_CODE_TYPES,
} from '../../../shared/schemas/knowledge.ts';
import { validationError } from '../../platform/app-error.ts';
import { isCompoundFile, isEncryptedOoxml, readCompoundFile } from '../../platform/compound-file.ts';
import { OOXML_PARTS, checkZip, contentMismatch as mismatch, extensionOf, isPdf, type ZipParts } from '../../platform/file-content.ts';

export { ZIP_LIMITS } from '../../platform/file-content.ts';

const ZIP_PARTS: Record<string, ZipParts> = {
  ...OOXML_PARTS,
  odt: { mimetype: 'application/vnd.oasis.opendocument.text' },
  ods: { mimetype: 'application/vnd.oasis.opendocument.spreadsheet' },
  odp: { mimetype: 'application/vnd.oasis.opendocument.presentation' },
};

/** Word and Excel 97–2003: a compound file holding the document's main stream (Excel 95: Book). */
const LEGACY_STREAMS: Record<string, string[]> = { doc: ['WordDocument'], xls: ['Workbook', 'Book'] };

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

/** Throws a German 4xx when the file may not be stored; returns its extension. */
export function checkKnowledgeFile(filename: string, data: Buffer): string {
  const extension = extensionOf(filename);
  if (!KNOWLEDGE_EXTENSIONS.includes(extension)) throw validationError('file', KNOWLEDGE_MESSAGES.typeNotAllowed);
  if (extension === 'pdf') {
    if (!isPdf(data)) throw mismatch();
  } else if (extension === 'rtf') {
    if (!data.subarray(0, 16).toString('latin1').startsWith('{\\rtf')) throw mismatch();
  } else if (extension in ZIP_PARTS) {
    // A password-protected Office file is a compound file around the encrypted zip: say so now.
    if (isEncryptedOoxml(data)) throw validationError('file', KNOWLEDGE_MESSAGES.errorEncrypted);
    checkZip(data, ZIP_PARTS[extension]!);
  } else if (extension in LEGACY_STREAMS) {
    if (!hasStream(data, LEGACY_STREAMS[extension]!)) throw mismatch();
  } else if (TEXTUAL.has(extension)) {
    const text = decodeText(data);
    if (text === null) throw mismatch();
    if (extension === 'json') {
      try {
        JSON.parse(text.replace(/^\uFEFF/, ''));
      } catch {
        throw mismatch();
      }
    }
  }
  return extension;
}
