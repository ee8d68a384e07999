// The threads knowledge is read in (platform/thread-pool.ts, extract-thread.ts): parsing a file or a
// web page is CPU work that runs for seconds — a workbook of 20,000 rows held the event loop, and
// with it every team's chat, for 1.4 s; a web page of 600 KB for 4.5 s (happy-dom and Readability);
// a scan's pictures are decoded and recognized.
import { jobBytes, ThreadPool } from '../../platform/thread-pool.ts';
import { ExtractionError, type Section } from './extract.ts';
import type { ExtractedPage } from './website-extract.ts';

/** What a reading thread is asked to read (extract-thread.ts). */
export type ReadingJob =
  | { kind: 'file'; data: Uint8Array; extension: string }
  | { kind: 'page'; data: Uint8Array; contentType: string | null; url: string };

const reading = new ThreadPool<ReadingJob, unknown>({
  script: new URL('./extract-thread.ts', import.meta.url),
  name: 'mika-extract',
  // The ingestion job reads two files at a time; a website's pages besides.
  size: 3,
  idleMs: 30_000,
  expectedError: (message) => new ExtractionError(message),
});

/**
 * extractSections in a reading thread, as the ingestion and website jobs read files: the event
 * loop that serves every team's requests stays free while a file is parsed or a scan recognized.
 * The signal ends the thread at once; an ExtractionError comes back as one.
 */
export async function extractInThread(data: Buffer, extension: string, signal?: AbortSignal): Promise<Section[]> {
  return (await reading.run({ kind: 'file', data: jobBytes(data), extension }, signal)) as Section[];
}

/** A fetched web page's main content and links (decodeHtml and extractHtmlPage) in a reading thread. */
export async function extractPageInThread(body: Buffer, contentType: string | null, url: string, signal?: AbortSignal): Promise<ExtractedPage> {
  return (await reading.run({ kind: 'page', data: jobBytes(body), contentType, url }, signal)) as ExtractedPage;
}
