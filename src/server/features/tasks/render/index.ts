import type { DocumentFormat, DocumentInput } from '../../../ai/tools/document.ts';
import { renderDocx } from './docx.ts';
import { renderPdf } from './pdf.ts';
import { renderPptx } from './pptx.ts';
import { renderXlsx } from './xlsx.ts';
import type { DocumentMeta } from './house.ts';

export type { DocumentMeta } from './house.ts';

const RENDERERS: Record<DocumentFormat, (doc: DocumentInput, meta: DocumentMeta) => Promise<Buffer>> = {
  docx: renderDocx,
  xlsx: renderXlsx,
  pptx: renderPptx,
  pdf: renderPdf,
};

/** The document's bytes in its format, in the house layout. */
export function renderDocument(doc: DocumentInput, meta: DocumentMeta): Promise<Buffer> {
  return RENDERERS[doc.format](doc, meta);
}

/**
 * The file name the user sees: the title with what file systems and headers dislike removed
 * (umlauts stay), at most 80 characters, plus the format's extension.
 */
export function documentFileName(title: string, format: DocumentFormat): string {
  const base = title
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what goes
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 80)
    .trim();
  return `${base || 'Dokument'}.${format}`;
}
