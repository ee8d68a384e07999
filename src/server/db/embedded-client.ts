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
  /**
   * As `listen`; `onLost` is called when the database's thread died and notifications may have been
   * missed (the listener is then gone). Only the database in its own thread offers it.
   */
  listenUntilLost?(channel: string, callback: (payload: string) => void, onLost: (err: Error) => void): Promise<() => Promise<void>>;
  /** `listener` hears once that the database cannot serve any more (its own thread only). */
  onFatal?(listener: (err: Error) => void): void;
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

/** A transaction: its id in the thread it began on. */
interface OpenTx {
  id: number;
  generation: number;
}

/** The options a statement may carry across the thread: parsers only as "keep the text" (drizzle's). */
function statementOptions(options: QueryOptions | undefined): Pick<Extract<Request, { op: 'query' }>, 'rowMode' | 'rawTypes'> {
  if (!options) return {};
  const { rowMode, parsers, ...rest } = options;
  if (Object.keys(rest).length > 0) throw new Error(`query options ${Object.keys(rest).join(', ')} cannot cross to the database thread`);
  return { ...(rowMode ? { rowMode } : {}), ...(parsers ? { rawTypes: Object.keys(parsers).map(Number) } : {}) };
}

/**
 * How often the thread may die and be started again before the client gives up: a database that
 * keeps failing (a statement that crashes PGlite each time) must stop the process, not loop.
 */
const RESTARTS_ALLOWED = 3;
const RESTART_WINDOW_MS = 10 * 60_000;

/** The key of the thread itself, for the tests that make it die (embedded-client.test.ts). */
export const THREAD_FOR_TESTS = Symbol('the embedded database thread');

class ThreadClient implements EmbeddedClient {
  readonly ready: Promise<void>;
  #init: PgliteInit;
  #worker!: Worker;
  /** Counts the threads started: a transaction belongs to the thread it began on. */
  #generation = 0;
  /** While a new thread opens the data directory after the last one died: calls wait for it. */
  #restarting: Promise<void> | undefined;
  #restarts: number[] = [];
  #pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  #listeners = new Map<number, { onMessage: (payload: string) => void; onLost?: (err: Error) => void }>();
  #onFatal = new Set<(err: Error) => void>();
  #next = 1;
  #closed = false;
  #failure: Error | undefined;

  constructor(init: PgliteInit) {
    this.#init = init;
    // A database that does not open is given up at once: its caller releases the data directory's
    // lock, so the thread's end that follows must not start another one on it.
    this.ready = this.#start().catch((err: unknown) => {
      this.#fatal(err instanceof Error ? err : new Error(String(err)));
      throw err;
    });
  }

  /** Starts a thread on the data directory (the dump to start from is used by the first one only). */
  #start(): Promise<void> {
    const init = this.#generation === 0 ? this.#init : { dataDir: this.#init.dataDir };
    const transfer = init.loadDataDir ? [init.loadDataDir] : [];
    const generation = ++this.#generation;
    const worker = new Worker(new URL('./pglite-thread.ts', import.meta.url), { name: 'mika-db', workerData: init, transferList: transfer });
    this.#worker = worker;
    let opened!: { resolve: (value: unknown) => void; reject: (err: Error) => void };
    const ready = new Promise<unknown>((resolve, reject) => (opened = { resolve, reject })).then(() => undefined);
    this.#pending.set(0, opened);
    worker.on('message', (m: Reply) => {
      if ('notify' in m) return this.#listeners.get(m.notify)?.onMessage(m.payload);
      const pending = this.#pending.get(m.id);
      this.#pending.delete(m.id);
      if (this.#pending.size === 0) worker.unref();
      if (m.error) pending?.reject(revive(m.error));
      else pending?.resolve(m.result);
    });
    worker.on('error', (err: Error) => this.#lost(generation, err));
    worker.on('exit', (code) => this.#lost(generation, new Error(`the embedded database's thread stopped (exit code ${code})`)));
    return ready;
  }

  /**
   * The thread died (an uncaught error, PGlite aborted, the thread was killed). What it had not
   * answered fails, open transactions are gone (PostgreSQL rolls them back when the data directory
   * is opened again), listeners hear that they may have missed notifications. A database in a
   * directory is opened again by a new thread — what was committed is there, as after kill -9 —
   * unless it died too often; a database in memory is gone, and so is one that failed for good:
   * every later call fails and `onFatal` is told (the server then stops, see bootstrap.ts).
   */
  #lost(generation: number, err: Error) {
    if (this.#closed || generation !== this.#generation) return;
    const lost = new Error(`${err.message}: the statement was not answered`, { cause: err });
    for (const pending of this.#pending.values()) pending.reject(lost);
    this.#pending.clear();
    const listeners = [...this.#listeners.values()];
    this.#listeners.clear();
    for (const listener of listeners) listener.onLost?.(err);
    // A new thread that dies while it opens the data directory again will not fare better next time.
    if (this.#restarting) return this.#fatal(err);
    const now = Date.now();
    this.#restarts = this.#restarts.filter((at) => now - at < RESTART_WINDOW_MS);
    if (this.#init.dataDir && this.#restarts.length < RESTARTS_ALLOWED) {
      this.#restarts.push(now);
      const restarting = this.#start().then(
        () => {
          if (this.#restarting === restarting) this.#restarting = undefined;
        },
        (failed: unknown) => this.#fatal(failed instanceof Error ? failed : new Error(String(failed))),
      );
      this.#restarting = restarting;
      return;
    }
    this.#fatal(err);
  }

  #fatal(err: Error) {
    if (this.#failure) return;
    this.#failure = err;
    this.#closed = true;
    this.#restarting = undefined;
    for (const pending of this.#pending.values()) pending.reject(err);
    this.#pending.clear();
    void this.#worker.terminate().catch(() => undefined);
    for (const listener of this.#onFatal) listener(err);
  }

  onFatal(listener: (err: Error) => void): void {
    this.#onFatal.add(listener);
  }

  /** The thread, for the tests that make it die. */
  get [THREAD_FOR_TESTS](): Worker {
    return this.#worker;
  }

  /** `generation`: the thread a transaction began on; its statements go nowhere else. */
  #call(request: RequestBody, generation?: number): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'));
    if (generation !== undefined && generation !== this.#generation) {
      return Promise.reject(new Error('the transaction was lost with the embedded database thread'));
    }
    if (this.#restarting) return this.#restarting.then(() => this.#call(request, generation));
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
  #query<T>(tx: OpenTx | undefined, sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#call({ op: 'query', txId: tx?.id, sql, params, ...statementOptions(options) }, tx?.generation) as Promise<Results<T>>;
  }

  #exec(tx: OpenTx | undefined, sql: string): Promise<Results[]> {
    return this.#call({ op: 'exec', txId: tx?.id, sql }, tx?.generation) as Promise<Results[]>;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#exec(undefined, sql);
  }

  async transaction<T>(callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
    if (this.#restarting) await this.#restarting;
    const generation = this.#generation;
    const open: OpenTx = { id: (await this.#call({ op: 'begin' }, generation)) as number, generation };
    let closed = false;
    const end = async (commit: boolean) => {
      if (closed) return;
      closed = true;
      await this.#call({ op: 'end', txId: open.id, commit }, generation);
    };
    const isClosed = () => Promise.reject(new Error('Transaction is closed'));
    const tx: EmbeddedTransaction = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => (closed ? isClosed() : this.#query<R>(open, sql, params, options)),
      exec: (sql: string) => (closed ? isClosed() : this.#exec(open, sql)),
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

  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    return this.listenUntilLost(channel, callback);
  }

  async listenUntilLost(channel: string, callback: (payload: string) => void, onLost?: (err: Error) => void): Promise<() => Promise<void>> {
    const listenerId = this.#next++;
    this.#listeners.set(listenerId, { onMessage: callback, onLost });
    try {
      await this.#call({ op: 'listen', listenerId, channel });
    } catch (err) {
      this.#listeners.delete(listenerId);
      throw err;
    }
    return async () => {
      // A listener lost with its thread is not known to the thread of today.
      if (this.#listeners.delete(listenerId) && !this.#closed) await this.#call({ op: 'unlisten', listenerId });
    };
  }

  async dumpDataDir(compression?: DumpTarCompressionOptions): Promise<Blob> {
    const { bytes, type } = (await this.#call({ op: 'dump', compression })) as { bytes: ArrayBuffer; type: string };
    return new Blob([bytes], { type });
  }

  async close(): Promise<void> {
    await this.#restarting; // settles either way: opened again, or failed for good (then closed)
    if (this.#closed) return;
    try {
      await this.#call({ op: 'close' });
    } finally {
      this.#closed = true;
      await this.#worker.terminate();
    }
  }
}
