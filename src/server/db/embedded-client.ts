// The embedded database as the main thread sees it (decision 050): PGlite's query/exec/transaction/
// listen surface — what drizzle's PGlite driver, pg-boss's PGlite adapter and the LISTEN/NOTIFY
// caches use — carried out by PGlite in a worker thread (pglite-thread.ts). Statements of one
// transaction carry its id; the worker holds PGlite's own transaction open between messages, so
// PGlite serialises transactions exactly as it does on one thread.
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { DumpTarCompressionOptions, Reply, Request, RequestBody, SerializedError } from './embedded-protocol.ts';
import { openPglite, type PgliteInit } from './pglite-open.ts';

export interface EmbeddedQueryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

export interface EmbeddedTransaction extends EmbeddedQueryable {
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** The embedded database's client, on the main thread or in its own thread. */
export interface EmbeddedClient extends EmbeddedQueryable {
  transaction<T>(callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression?: DumpTarCompressionOptions): Promise<Blob>;
  close(): Promise<void>;
  readonly closed: boolean;
}

/** Where PGlite runs: its own thread (the default) or the main thread (`MIKA_EMBEDDED_DB_THREAD=main`). */
export type EmbeddedThread = 'worker' | 'main';

export async function openEmbedded(init: PgliteInit, thread: EmbeddedThread): Promise<EmbeddedClient> {
  if (thread === 'main') return openPglite(init); // PGlite itself offers this interface
  const client = new ThreadClient(init);
  await client.ready;
  return client;
}

/** Rebuilds the worker's error on this thread, with PostgreSQL's fields (code, constraint …) on it. */
function revive(e: SerializedError): Error {
  const err = Object.assign(new Error(e.message), e.fields);
  if (e.name) err.name = e.name;
  if (e.stack) err.stack = e.stack;
  return err;
}

/** The options a statement may carry across the thread: parsers only as "keep the text" (drizzle's). */
function statementOptions(options: QueryOptions | undefined): Pick<Extract<Request, { op: 'query' }>, 'rowMode' | 'rawTypes'> {
  if (!options) return {};
  const { rowMode, parsers, ...rest } = options;
  if (Object.keys(rest).length > 0) throw new Error(`query options ${Object.keys(rest).join(', ')} cannot cross to the database thread`);
  return { ...(rowMode ? { rowMode } : {}), ...(parsers ? { rawTypes: Object.keys(parsers).map(Number) } : {}) };
}

class ThreadClient implements EmbeddedClient {
  readonly ready: Promise<void>;
  #worker: Worker;
  #pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  #listeners = new Map<number, (payload: string) => void>();
  #next = 1;
  #closed = false;
  #failure: Error | undefined;

  constructor(init: PgliteInit) {
    const transfer = init.loadDataDir ? [init.loadDataDir] : [];
    this.#worker = new Worker(new URL('./pglite-thread.ts', import.meta.url), { name: 'mika-db', workerData: init, transferList: transfer });
    let opened!: { resolve: (value: unknown) => void; reject: (err: Error) => void };
    this.ready = new Promise<unknown>((resolve, reject) => (opened = { resolve, reject })).then(() => undefined);
    this.#pending.set(0, opened);
    this.#worker.on('message', (m: Reply) => {
      if ('notify' in m) return this.#listeners.get(m.notify)?.(m.payload);
      const pending = this.#pending.get(m.id);
      this.#pending.delete(m.id);
      if (this.#pending.size === 0) this.#worker.unref();
      if (m.error) pending?.reject(revive(m.error));
      else pending?.resolve(m.result);
    });
    this.#worker.on('error', (err: Error) => this.#fail(err));
    this.#worker.on('exit', (code) => {
      if (!this.#closed) this.#fail(new Error(`the embedded database's thread stopped (exit code ${code})`));
    });
  }

  /** The thread died: every waiting statement fails, and so does every later one. */
  #fail(err: Error) {
    this.#failure ??= err;
    this.#closed = true;
    for (const pending of this.#pending.values()) pending.reject(err);
    this.#pending.clear();
  }

  #call(request: RequestBody): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'));
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      // The thread keeps the process alive only while a statement waits for it (as a socket would).
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  get closed() {
    return this.#closed;
  }

  /** A statement outside a transaction (txId undefined) or in the open transaction txId. */
  #query<T>(txId: number | undefined, sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#call({ op: 'query', txId, sql, params, ...statementOptions(options) }) as Promise<Results<T>>;
  }

  #exec(txId: number | undefined, sql: string): Promise<Results[]> {
    return this.#call({ op: 'exec', txId, sql }) as Promise<Results[]>;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#exec(undefined, sql);
  }

  async transaction<T>(callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
    const txId = (await this.#call({ op: 'begin' })) as number;
    let closed = false;
    const end = async (commit: boolean) => {
      if (closed) return;
      closed = true;
      await this.#call({ op: 'end', txId, commit });
    };
    const isClosed = () => Promise.reject(new Error('Transaction is closed'));
    const tx: EmbeddedTransaction = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => (closed ? isClosed() : this.#query<R>(txId, sql, params, options)),
      exec: (sql: string) => (closed ? isClosed() : this.#exec(txId, sql)),
      rollback: () => end(false),
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      await end(false).catch(() => undefined); // the callback's error is the one to report
      throw err;
    }
    await end(true);
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listenerId = this.#next++;
    this.#listeners.set(listenerId, callback);
    try {
      await this.#call({ op: 'listen', listenerId, channel });
    } catch (err) {
      this.#listeners.delete(listenerId);
      throw err;
    }
    return async () => {
      this.#listeners.delete(listenerId);
      if (!this.#closed) await this.#call({ op: 'unlisten', listenerId });
    };
  }

  async dumpDataDir(compression?: DumpTarCompressionOptions): Promise<Blob> {
    const { bytes, type } = (await this.#call({ op: 'dump', compression })) as { bytes: ArrayBuffer; type: string };
    return new Blob([bytes], { type });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    try {
      await this.#call({ op: 'close' });
    } finally {
      this.#closed = true;
      await this.#worker.terminate();
    }
  }
}
