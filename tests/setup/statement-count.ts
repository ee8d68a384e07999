import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import type { Database } from '../../src/server/db/client.ts';
import type { EmbeddedClient, EmbeddedTransaction } from '../../src/server/db/embedded-client.ts';

/**
 * Counts the database statements (round trips) that work started inside `countStatements` causes,
 * wherever they run: a request made through app.inject inside it, the timers and promises it
 * starts. Background work started before (the job engine's polling, cron jobs) is not counted.
 * On PostgreSQL every `pg` client query is one round trip (BEGIN and COMMIT included); on PGlite
 * the client's query/exec, and a transaction's BEGIN and COMMIT, each count once.
 */
const current = new AsyncLocalStorage<string[]>();
const installed = new WeakSet<object>();

function record(text: string): void {
  current.getStore()?.push(text.replace(/\s+/g, ' ').trim());
}

/** Records each call of a PGlite client's (or transaction's) `query` or `exec` before it runs. */
function countCalls(target: EmbeddedClient | EmbeddedTransaction, method: 'query' | 'exec'): void {
  const original = (target[method] as (...a: unknown[]) => unknown).bind(target);
  (target as unknown as Record<string, unknown>)[method] = (text: string, ...rest: unknown[]) => {
    record(text);
    return original(text, ...rest);
  };
}

const textOf = (q: unknown): string => (typeof q === 'string' ? q : String((q as { text?: string })?.text ?? ''));

export function installStatementCounter(database: Database): void {
  if (database.kind === 'postgres') {
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    if (installed.has(proto)) return;
    installed.add(proto);
    const original = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      record(textOf(args[0]));
      return original.apply(this, args);
    };
    return;
  }
  const client = database.pglite!;
  if (installed.has(client)) return;
  installed.add(client);
  const transaction = client.transaction.bind(client);
  countCalls(client, 'query');
  countCalls(client, 'exec');
  client.transaction = (async <T>(callback: (tx: EmbeddedTransaction) => Promise<T>) => {
    record('BEGIN');
    try {
      const result = await transaction((tx) => {
        countCalls(tx, 'query');
        countCalls(tx, 'exec');
        return callback(tx);
      });
      record('COMMIT');
      return result;
    } catch (err) {
      record('ROLLBACK');
      throw err;
    }
  });
}

/** Runs `work` and returns its result with the text of every statement it caused, in order. */
export async function countStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const result = await current.run(statements, work);
  return { result, statements };
}
