// Content checks every upload feature shares: the extension of a name, magic bytes, and the caps
// on Office files (zips) read from the central directory before anything is stored or parsed.
import { unzipSync } from 'fflate';
import { KNOWLEDGE_MESSAGES } from '../../shared/messages.ts';
import { validationError } from './app-error.ts';

export const ZIP_LIMITS = { maxEntries: 2000, maxUnpackedBytes: 150 * 1024 * 1024 } as const;

/** What a zip-based format must contain: named parts (OOXML) or an ODF `mimetype` entry. */
export type ZipParts = { required: string[] } | { mimetype: string };

export const OOXML_PARTS: Record<'docx' | 'xlsx' | 'pptx', ZipParts> = {
  docx: { required: ['[Content_Types].xml', 'word/'] },
  xlsx: { required: ['[Content_Types].xml', 'xl/'] },
  pptx: { required: ['[Content_Types].xml', 'ppt/'] },
};

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

export const contentMismatch = () => validationError('file', KNOWLEDGE_MESSAGES.contentMismatch);

export const isPdf = (data: Buffer) => data.subarray(0, 1024).toString('latin1').includes('%PDF-');

/** The picture format the bytes start with (JPEG, PNG, TIFF in either byte order, WebP, GIF), else null. */
export function pictureFormat(data: Buffer): 'jpeg' | 'png' | 'tiff' | 'webp' | 'gif' | null {
  const head = data.subarray(0, 12).toString('latin1');
  if (head.startsWith('\xff\xd8\xff')) return 'jpeg';
  if (head.startsWith('\x89PNG\r\n\x1a\n')) return 'png';
  if (head.startsWith('II*\0') || head.startsWith('MM\0*')) return 'tiff';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  return null;
}

/** A zip whose entries are capped (count, declared unpacked size) and that holds `parts`. */
export function checkZip(data: Buffer, parts: ZipParts) {
  if (!(data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04)) throw contentMismatch();
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
    throw contentMismatch();
  }
  if (names.length > ZIP_LIMITS.maxEntries || unpacked > ZIP_LIMITS.maxUnpackedBytes) {
    throw validationError('file', KNOWLEDGE_MESSAGES.archiveTooLarge);
  }
  const ok =
    'mimetype' in parts
      ? mimetype === parts.mimetype
      : parts.required.every((p) => names.some((n) => (p.endsWith('/') ? n.startsWith(p) : n === p)));
  if (!ok) throw contentMismatch();
}

/** The same bytes as a Buffer, without a copy. */
export const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
