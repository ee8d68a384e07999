// Threads for CPU work beside the event loop that serves HTTP: reading a knowledge file or a web
// page, rendering a task's document, speaking an answer offline, zipping a data export (decision
// 059). Work that runs for a second or more on the main thread holds every team's requests and
// answer streams meanwhile (a 20,000-row workbook 1.4 s, a 600 KB web page 4.5 s, a long answer
// spoken 2.7 s, a 100 MB export 9.7 s). A pool keeps up to `size` threads, each doing one job after
// another, and ends a thread after `idleMs` without work (starting one costs ~0.3 s).
import { parentPort, Worker as Thread } from 'node:worker_threads';
import { asBuffer } from './file-content.ts';

/** A thread's answer to one job (answerJobs). */
type ThreadAnswer = { result: unknown } | { failure: string; expected: boolean };

export interface ThreadPoolOptions {
  /** The thread's module: it calls answerJobs with its handler. */
  script: URL;
  /** The threads' name (in a CPU profile, in `top -H`). */
  name: string;
  /** Jobs done at the same time. */
  size: number;
  /** A thread without a job for this long is ended. */
  idleMs: number;
  /** The caller's error for a failure the thread marked as expected (answerJobs' `expected`). */
  expectedError?: (message: string) => Error;
}

interface PoolThread {
  thread: Thread;
  /** Handed out (set when acquired, before any await: two jobs never share a thread). */
  busy: boolean;
  /** The job it does now, answered by its next message. */
  current: { resolve: (result: unknown) => void; reject: (err: Error) => void } | null;
  idle?: NodeJS.Timeout;
}

const pools = new Set<{ stop(): Promise<void> }>();

/** Ends every pool's threads (at shutdown; they start again when a job comes). */
export async function stopThreadPools(): Promise<void> {
  await Promise.all([...pools].map((pool) => pool.stop()));
}

export class ThreadPool<Job, Result> {
  readonly #options: ThreadPoolOptions;
  readonly #threads: PoolThread[] = [];
  readonly #waiting: ((t: PoolThread) => void)[] = [];

  constructor(options: ThreadPoolOptions) {
    this.#options = options;
    pools.add(this);
  }

  /**
   * The job done in a thread. The signal ends the job's thread at once, whatever it was doing;
   * an expected failure comes back as the caller's error (options.expectedError).
   */
  async run(job: Job, signal?: AbortSignal): Promise<Result> {
    signal?.throwIfAborted();
    const t = await this.#acquire();
    clearTimeout(t.idle);
    t.thread.ref();
    if (signal?.aborted) {
      this.#release(t);
      throw signal.reason as Error;
    }
    const done = new Promise<unknown>((resolve, reject) => (t.current = { resolve, reject }));
    t.thread.postMessage(job);
    const onAbort = () => void t.thread.terminate();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return (await done) as Result;
    } catch (err) {
      throw signal?.aborted ? (signal.reason as Error) : err;
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Ends the pool's threads. */
  async stop(): Promise<void> {
    await Promise.all(this.#threads.splice(0).map((t) => t.thread.terminate()));
  }

  #start(): PoolThread {
    const thread = new Thread(this.#options.script, { name: this.#options.name });
    const t: PoolThread = { thread, busy: true, current: null };
    const lost = (err: Error) => {
      const index = this.#threads.indexOf(t);
      if (index >= 0) this.#threads.splice(index, 1);
      clearTimeout(t.idle);
      t.current?.reject(err);
      t.current = null;
      // A job waiting for a thread gets a new one in its place.
      const next = this.#waiting.shift();
      if (next) next(this.#start());
    };
    thread.on('message', (m: ThreadAnswer) => {
      const current = t.current;
      t.current = null;
      // Bytes arrive as a plain Uint8Array (structured clone): the caller gets the Buffer it sent them as.
      if ('result' in m) current?.resolve(m.result instanceof Uint8Array ? asBuffer(m.result) : m.result);
      else if (m.expected && this.#options.expectedError) current?.reject(this.#options.expectedError(m.failure));
      else current?.reject(new Error(`${this.#options.name}: ${m.failure}`));
      this.#release(t);
    });
    thread.on('error', lost);
    thread.on('exit', (code) => lost(new Error(`${this.#options.name}: the thread stopped (exit code ${code})`)));
    this.#threads.push(t);
    return t;
  }

  /** A free thread: an idle one, a new one while there are fewer than `size`, else the next freed. */
  #acquire(): Promise<PoolThread> {
    const idle = this.#threads.find((t) => !t.busy);
    if (idle) {
      idle.busy = true;
      return Promise.resolve(idle);
    }
    if (this.#threads.length < this.#options.size) return Promise.resolve(this.#start());
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #release(t: PoolThread) {
    const next = this.#waiting.shift();
    if (next) return next(t);
    t.busy = false;
    t.thread.unref();
    t.idle = setTimeout(() => void t.thread.terminate(), this.#options.idleMs).unref();
  }
}

/**
 * Bytes that own their whole memory (a rendered document, an archive) move to the caller instead of
 * being copied; a Buffer that is a slice of Node's shared pool never does (moving it would take the
 * pool's other buffers with it).
 */
function ownBuffer(result: unknown): ArrayBuffer[] {
  return result instanceof Uint8Array && ownsItsMemory(result) ? [result.buffer as ArrayBuffer] : [];
}

const ownsItsMemory = (bytes: Uint8Array) =>
  bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;

/**
 * Bytes to hand to a job: as they are when they own their memory, else a copy of just them — a
 * structured clone copies a view's whole ArrayBuffer (a Buffer sliced from a larger one would
 * carry all of it across).
 */
export const jobBytes = (bytes: Uint8Array): Uint8Array => (ownsItsMemory(bytes) ? bytes : new Uint8Array(bytes));

/**
 * In a pool's thread (its `script`): answers each job with the handler's result, one job after
 * another. `expected` marks failures the caller turns into its own error (e.g. a file that cannot
 * be read, with its German message); any other failure reaches the caller as an Error.
 */
export function answerJobs<Job>(handle: (job: Job) => Promise<unknown>, expected: (err: unknown) => boolean = () => false): void {
  const port = parentPort;
  if (!port) throw new Error('answerJobs runs in a worker thread');
  port.on('message', (job: Job) => {
    handle(job).then(
      (result) => port.postMessage({ result } satisfies ThreadAnswer, ownBuffer(result)),
      (err: unknown) =>
        port.postMessage({ failure: err instanceof Error ? err.message : String(err), expected: expected(err) } satisfies ThreadAnswer),
    );
  });
}
