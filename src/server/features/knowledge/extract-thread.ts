// A reading thread (reading-threads.ts): reads one file or web page after another, beside the event
// loop that serves HTTP. Started by reading-threads.ts; not imported by anything.
import { parentPort } from 'node:worker_threads';
import { ExtractionError, extractSections } from './extract.ts';
import type { ReadingAnswer, ReadingJob } from './reading-threads.ts';
import { decodeHtml, extractHtmlPage } from './website-extract.ts';

const port = parentPort!;

async function read(job: ReadingJob): Promise<unknown> {
  const bytes = Buffer.from(job.data.buffer, job.data.byteOffset, job.data.byteLength);
  if (job.kind === 'page') return extractHtmlPage(decodeHtml(bytes, job.contentType), job.url);
  return extractSections(bytes, job.extension);
}

port.on('message', (job: ReadingJob) => {
  read(job).then(
    (result) => port.postMessage({ result } satisfies ReadingAnswer),
    (err: unknown) =>
      port.postMessage(
        (err instanceof ExtractionError
          ? { extractionError: err.message }
          : { failure: err instanceof Error ? err.message : String(err) }) satisfies ReadingAnswer,
      ),
  );
});
