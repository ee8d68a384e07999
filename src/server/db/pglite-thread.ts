// The embedded database's own thread (decision 050): one PGlite instance, driven by messages from
// the main thread's `EmbeddedClient` (embedded-client.ts). Its WebAssembly work — parsing, planning,
// executing, encoding rows — then runs on a second core instead of blocking the event loop that
// serves HTTP. Started by `openEmbedded`; not imported by anything else.
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction, QueryOptions } from '@electric-sql/pglite';
import { openPglite, type PgliteInit } from './pglite-open.ts';
import { preparedQueries } from './pglite-prepared.ts';
import type { Reply, Request, SerializedError } from './embedded-protocol.ts';

const port = parentPort!;
const init = workerData as PgliteInit;

const keepText = (value: string) => value;

/** Options by row mode and raw types: drizzle sends the same few with every statement. */
const optionsCache = new Map<string, QueryOptions>();

/**
 * A statement's options as PGlite wants them: the parsers named by type come back as "keep the text".
 * One object per combination, so the prepared path can merge its parsers once (pglite-prepared.ts).
 */
function queryOptions(rowMode: 'array' | 'object' | undefined, rawTypes: number[] | undefined): QueryOptions | undefined {
  if (!rowMode && !rawTypes) return undefined;
  const key = `${rowMode ?? ''}|${rawTypes?.join(',') ?? ''}`;
  let options = optionsCache.get(key);
  if (!options) {
    options = {
      ...(rowMode ? { rowMode } : {}),
      ...(rawTypes ? { parsers: Object.fromEntries(rawTypes.map((oid) => [oid, keepText])) } : {}),
    };
    optionsCache.set(key, options);
  }
  return options;
}

/** What the main thread needs of an error to rebuild it: PostgreSQL's fields (code, constraint …). */
function serialize(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { message: String(err), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    if (key === 'queryOptions') continue; // may hold functions
    if (value === undefined || typeof value === 'function') continue;
    fields[key] = value;
  }
  return { message: err.message, name: err.name, stack: err.stack, fields };
}

/** The thread's exit code when PGlite can answer nothing more (70: EX_SOFTWARE, an internal error). */
const EXIT_PGLITE_BROKEN = 70;

/** Thrown inside PGlite's transaction callback to make it roll back; never leaves this thread. */
const ROLLBACK = Symbol('rollback');

interface OpenTransaction {
  tx: Transaction;
  end: (commit: boolean) => void;
  settled: Promise<void>;
}

async function main() {
  let db: PGlite;
  try {
    db = await openPglite(init);
  } catch (err) {
    port.postMessage({ id: 0, error: serialize(err) } satisfies Reply);
    return;
  }
  const prepared = preparedQueries(db);
  const transactions = new Map<number, OpenTransaction>();
  const listeners = new Map<number, () => Promise<void>>();
  let nextTx = 1;

  /** The open transaction a statement names; undefined for a statement outside one. */
  const txOf = (txId: number | undefined): Transaction | undefined => {
    if (txId === undefined) return undefined;
    const open = transactions.get(txId);
    if (!open) throw new Error(`transaction ${txId} is not open`);
    return open.tx;
  };

  const handle = async (m: Request): Promise<unknown> => {
    switch (m.op) {
      case 'query':
        return prepared.query(m.sql, m.params, queryOptions(m.rowMode, m.rawTypes), txOf(m.txId));
      case 'exec':
        return (txOf(m.txId) ?? db).exec(m.sql);
      case 'begin':
        return new Promise<number>((resolveBegin, rejectBegin) => {
          const txId = nextTx++;
          let end!: (commit: boolean) => void;
          const ended = new Promise<boolean>((resolve) => (end = resolve));
          const settled = db
            .transaction(async (tx) => {
              transactions.set(txId, { tx, end, settled });
              resolveBegin(txId);
              if (!(await ended)) throw ROLLBACK;
            })
            .then(
              () => undefined,
              (err: unknown) => {
                if (err === ROLLBACK) return;
                rejectBegin(err instanceof Error ? err : new Error(String(err))); // BEGIN itself failed (the callback never ran)
                throw err;
              },
            )
            .finally(() => transactions.delete(txId));
          settled.catch(() => undefined);
        });
      case 'end': {
        const open = transactions.get(m.txId);
        if (!open) throw new Error(`transaction ${m.txId} is not open`);
        open.end(m.commit);
        await open.settled;
        return undefined;
      }
      case 'listen': {
        const stop = await db.listen(m.channel, (payload) => port.postMessage({ notify: m.listenerId, payload } satisfies Reply));
        listeners.set(m.listenerId, stop);
        return undefined;
      }
      case 'unlisten': {
        const stop = listeners.get(m.listenerId);
        listeners.delete(m.listenerId);
        if (stop && !db.closed) await stop();
        return undefined;
      }
      case 'dump': {
        const file = await db.dumpDataDir(m.compression);
        return { bytes: await file.arrayBuffer(), type: file.type };
      }
      case 'close':
        await db.close();
        return undefined;
    }
  };

  port.on('message', (m: Request) => {
    handle(m).then(
      (result) => port.postMessage({ id: m.id, result } satisfies Reply),
      (err: unknown) => {
        port.postMessage({ id: m.id, error: serialize(err) } satisfies Reply);
        // PostgreSQL's WebAssembly aborted or exited: this PGlite answers nothing any more. The
        // thread ends, and the main thread opens the data directory in a new one (embedded-client.ts).
        if (err instanceof WebAssembly.RuntimeError || (err as { name?: string } | null)?.name === 'ExitStatus') process.exit(EXIT_PGLITE_BROKEN);
      },
    );
  });
  port.postMessage({ id: 0, result: null } satisfies Reply);
}

void main();
