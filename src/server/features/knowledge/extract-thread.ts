// A reading thread (reading-threads.ts): reads one file or web page after another, beside the event
// loop that serves HTTP. Started by the reading threads' pool; not imported by anything.
import { asBuffer } from '../../platform/file-content.ts';
import { answerJobs } from '../../platform/thread-pool.ts';
import { ExtractionError, extractSections } from './extract.ts';
import type { ReadingJob } from './reading-threads.ts';
import { decodeHtml, extractHtmlPage } from './website-extract.ts';

answerJobs<ReadingJob>(
  async (job) => {
    const bytes = asBuffer(job.data);
    if (job.kind === 'page') return extractHtmlPage(decodeHtml(bytes, job.contentType), job.url);
    return extractSections(bytes, job.extension);
  },
  (err) => err instanceof ExtractionError,
);
