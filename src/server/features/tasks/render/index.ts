import type { DocumentFormat, DocumentInput } from '../../../ai/tools/document.ts';
import { ThreadPool } from '../../../platform/thread-pool.ts';
import type { DocumentMeta } from './house.ts';

export type { DocumentMeta } from './house.ts';

// Loaded on first use: the Office and PDF libraries take a good part of the server's start-up time.
const RENDERERS: Record<DocumentFormat, (doc: DocumentInput, meta: DocumentMeta) => Promise<Buffer>> = {
  docx: async (doc, meta) => (await import('./docx.ts')).renderDocx(doc, meta),
  xlsx: async (doc, meta) => (await import('./xlsx.ts')).renderXlsx(doc, meta),
  pptx: async (doc, meta) => (await import('./pptx.ts')).renderPptx(doc, meta),
  pdf: async (doc, meta) => (await import('./pdf.ts')).renderPdf(doc, meta),
};

/** The document's bytes in its format, in the house layout. */
export function renderDocument(doc: DocumentInput, meta: DocumentMeta): Promise<Buffer> {
  return RENDERERS[doc.format](doc, meta);
}

const rendering = new ThreadPool<{ doc: DocumentInput; meta: DocumentMeta }, Buffer>({
  script: new URL('./render-thread.ts', import.meta.url),
  name: 'mika-render',
  size: 2,
  idleMs: 30_000,
});

/**
 * renderDocument in a thread of its own (render-thread.ts), as a task's answer makes a document:
 * laying out a long table takes the libraries a second or more of CPU (a PDF of 300 rows 0.9 s, a
 * Word file of two such tables 0.9 s), which held every team's chat on the main thread. The signal
 * (the answer stopped) ends the thread at once.
 */
export function renderDocumentInThread(doc: DocumentInput, meta: DocumentMeta, signal?: AbortSignal): Promise<Buffer> {
  return rendering.run({ doc, meta }, signal);
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
