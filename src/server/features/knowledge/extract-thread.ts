// The threads knowledge files are read in (extractInThread in extract.ts): parsing a file is CPU
// work that runs for seconds — a workbook of 20,000 rows held the event loop, and with it every
// team's chat, for 1.4 s; a scan's pictures are decoded and recognized. Here it runs beside the
// event loop that serves HTTP, one file after another per thread (a cancelled file ends its thread,
// whatever it was doing). Started by extract.ts; not imported by anything.
import { parentPort } from 'node:worker_threads';
import { ExtractionError, extractSections } from './extract.ts';

const port = parentPort!;

port.on('message', ({ data, extension }: { data: Uint8Array; extension: string }) => {
  extractSections(Buffer.from(data.buffer, data.byteOffset, data.byteLength), extension).then(
    (sections) => port.postMessage({ sections }),
    (err: unknown) =>
      port.postMessage(
        err instanceof ExtractionError ? { extractionError: err.message } : { failure: err instanceof Error ? err.message : String(err) },
      ),
  );
});
