// A reading thread (reading-threads.ts): reads one file or web page after another, beside the event
// loop that serves HTTP. Started by the reading threads' pool; not imported by anything.
import { answerJobs } from '../../platform/thread-pool.ts';
import { ExtractionError, extractSections } from './extract.ts';
import type { ReadingJob } from './reading-threads.ts';
import { decodeHtml, extractHtmlPage } from './website-extract.ts';

answerJobs<ReadingJob>(
  async (job) => {
    const bytes = Buffer.from(job.data.buffer, job.data.byteOffset, job.data.byteLength);
    if (job.kind === 'page') return extractHtmlPage(decodeHtml(bytes, job.contentType), job.url);
    return extractSections(bytes, job.extension);
  },
  (err) => err instanceof ExtractionError,
);
