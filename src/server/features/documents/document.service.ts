import { requireAccess } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Deps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/session.ts';
import { CONVERSATION_MESSAGES } from '../../../shared/messages.ts';
import { findThreadDocumentSource } from '../chat/index.ts';
import type { DocumentSources } from '../../platform/document-source.ts';

/** Content types by extension; anything else is never served. */
const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
};

/** pdf and images open in the browser; Office and text files download (docs/product/tasks-and-images.md). */
const INLINE = new Set(['pdf', 'png', 'jpg', 'jpeg']);

export interface ServedDocument {
  data: Buffer;
  contentType: string;
  disposition: 'inline' | 'attachment';
  fileName: string;
  extension: string;
}

/**
 * A document handed out in the token's thread: the message must exist in THAT thread (another
 * thread's or team's file answers 404 like a missing one), and its source must still have it.
 */
export async function readThreadDocument(
  deps: Deps,
  sources: DocumentSources,
  auth: AuthContext | null,
  ref: { assistantUuid: string; file: string; token?: string | undefined },
): Promise<ServedDocument> {
  requireAccess(auth, 'anyone');
  const notFound = () => new AppError('NOT_FOUND', CONVERSATION_MESSAGES.documentUnavailable);
  if (!ref.token) throw notFound();
  const found = await findThreadDocumentSource(deps, auth, { ...ref, token: ref.token }).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'NOT_FOUND') throw notFound();
    throw err;
  });
  if (!found) throw notFound();
  const colon = found.source.indexOf(':');
  const source = sources[found.source.slice(0, colon)];
  const document = await source?.read(deps, { assistantId: found.assistant.id, ref: found.source.slice(colon + 1) });
  const contentType = document && CONTENT_TYPES[document.extension];
  if (!document || !contentType) throw notFound();
  return {
    data: document.data,
    contentType,
    disposition: INLINE.has(document.extension) ? 'inline' : 'attachment',
    fileName: ref.file,
    extension: document.extension,
  };
}

/** RFC 6266 with an ASCII fallback and the UTF-8 name (umlauts in German file names). */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
