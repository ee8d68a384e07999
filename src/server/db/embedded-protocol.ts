// The messages between the main thread's `EmbeddedClient` and the embedded database's thread
// (pglite-thread.ts). Everything here crosses a structured clone: no functions, no classes.
import type { PGlite } from '@electric-sql/pglite';

/** How `dumpDataDir` compresses (PGlite does not export the type by name). */
export type DumpTarCompressionOptions = Parameters<PGlite['dumpDataDir']>[0];

export type Request =
  | { id: number; op: 'query'; txId?: number; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; rawTypes?: number[] }
  | { id: number; op: 'exec'; txId?: number; sql: string }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; txId: number; commit: boolean }
  | { id: number; op: 'listen'; listenerId: number; channel: string }
  | { id: number; op: 'unlisten'; listenerId: number }
  | { id: number; op: 'dump'; compression?: DumpTarCompressionOptions }
  | { id: number; op: 'close' };

/** Distributes `Omit` over the union, so that a request can be written without its id. */
export type RequestBody = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

/** An error as PGlite threw it: the message, and PostgreSQL's fields (code, constraint, detail …). */
export interface SerializedError {
  message: string;
  name?: string;
  stack?: string;
  fields: Record<string, unknown>;
}

/** The answer to request `id` (0: the database is open), or a notification for listener `notify`. */
export type Reply =
  | { id: number; result: unknown; error?: undefined }
  | { id: number; error: SerializedError; result?: undefined }
  | { notify: number; payload: string };
