// The threads knowledge is read in: parsing a file or a web page is CPU work that runs for seconds
// — a workbook of 20,000 rows held the event loop, and with it every team's chat, for 1.4 s; a web
// page of 250 KB for 1.2 s (happy-dom and Readability); a scan's pictures are decoded and
// recognized. Here it runs beside the event loop that serves HTTP (extract-thread.ts), one piece
// after another per thread; a cancelled one ends its thread, whatever it was doing.
import { Worker as Thread } from 'node:worker_threads';
import { ExtractionError, type Section } from './extract.ts';
import type { ExtractedPage } from './website-extract.ts';

/** What a reading thread is asked to read (extract-thread.ts answers it). */
export type ReadingJob =
  | { kind: 'file'; data: Uint8Array; extension: string }
  | { kind: 'page'; data: Uint8Array; contentType: string | null; url: string };

/** A reading thread's answer: the result, or an ExtractionError's German message, or a failure. */
export type ReadingAnswer = { result: unknown } | { extractionError: string } | { failure: string };

/** Pieces read at the same time in threads (the ingestion job reads two files at a time; a website's pages). */
const READING_THREADS = 3;
/** A reading thread without work for this long is ended (it starts again in about 0.3 s). */
const READER_IDLE_MS = 30_000;

interface Reader {
  thread: Thread;
  /** Handed out (set when acquired, before any await: two pieces never share a thread). */
  busy: boolean;
  /** The piece it reads now, answered by its next message. */
  current: { resolve: (result: unknown) => void; reject: (err: Error) => void } | null;
  idle?: NodeJS.Timeout;
}

const readers: Reader[] = [];
const waitingForReader: ((reader: Reader) => void)[] = [];

function startReader(): Reader {
  const thread = new Thread(new URL('./extract-thread.ts', import.meta.url), { name: 'mika-extract' });
  const reader: Reader = { thread, busy: true, current: null };
  const lost = (err: Error) => {
    const index = readers.indexOf(reader);
    if (index >= 0) readers.splice(index, 1);
    clearTimeout(reader.idle);
    reader.current?.reject(err);
    reader.current = null;
    // A piece waiting for a thread gets a new one in its place.
    const next = waitingForReader.shift();
    if (next) next(startReader());
  };
  thread.on('message', (m: ReadingAnswer) => {
    const current = reader.current;
    reader.current = null;
    if ('result' in m) current?.resolve(m.result);
    else if ('extractionError' in m) current?.reject(new ExtractionError(m.extractionError));
    else current?.reject(new Error(`reading failed: ${m.failure}`));
    release(reader);
  });
  thread.on('error', lost);
  thread.on('exit', (code) => lost(new Error(`the reading thread stopped (exit code ${code})`)));
  readers.push(reader);
  return reader;
}

/** A free reading thread: an idle one, a new one while there are fewer than READING_THREADS, else the next freed. */
function acquireReader(): Promise<Reader> {
  const idle = readers.find((r) => !r.busy);
  if (idle) {
    idle.busy = true;
    return Promise.resolve(idle);
  }
  if (readers.length < READING_THREADS) return Promise.resolve(startReader());
  return new Promise((resolve) => waitingForReader.push(resolve));
}

function release(reader: Reader) {
  const next = waitingForReader.shift();
  if (next) return next(reader);
  reader.busy = false;
  reader.thread.unref();
  reader.idle = setTimeout(() => void reader.thread.terminate(), READER_IDLE_MS).unref();
}

/** Ends the reading threads (at shutdown; they start again when something is read). */
export async function stopReadingThreads(): Promise<void> {
  await Promise.all(readers.splice(0).map((r) => r.thread.terminate()));
}

/** One job on a reading thread. The signal ends the thread at once; an ExtractionError comes back as one. */
async function readInThread(job: ReadingJob, signal: AbortSignal | undefined): Promise<unknown> {
  signal?.throwIfAborted();
  const reader = await acquireReader();
  clearTimeout(reader.idle);
  reader.thread.ref();
  if (signal?.aborted) {
    release(reader);
    throw signal.reason as Error;
  }
  const reading = new Promise<unknown>((resolve, reject) => (reader.current = { resolve, reject }));
  reader.thread.postMessage(job);
  const onAbort = () => void reader.thread.terminate();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await reading;
  } catch (err) {
    throw signal?.aborted ? (signal.reason as Error) : err;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * extractSections in a reading thread, as the ingestion and website jobs read files: the event
 * loop that serves every team's requests stays free while a file is parsed or a scan recognized.
 */
export async function extractInThread(data: Buffer, extension: string, signal?: AbortSignal): Promise<Section[]> {
  // A copy: the caller keeps its bytes.
  return (await readInThread({ kind: 'file', data: new Uint8Array(data), extension }, signal)) as Section[];
}

/** A fetched web page's main content and links (decodeHtml and extractHtmlPage) in a reading thread. */
export async function extractPageInThread(body: Buffer, contentType: string | null, url: string, signal?: AbortSignal): Promise<ExtractedPage> {
  return (await readInThread({ kind: 'page', data: new Uint8Array(body), contentType, url }, signal)) as ExtractedPage;
}
