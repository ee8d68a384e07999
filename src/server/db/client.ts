import path from 'node:path';
import fs from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { openEmbedded, type EmbeddedClient, type EmbeddedThread } from './embedded-client.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of `db.execute(sql…)`: node-postgres answers `{ rows }`, PGlite's drizzle driver the rows themselves. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

/**
 * A CTE (`relaxed`) that lets the statement's own transaction commit without waiting for the WAL
 * to reach the disk (synchronous_commit off, for this transaction only). For writes on a request's
 * hot path whose loss in a database crash is harmless (credit holds, throttle counters): locking
 * and visibility are unchanged. Join it (`cross join relaxed`) so that it is evaluated.
 */
export const RELAXED_CTE: Cte = { name: 'relaxed', body: sql`select set_config('synchronous_commit', 'off', true)` };

/**
 * One named part of a WITH clause that a feature contributes to a statement composed by another
 * (decision 038): the owner of a table writes the SQL that changes it, the composer only puts the
 * parts together, so that a chat answer's bookkeeping across features is one round trip.
 */
export interface Cte {
  name: string;
  body: SQL;
}

/** `with a as (…), b as (…)` for a raw statement made of the owners' parts. */
export function withCtes(ctes: Cte[]): SQL {
  return sql`with ${sql.join(
    ctes.map((c) => sql`${sql.raw(c.name)} as (${c.body})`),
    sql`, `,
  )}`;
}

/** One value per database (a prepared query, a batch writer), made on first use. */
export function oncePerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

/**
 * A hot query built once per database (drizzle's prepared statement): the request skips
 * drizzle's query building — the largest library cost of a chat answer — and PostgreSQL parses
 * and plans the named statement once per connection. Parameters are `sql.placeholder(name)`.
 * Use it on the pool only (a transaction's queries are built per transaction).
 */
export const preparedQuery = oncePerDatabase;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The embedded engine, for tests that dump a golden copy and for the job engine. */
  pglite?: EmbeddedClient;
  /** The PostgreSQL server's URL (the job engine opens its own pool). */
  connectionString?: string;
  /**
   * Hears NOTIFY on `channel` (on PostgreSQL over a connection of its own). `onLost` is called
   * once when that connection fails; the returned function stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void, onLost: (err: unknown) => void): Promise<() => Promise<void>>;
  /**
   * `listener` hears once that the database cannot serve any more: the embedded database's thread
   * died and could not be started again (embedded-client.ts). PostgreSQL's pool reconnects by itself.
   */
  onFatal?(listener: (err: Error) => void): void;
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Directory for the embedded database; undefined keeps it in memory. */
  pgliteDir?: string;
  /** A dumped data directory to start the embedded database from (tests). */
  loadDataDir?: Blob;
  /** Where the embedded database runs (decision 050); default: its own thread. */
  embeddedThread?: EmbeddedThread;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next checkout.
    pool.on('error', (err) => console.error('PostgreSQL idle connection error:', err.message));
    // pool.end() resolves once it has *asked* every idle connection to end, not once they have
    // ended; close() waits for the last one, so that whoever closes (a shutdown, a test dropping its
    // database) never finds a connection still open, nor one that reports its termination as an error.
    const open = new Set<unknown>();
    pool.on('connect', (client) => open.add(client));
    pool.on('remove', (client) => open.delete(client));
    const allEnded = () =>
      new Promise<void>((resolve) => {
        if (open.size === 0) return resolve();
        const onRemove = () => {
          if (open.size > 0) return;
          pool.off('remove', onRemove);
          resolve();
        };
        pool.on('remove', onRemove);
      });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const databaseUrl = options.databaseUrl;
    return {
      db,
      kind: 'postgres',
      connectionString: databaseUrl,
      listen: (channel, onMessage, onLost) => listenPg(databaseUrl, channel, onMessage, onLost),
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      close: once(async () => {
        await pool.end();
        await allEnded();
      }),
    };
  }
  const dir = options.pgliteDir;
  const release = dir ? await lockDataDir(dir) : async () => undefined;
  let client: EmbeddedClient;
  try {
    const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    client = await openEmbedded({ dataDir: dir, loadDataDir }, options.embeddedThread ?? 'worker');
  } catch (err) {
    await release();
    throw err;
  }
  // Drizzle's and pg-boss's PGlite drivers use only the surface EmbeddedClient offers.
  const driver = client as unknown as PGlite;
  const db = drizzlePglite(driver, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    listen: async (channel, onMessage, onLost) => {
      const stop = await (client.listenUntilLost ? client.listenUntilLost(channel, onMessage, onLost) : client.listen(channel, onMessage));
      return async () => {
        if (!client.closed) await stop();
      };
    },
    migrate: () => migratePglite(drizzlePglite(driver), { migrationsFolder }),
    onFatal: (listener) => client.onFatal?.(listener),
    close: once(async () => {
      await client.close();
      await release();
    }),
  };
}

/** Closing twice (a shutdown hook and a test's teardown) closes once; both wait for it. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

async function listenPg(url: string, channel: string, onMessage: (payload: string) => void, onLost: (err: unknown) => void) {
  const client = new pg.Client({ connectionString: url, application_name: 'mika-listen' });
  let stopped = false;
  const lost = (err: unknown) => {
    if (stopped) return;
    stopped = true;
    client.removeAllListeners('notification');
    void client.end().catch(() => undefined);
    onLost(err);
  };
  client.on('error', lost);
  client.on('end', () => lost(new Error('connection ended')));
  client.on('notification', (n) => {
    if (n.channel === channel) onMessage(n.payload ?? '');
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  } catch (err) {
    stopped = true; // the caller hears of it from the rejection, not from onLost as well
    await client.end().catch(() => undefined);
    throw err;
  }
  return async () => {
    stopped = true;
    await client.end().catch(() => undefined);
  };
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * A PGlite data directory belongs to ONE process: a second opener would silently corrupt it. The
 * lock file beside it names the owner; a lock left by a process that died (kill -9, power loss)
 * is taken over.
 */
async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  await fs.mkdir(dir, { recursive: true });
  const lockFile = `${dir.replace(/[\\/]+$/, '')}.lock`;
  const owner = Number.parseInt(await fs.readFile(lockFile, 'utf8').catch(() => ''), 10);
  if (owner > 0 && isAlive(owner)) {
    throw new Error(
      `The embedded database ${dir} is in use by process ${owner}. Stop that process first; ` +
        'for several processes use PostgreSQL (DATABASE_URL).',
    );
  }
  await fs.writeFile(lockFile, String(process.pid));
  return async () => {
    const current = await fs.readFile(lockFile, 'utf8').catch(() => '');
    if (current === String(process.pid)) await fs.rm(lockFile, { force: true });
  };
}
