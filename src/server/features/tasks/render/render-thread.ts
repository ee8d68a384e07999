// A document-rendering thread (renderDocumentInThread in index.ts): lays out one document after
// another beside the event loop that serves HTTP. Started by the rendering pool; not imported by anything.
import { answerJobs } from '../../../platform/thread-pool.ts';
import type { DocumentInput } from '../../../ai/tools/document.ts';
import { renderDocument, type DocumentMeta } from './index.ts';

answerJobs<{ doc: DocumentInput; meta: DocumentMeta }>(({ doc, meta }) => renderDocument(doc, meta));
