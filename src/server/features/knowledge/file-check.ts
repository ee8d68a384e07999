// What an upload must be before it is stored: an allowed extension AND content that is what the
// extension says. Office files are zips: their entry count and declared unpacked size are capped
// here; ingestion enforces the same caps on the real bytes (officeparser's decompression limits).
import { unzipSync } from 'fflate';
import { MK } from '../../../shared/messages.ts';
import {
  KNOWLEDGE_EXTENSIONS,
  KNOWLEDGE_TEXT_TYPES,
  KNOWLEDGE_CODE_TYPES,
} from '../../../shared/schemas/knowledge.ts';
import { validationError } from '../../platform/app-error.ts';

export const ZIP_LIMITS = { maxEntries: 2000, maxUnpackedBytes: 150 * 1024 * 1024 } as const;

const ZIP_PARTS: Record<string, { required: string[] } | { mimetype: string }> = {
  docx: { required: ['[Content_Types].xml', 'word/'] },
  xlsx: { required: ['[Content_Types].xml', 'xl/'] },
  pptx: { required: ['[Content_Types].xml', 'ppt/'] },
  odt: { mimetype: 'application/vnd.oasis.opendocument.text' },
  ods: { mimetype: 'application/vnd.oasis.opendocument.spreadsheet' },
  odp: { mimetype: 'application/vnd.oasis.opendocument.presentation' },
};

const TEXTUAL = new Set<string>([...KNOWLEDGE_TEXT_TYPES, ...KNOWLEDGE_CODE_TYPES]);

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

const mismatch = () => validationError('file', MK.contentMismatch);

/** Decodes a text file: UTF-8 (with or without BOM), else Windows-1252 as old German CSVs are. */
export function decodeText(data: Uint8Array): string | null {
  if (data.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    // Control bytes other than tab, line feed, vertical tab, form feed and carriage return mean binary.
    if (data.some((b) => b < 0x20 && (b < 0x09 || b > 0x0d))) return null;
    return new TextDecoder('windows-1252').decode(data);
  }
}

function checkZip(data: Buffer, extension: string) {
  if (!(data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04)) throw mismatch();
  const names: string[] = [];
  let unpacked = 0;
  let mimetype = '';
  try {
    const read = unzipSync(data, {
      filter(entry) {
        names.push(entry.name);
        unpacked += entry.originalSize;
        // Only the tiny ODF "mimetype" entry is ever inflated here.
        return entry.name === 'mimetype' && entry.originalSize < 200;
      },
    });
    if (read.mimetype) mimetype = new TextDecoder().decode(read.mimetype).trim();
  } catch {
    throw mismatch();
  }
  if (names.length > ZIP_LIMITS.maxEntries || unpacked > ZIP_LIMITS.maxUnpackedBytes) {
    throw validationError('file', MK.archiveTooLarge);
  }
  const parts = ZIP_PARTS[extension]!;
  const ok =
    'mimetype' in parts
      ? mimetype === parts.mimetype
      : parts.required.every((p) => names.some((n) => (p.endsWith('/') ? n.startsWith(p) : n === p)));
  if (!ok) throw mismatch();
}

/** Throws a German 4xx when the file may not be stored; returns its extension. */
export function checkKnowledgeFile(filename: string, data: Buffer): string {
  const extension = extensionOf(filename);
  if (!KNOWLEDGE_EXTENSIONS.includes(extension)) throw validationError('file', MK.typeNotAllowed);
  if (extension === 'pdf') {
    if (!data.subarray(0, 1024).toString('latin1').includes('%PDF-')) throw mismatch();
  } else if (extension === 'rtf') {
    if (!data.subarray(0, 16).toString('latin1').startsWith('{\\rtf')) throw mismatch();
  } else if (extension in ZIP_PARTS) {
    checkZip(data, extension);
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
