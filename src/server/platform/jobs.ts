import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, fromDrizzle, fromPglite, type ConstructorOptions, type DrizzleTransactionLike, type Job } from 'pg-boss';
import type { Database, Db } from '../db/client.ts';

/**
 * The job engine: pg-boss on the application's own database (PGlite in embedded mode, PostgreSQL
 * with DATABASE_URL). Jobs are rows in the `pgboss` schema, so a job enqueued inside a business
 * transaction exists exactly when that transaction commits, and survives restarts.
 * See docs/decisions/009-job-engine.md.
 */

/**
 * The parts of a scheduled run that must not wait for each other (one team's retention, the
 * reminders and the file catch-up of the billing day): each part runs on its own, a failing part
 * is logged with its name, and `finish()` throws when any failed — the job is retried and the parts
 * that succeeded stay done (each is idempotent).
 */
export function independentParts(log: Pick<FastifyBaseLogger, 'error'>, run: string) {
  const failed: string[] = [];
  return {
    async part(name: string, work: () => Promise<void>): Promise<void> {
      try {
        await work();
      } catch (err) {
        log.error({ err, run, part: name }, 'part of a scheduled run failed');
        failed.push(name);
      }
    },
    failed: () => [...failed],
    finish(): void {
      if (failed.length > 0) throw new Error(`${run} failed for: ${failed.join(', ')}`);
    },
  };
}

export interface JobRetryOptions {
  /** Retries after the first attempt (default 2). */
  retryLimit?: number;
  /** Delay before the first retry; doubled per retry (with jitter) when retryBackoff is on. */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  retryDelayMaxSeconds?: number;
  /** An attempt running longer than this is taken as dead and retried (default 5 minutes). */
  expireInSeconds?: number;
  /** For long jobs: the worker beats every half interval; a silent job is retried (>= 10). */
  heartbeatSeconds?: number;
  /** Jobs of this kind run at the same time in one process (default 1). */
  concurrency?: number;
  /**
   * 'short': at most one queued (not yet active) job per singleton key — a send while one waits is
   * dropped. Set when the queue is created: pg-boss cannot change the policy of an existing queue,
   * so a kind that had none keeps the standard policy on an installation that has run it.
   */
  policy?: 'short';
}

export interface JobContext {
  id: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** True when a failure of this attempt is final (no retry follows). */
  lastAttempt: boolean;
  /** Aborted when the engine stops or the attempt expires. */
  signal: AbortSignal;
}

export type JobHandler<T> = (data: T, context: JobContext) => Promise<void>;

export interface SendJobOptions {
  /** Enqueue inside this transaction: the job exists only if the transaction commits. */
  tx?: Db;
  /** Run no earlier than this. */
  startAfter?: Date;
  /**
   * A key the job carries. It deduplicates only for kinds defined with `policy: 'short'` (at most
   * one queued job per key); for the others (pg-boss' standard policy) it is a label, and handlers
   * stay idempotent.
   */
  singletonKey?: string;
}

export interface JobKind<T extends object> {
  readonly name: string;
  send(data: T, options?: SendJobOptions): Promise<string | null>;
}

export interface Jobs {
  /** Declares a kind of job and its handler. Call before start (i.e. while building the app). */
  define<T extends object>(name: string, handler: JobHandler<T>, options?: JobRetryOptions): JobKind<T>;
  send<T extends object>(name: string, data: T, options?: SendJobOptions): Promise<string | null>;
  /** Runs the job `name` on a cron pattern (UTC, at most once a minute), in whichever process runs workers. */
  schedule(name: string, cron: string, data?: object): void;
  /** Whether this process works off jobs (otherwise it only enqueues them). */
  readonly runsWorkers: boolean;
  start(): Promise<void>;
  /** Stops fetching, lets running jobs finish for up to `graceMs`, then releases the rest for retry. */
  stop(): Promise<void>;
}

export interface JobsOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** Work off jobs in this process (always true for an embedded database). */
  runWorkers: boolean;
  /** How often idle workers look for due retries and scheduled jobs; new jobs are announced at once. */
  pollSeconds: number;
  /** How long stop() waits for running jobs. */
  graceMs?: number;
}

interface Definition {
  name: string;
  handler: JobHandler<object>;
  options: Required<Pick<JobRetryOptions, 'retryLimit' | 'expireInSeconds' | 'concurrency'>> & JobRetryOptions;
}

const SCHEMA = 'pgboss';
/** The channel pg-boss announces new jobs on: 'pgboss_' and the first 24 hex digits of the schema's SHA-224. */
const NOTIFY_CHANNEL = `pgboss_${createHash('sha224').update(SCHEMA).digest('hex').slice(0, 24)}`;

function bossOptions(database: Database, extra: Partial<ConstructorOptions> = {}): ConstructorOptions {
  const common: ConstructorOptions = { schema: SCHEMA, application_name: 'mika-jobs', ...extra };
  if (database.kind === 'pglite') {
    // One embedded connection: pg-boss shares it, and LISTEN/NOTIFY works in-process.
    return { ...common, db: fromPglite(database.pglite!), backend: 'pglite' };
  }
  // A pool of its own, because LISTEN needs a connection pinned for the process's life.
  return { ...common, connectionString: database.connectionString, max: 4 };
}

/**
 * Installs or upgrades pg-boss's schema without starting any worker: the test harness runs it once
 * on the golden database so every test file starts from an installed engine.
 */
export async function installJobSchema(database: Database): Promise<void> {
  const boss = new PgBoss(bossOptions(database, { supervise: false, schedule: false }));
  await boss.start();
  await boss.stop({ graceful: false });
}

export function createJobs(opts: JobsOptions): Jobs {
  const { database, log } = opts;
  const runWorkers = opts.runWorkers || database.kind === 'pglite';
  const definitions = new Map<string, Definition>();
  const schedules: { name: string; cron: string; data?: object }[] = [];
  let boss: PgBoss | undefined;
  let starting: Promise<void> | undefined;

  const requireBoss = (): PgBoss => {
    if (!boss) throw new Error('job engine is not started');
    return boss;
  };

  async function send<T extends object>(name: string, data: T, options: SendJobOptions = {}) {
    if (!definitions.has(name)) throw new Error(`unknown job "${name}"`);
    return requireBoss().send(name, data, {
      // On PGlite a send outside the open transaction would wait for it forever. (Drizzle types
      // execute() per driver as unknown; the adapter unwraps both drivers' result shapes.)
      ...(options.tx ? { db: fromDrizzle(options.tx as unknown as DrizzleTransactionLike, sql) } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    });
  }

  async function work(b: PgBoss, def: Definition) {
    await b.work(
      def.name,
      {
        localConcurrency: def.options.concurrency,
        pollingIntervalSeconds: opts.pollSeconds,
        notifyPollingIntervalSeconds: opts.pollSeconds,
      },
      async (jobs: Job<object>[]) => {
        for (const job of jobs) {
          const attempt = job.retryCount + 1;
          try {
            await def.handler(job.data, {
              id: job.id,
              attempt,
              lastAttempt: job.retryCount >= def.options.retryLimit,
              signal: job.signal,
            });
          } catch (err) {
            // Never the job's data: it may carry personal data.
            log.warn({ job: def.name, jobId: job.id, attempt, err: (err as Error).message }, 'job attempt failed');
            throw err;
          }
        }
        await wakeWorkers(def.name);
      },
    );
  }

  /**
   * pg-boss wakes a worker once per announcement it *sees*, but a worker fetches one job per wake-up:
   * jobs announced while it was busy fold into one wake-up, and the rest waited a full poll interval
   * (JOBS_POLL_SECONDS) — 34 uploads took 25–38 s instead of 12. After each job the kind is announced
   * again, so a worker (of any instance) fetches at once; a fetch that finds nothing ends the chain.
   * The channel is pg-boss' own (`notifyChannelSql` in pg-boss' plans); jobs.test.ts fails if it changes.
   */
  async function wakeWorkers(name: string) {
    // The job is done either way: a failed announcement only leaves the rest to the next poll.
    await database.db
      .execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${name})`)
      .catch((err: Error) => log.warn({ job: name, err: err.message }, 'job wake-up failed'));
  }

  async function doStart() {
    const b = new PgBoss(
      bossOptions(database, {
        useListenNotify: true,
        // A process that only enqueues leaves maintenance and cron to the worker processes.
        supervise: runWorkers,
        schedule: runWorkers,
        // How often an instance looks for due schedules (pg-boss claims each pass for one instance
        // and files each occurrence once, so more instances never mean more runs). Defaults
        // (JOBS_POLL_SECONDS=5) keep pg-boss' own 30 s and 5 s; faster polling checks sooner.
        cronMonitorIntervalSeconds: Math.min(30, Math.max(1, Math.round(opts.pollSeconds * 6))),
        cronWorkerIntervalSeconds: Math.min(5, Math.max(1, Math.round(opts.pollSeconds))),
      }),
    );
    b.on('error', (err) => log.error({ err: err.message }, 'job engine error'));
    b.on('warning', (warning) => log.warn({ warning: warning.message }, 'job engine warning'));
    await b.start();
    for (const def of definitions.values()) {
      const { retryLimit, retryDelaySeconds, retryBackoff, retryDelayMaxSeconds, expireInSeconds, heartbeatSeconds } = def.options;
      const queue = {
        ...(def.options.policy ? { policy: def.options.policy } : {}),
        notify: true,
        retryLimit,
        retryDelay: retryDelaySeconds ?? 0,
        retryBackoff: retryBackoff ?? false,
        expireInSeconds,
      };
      // createQueue keeps an existing queue as it was; updateQueue applies changed settings.
      await b.createQueue(def.name, queue);
      const { policy: _policy, ...changeable } = queue;
      await b.updateQueue(def.name, {
        ...changeable,
        retryDelayMax: retryDelayMaxSeconds ?? null,
        heartbeatSeconds: heartbeatSeconds ?? null,
      });
      if (runWorkers) await work(b, def);
    }
    if (runWorkers) {
      for (const s of schedules) await b.schedule(s.name, s.cron, s.data ?? null);
    }
    boss = b;
  }

  return {
    runsWorkers: runWorkers,
    define<T extends object>(name: string, handler: JobHandler<T>, options: JobRetryOptions = {}): JobKind<T> {
      if (starting) throw new Error(`job "${name}" defined after the engine started`);
      if (definitions.has(name)) throw new Error(`job "${name}" defined twice`);
      definitions.set(name, {
        name,
        handler: handler as JobHandler<object>,
        options: { retryLimit: 2, expireInSeconds: 300, concurrency: 1, ...options },
      });
      return { name, send: (data, sendOptions) => send(name, data, sendOptions) };
    },
    send,
    schedule(name, cron, data) {
      if (starting) throw new Error(`schedule for "${name}" added after the engine started`);
      if (!definitions.has(name)) throw new Error(`unknown job "${name}"`);
      schedules.push({ name, cron, data });
    },
    start() {
      starting ??= doStart();
      return starting;
    },
    async stop() {
      await starting?.catch(() => undefined);
      const b = boss;
      boss = undefined;
      await b?.stop({ graceful: true, timeout: opts.graceMs ?? 10_000 });
    },
  };
}
