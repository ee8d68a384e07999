import type { Deps } from './deps.ts';

/**
 * A feature that hands out documents in conversations (assets today, generated task documents
 * next) registers one of these under its kind in app.ts. A document message stores
 * `document_source = '{kind}:{ref}'`; the document route asks the source of that kind for the
 * bytes, bound to the assistant of the thread the token opened.
 */
export interface DocumentSource {
  /** The bytes and their real extension; undefined when the document is gone. */
  read(deps: Deps, ref: { assistantId: number; ref: string }): Promise<{ data: Buffer; extension: string } | undefined>;
}

export type DocumentSources = Readonly<Record<string, DocumentSource>>;
