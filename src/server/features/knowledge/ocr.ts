// Text recognition (OCR) for what a team scanned or photographed: the pages of a PDF that hold no
// text of their own, a Word or OpenDocument file that is a pasted scan, slides that are pictures,
// and pictures of documents (JPEG, PNG, TIFF with its pages, WebP, GIF).
// Tesseract (tesseract.js: WebAssembly in a worker thread) with its German model, shipped as an
// npm package — nothing is downloaded at run time, nothing leaves the server. One worker for the
// thread that uses it (a file's reading thread, extract-thread.ts): its pictures are recognized one
// after another; it starts on first use and ends after a quiet half minute.
// docs/knowledge.md#scans-and-pictures
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { Page, Worker } from 'tesseract.js';
import { appendAll, minOf } from '../../../shared/arrays.ts';

/** The German model (tessdata «best», integer-quantized; 1.3 MB) from its npm package. */
const LANG_PATH = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/deu/package.json')),
  '4.0.0_best_int',
);

/** Pages (or pictures) of one file that are recognized (1–12 s each): a longer scan is read up to here. */
export const MAX_OCR_PAGES = 100;
/** A page of a PDF with less text than this (a scanner's footer, a stamp) is treated as a scan. */
export const SCANNED_PAGE_TEXT = 50;
/** A picture on a scanned page smaller than this share of the page (a logo, a signature) is not read. */
const MIN_PAGE_SHARE = 0.05;
/** A picture in a document whose long side is shorter than this (an icon, a logo) is not read. */
const MIN_PICTURE_EDGE = 400;
/** Pictures are recognized at most this large (a 300-dpi A4 scan is 2480 × 3508) … */
const MAX_EDGE = 4000;
/** … and small ones enlarged to this (Tesseract reads letters of about 20 pixels best). */
const MIN_EDGE = 1600;
/**
 * A picture declaring more pixels than this is not decoded (a «decompression bomb»; decoded it
 * would take three bytes a pixel): a 50-megapixel phone photo still is.
 */
const MAX_INPUT_PIXELS = 60_000_000;
/** Lines Tesseract is less sure of than this (0–100) are noise: a photo's background, a stain, a logo. */
const MIN_CONFIDENCE = 55;
/** Below this the picture may lie on its side or upside down: the other three turns are tried. */
const TURN_BELOW = 70;
/** One recognition that takes longer than this ends its worker (a new one starts for the next). */
const RECOGNITION_TIMEOUT_MS = 120_000;
const IDLE_MS = 30_000;

let worker: Promise<Worker> | null = null;
let queue: Promise<unknown> = Promise.resolve();
let idleTimer: NodeJS.Timeout | undefined;

async function startWorker(): Promise<Worker> {
  const { createWorker, OEM } = await import('tesseract.js');
  // cacheMethod 'none': the model is read from its package, never written to (or read from) the
  // working directory, which tesseract.js otherwise uses as its cache.
  return createWorker('deu', OEM.LSTM_ONLY, { langPath: LANG_PATH, cacheMethod: 'none', gzip: true, logger: () => {} });
}

/** Ends the recognition worker (it starts again when needed): at shutdown and after a quiet spell. */
export async function stopOcr(): Promise<void> {
  clearTimeout(idleTimer);
  const running = worker;
  worker = null;
  if (running) await running.then((w) => w.terminate()).catch(() => undefined);
}

/** A running worker ends after IDLE_MS without a picture (the timer never keeps the process up). */
function endWhenIdle() {
  clearTimeout(idleTimer);
  if (worker) idleTimer = setTimeout(() => void stopOcr(), IDLE_MS).unref();
}

/** One task at a time on the one worker, in the order asked. */
function exclusive<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/** The promise, unless the signal aborts (or has aborted already) or the time runs out first. */
function bounded<T>(promise: Promise<T>, signal: AbortSignal | undefined, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // A signal that aborted while the worker started fires no 'abort' event any more: the picture
    // would have been read to its end (seen once on a loaded machine).
    if (signal?.aborted) {
      promise.catch(() => undefined);
      return reject(signal.reason as Error);
    }
    const timer = setTimeout(() => reject(new Error(`text recognition took longer than ${ms} ms`)), ms);
    const onAbort = () => reject(signal!.reason as Error);
    signal?.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    });
  });
}

/** A4's long side in inches: a picture's resolution is guessed as if it showed an A4 page. */
const A4_INCHES = 11.69;

/**
 * Reads one prepared picture. `longEdge` (pixels) gives Tesseract the resolution to assume, which
 * it otherwise guesses from the file (and logs a warning for each picture it finds none in).
 */
async function recognize(png: Buffer, longEdge: number, signal: AbortSignal | undefined): Promise<Page> {
  return exclusive(async () => {
    signal?.throwIfAborted();
    clearTimeout(idleTimer);
    worker ??= startWorker().catch((err: unknown) => {
      worker = null;
      throw err;
    });
    try {
      const w = await worker;
      signal?.throwIfAborted();
      const dpi = Math.min(600, Math.max(70, Math.round(longEdge / A4_INCHES)));
      await w.setParameters({ user_defined_dpi: String(dpi) });
      const { data } = await bounded(w.recognize(png, {}, { text: false, blocks: true }), signal, RECOGNITION_TIMEOUT_MS);
      return data;
    } catch (err) {
      // Aborted or stuck mid-picture, the worker's state is unknown: it is ended, not reused.
      await stopOcr();
      throw err;
    } finally {
      endWhenIdle();
    }
  });
}

/** Words after which a hyphen at a line's end is a German «Bäcker- und Konditorei», not a break. */
const AFTER_OPEN_HYPHEN = /^(und|oder|bzw\.|sowie|bis)\b/;

/** A paragraph's lines as one text: a word hyphenated at a line's end is joined again. */
export function paragraphText(lines: string[]): string {
  let text = '';
  for (const line of lines.map((l) => l.replace(/\s+/g, ' ').trim()).filter(Boolean)) {
    if (/\p{Ll}-$/u.test(text) && /^\p{Ll}/u.test(line) && !AFTER_OPEN_HYPHEN.test(line)) text = text.slice(0, -1) + line;
    else text = text ? `${text} ${line}` : line;
  }
  return text;
}

interface ReadLine {
  text: string;
  /** The middle of its baseline (a tilted scan's lines stay apart by it, where their boxes overlap). */
  y: number;
  /** The paragraph Tesseract put it in. */
  paragraph: number;
}

/**
 * What Tesseract read with confidence, as paragraphs. Tesseract often takes a whole scanned page
 * for one paragraph; a line further below the one before than 1.5 times the page's closest line
 * pitch starts a new one (a blank line, a table row). Lines it is unsure of are left out.
 */
function paragraphsOf(page: Page): string[] {
  const lines: ReadLine[] = [];
  let paragraphIndex = 0;
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      paragraphIndex++;
      for (const line of paragraph.lines) {
        if (line.confidence < MIN_CONFIDENCE || !/\p{L}{2}|\d/u.test(line.text)) continue;
        lines.push({ text: line.text, y: (line.baseline.y0 + line.baseline.y1) / 2, paragraph: paragraphIndex });
      }
    }
  }
  const pitches = lines.slice(1).map((line, i) => line.y - lines[i]!.y);
  const rows = page.blocks?.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.map((l) => l.rowAttributes.rowHeight))) ?? [];
  // Lines side by side (columns) are not a pitch: only steps of at least half a row count.
  const halfRow = rows.length ? rows.reduce((a, b) => a + b, 0) / rows.length / 2 : 0;
  const line = minOf(pitches.filter((p) => p >= halfRow), Infinity);
  const out: string[][] = [];
  lines.forEach((l, i) => {
    const before = lines[i - 1];
    const apart = !before || l.paragraph !== before.paragraph || l.y - before.y > 1.5 * line || l.y < before.y;
    if (apart) out.push([l.text]);
    else out[out.length - 1]!.push(l.text);
  });
  return out.map(paragraphText).filter((p) => p !== '');
}

/**
 * The picture as Tesseract reads it best: upright by its EXIF turn, grey, sized. (Its levels are
 * left alone: stretching them brought out a JPEG's artefacts and cost letters.)
 */
async function prepared(image: Sharp, width: number, height: number): Promise<{ png: Buffer; longEdge: number }> {
  const edge = Math.max(width, height);
  const scale = edge > MAX_EDGE ? MAX_EDGE / edge : edge < MIN_EDGE ? MIN_EDGE / edge : 1;
  const out = image.autoOrient().greyscale();
  const sized = scale === 1 ? out : out.resize(Math.round(width * scale), Math.round(height * scale), { fit: 'fill' });
  return { png: await sized.png({ compressionLevel: 1 }).toBuffer(), longEdge: Math.round(edge * scale) };
}

/**
 * The text of one picture, paragraph by paragraph. A picture read with little confidence is tried
 * on its other three sides too (a page scanned sideways) and the surest reading kept.
 */
async function recognizePicture(open: () => Sharp, signal: AbortSignal | undefined): Promise<string[]> {
  const meta = await open().metadata();
  // EXIF orientations 5–8 swap width and height once applied.
  const swapped = (meta.orientation ?? 1) >= 5;
  const width = swapped ? meta.height : meta.width;
  const height = swapped ? meta.width : meta.height;
  if (!width || !height) return [];
  const upright = await prepared(open(), width, height);
  let best: Page | null = null;
  for (const turn of [0, 90, 270, 180]) {
    const picture = turn === 0 ? upright.png : await sharp(upright.png).rotate(turn).png({ compressionLevel: 1 }).toBuffer();
    const page = await recognize(picture, upright.longEdge, signal);
    if (!best || page.confidence > best.confidence) best = page;
    // Sure enough, or nothing that looks like text at all (a photo): no other side is tried.
    if (best.confidence >= TURN_BELOW || (turn === 0 && (page.blocks ?? []).length === 0)) break;
  }
  return best ? paragraphsOf(best) : [];
}

export interface RecognizedPage {
  /** 1-based; a single picture is page 1. */
  page: number;
  paragraphs: string[];
}

/**
 * The text of a picture file, page by page (a TIFF's pages; of an animated GIF or WebP the first
 * picture). Throws when the file is not a picture sharp decodes, or declares too many pixels.
 */
export async function recognizeImageFile(data: Buffer, signal?: AbortSignal): Promise<RecognizedPage[]> {
  const meta = await sharp(data, { limitInputPixels: false }).metadata();
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_INPUT_PIXELS) throw new Error('picture too large');
  const pages = meta.format === 'tiff' ? Math.min(meta.pages ?? 1, MAX_OCR_PAGES) : 1;
  const out: RecognizedPage[] = [];
  for (let page = 0; page < pages; page++) {
    const paragraphs = await recognizePicture(() => sharp(data, { page, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }), signal);
    out.push({ page: page + 1, paragraphs });
  }
  return out;
}

interface PdfPicture {
  png: Buffer;
  top: number;
  left: number;
}

/** The pictures on one page of a PDF that cover a real share of it (the scan), top to bottom. */
async function pagePictures(data: Buffer, page: number, signal: AbortSignal | undefined): Promise<PdfPicture[]> {
  const { OfficeParser } = await import('officeparser');
  // One page at a time: a page's pictures are decoded, read and let go before the next.
  const ast = await OfficeParser.parseOffice(data, {
    fileType: 'pdf' as never,
    extractAttachments: true,
    abortSignal: signal ?? null,
    pdfParserConfig: { pageRange: String(page) },
  });
  const attachments = new Map((ast.attachments ?? []).map((a) => [a.name, a.data]));
  const pictures: PdfPicture[] = [];
  for (const node of ast.content) {
    const meta = (node.metadata ?? {}) as { pageWidth?: number; pageHeight?: number };
    const pageArea = (meta.pageWidth ?? 0) * (meta.pageHeight ?? 0);
    for (const child of node.children ?? []) {
      const name = (child.metadata as { attachmentName?: string } | undefined)?.attachmentName;
      const b = child.bounds;
      const data = name ? attachments.get(name) : undefined;
      if (child.type !== 'image' || !b || typeof data !== 'string') continue;
      if (pageArea > 0 && (b.width * b.height) / pageArea < MIN_PAGE_SHARE) continue;
      pictures.push({ png: Buffer.from(data, 'base64'), top: b.y, left: b.x });
    }
  }
  return pictures.sort((a, b) => a.top - b.top || a.left - b.left);
}

/**
 * The text of a picture inside a document (a PDF page's scan, a picture pasted into Word or onto a
 * slide); nothing for one that is no picture sharp reads (an Office drawing's EMF) or too small to
 * hold a page of writing (an icon). Only a cancellation is thrown.
 */
export async function recognizeEmbeddedPicture(picture: Buffer, signal?: AbortSignal): Promise<string[]> {
  try {
    const open = () => sharp(picture, { limitInputPixels: MAX_INPUT_PIXELS });
    const { width = 0, height = 0 } = await open().metadata();
    if (Math.max(width, height) < MIN_PICTURE_EDGE) return [];
    return await recognizePicture(open, signal);
  } catch (err) {
    if (signal?.aborted) throw err;
    return [];
  }
}

/** The recognized text of the given pages of a PDF (its scanned ones), at most MAX_OCR_PAGES of them. */
export async function recognizePdfPages(data: Buffer, pages: number[], signal?: AbortSignal): Promise<RecognizedPage[]> {
  const out: RecognizedPage[] = [];
  for (const page of pages.slice(0, MAX_OCR_PAGES)) {
    const paragraphs: string[] = [];
    for (const picture of await pagePictures(data, page, signal)) appendAll(paragraphs, await recognizeEmbeddedPicture(picture.png, signal));
    out.push({ page, paragraphs });
  }
  return out;
}
