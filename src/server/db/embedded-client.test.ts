import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import Fastify from 'fastify';
import { openDatabase, rowsOf, type Database } from './client.ts';
import { allowConsoleError } from '../../../tests/setup/console-guard.ts';
import { THREAD_FOR_TESTS } from './embedded-client.ts';
import { closeOnDatabaseFailure, gracefulStop } from '../bootstrap.ts';

// The embedded database in its own thread (decision 050): what drizzle, pg-boss and the caches rely
// on must behave as PGlite does on one thread — transactions, errors, notifications, dumps.
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ embeddedThread: 'worker' });
  await database.db.execute(sql`create table notes (id int primary key, body text not null)`);
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const bodies = async () => rowsOf<{ body: string }>(await database.db.execute(sql`select body from notes order by id`)).map((r) => r.body);

describe('the embedded database in its own thread', () => {
  it('commits a transaction, rolls back a failed one and keeps the inner savepoint apart', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes values (1, 'eins')`);
      await tx.execute(sql`insert into notes values (2, 'zwei')`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into notes values (3, 'drei')`);
        throw new Error('abgebrochen');
      }),
    ).rejects.toThrow('abgebrochen');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes values (4, 'vier')`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into notes values (5, 'fünf')`);
          throw new Error('innen');
        }),
      ).rejects.toThrow('innen');
    });
    expect(await bodies()).toEqual(['eins', 'zwei', 'vier']);
  });

  it("answers PostgreSQL's error fields (code, constraint) as the callers test them", async () => {
    const err = await database.db.execute(sql`insert into notes values (1, 'doppelt')`).then(
      () => null,
      (e: unknown) => (e as { cause?: { code?: string; constraint?: string; message: string } }).cause,
    );
    expect(err).toMatchObject({ code: '23505', constraint: 'notes_pkey' });
    expect(err!.message).toContain('duplicate key');
    expect(await bodies()).toEqual(['eins', 'zwei', 'vier']);
  });

  it('stays usable after a statement fails in parsing, with its values or inside a transaction', async () => {
    const read = (id: unknown) => database.db.execute(sql`select body from notes where id = ${id}::int`).then((r) => rowsOf<{ body: string }>(r));
    expect(await read(1)).toEqual([{ body: 'eins' }]);
    // The same (named) statement with a value PostgreSQL refuses when binding it, then a good one.
    await expect(read('eins')).rejects.toMatchObject({ cause: { code: '22P02' } });
    expect(await read(2)).toEqual([{ body: 'zwei' }]);
    // A statement that does not parse is never named; the next one runs.
    await expect(database.db.execute(sql`selec body from notes`)).rejects.toMatchObject({ cause: { code: '42601' } });
    expect(await read(4)).toEqual([{ body: 'vier' }]);
    // A failed statement fails its transaction, which rolls back whole.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into notes values (7, 'sieben')`);
        await tx.execute(sql`select body from notes where id = ${'sieben'}::int`);
      }),
    ).rejects.toMatchObject({ cause: { code: '22P02' } });
    expect(await bodies()).toEqual(['eins', 'zwei', 'vier']);
  });

  it('lets a statement outside an open transaction wait until it ends, as one connection does', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes values (6, 'sechs')`);
      inserted();
      await held;
    });
    await insertedOnce;
    const outside = bodies();
    release();
    await transaction;
    expect(await outside).toContain('sechs');
  });

  it('delivers NOTIFY to listeners once the transaction commits, never from a rolled-back one', async () => {
    const heard: string[] = [];
    const stop = await database.listen('kanal', (payload) => heard.push(payload), () => undefined);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('kanal', 'verworfen')`);
        throw new Error('zurück');
      }),
    ).rejects.toThrow('zurück');
    await database.db.execute(sql`select pg_notify('kanal', 'gehört')`);
    await expect.poll(() => heard).toEqual(['gehört']);
    await stop();
    await database.db.execute(sql`select pg_notify('kanal', 'zu spät')`);
    await database.db.execute(sql`select 1`);
    expect(heard).toEqual(['gehört']);
  });

  it('dumps its data directory so that another database starts from it', async () => {
    const dump = await database.pglite!.dumpDataDir('none');
    const copy = await openDatabase({ loadDataDir: dump, embeddedThread: 'worker' });
    try {
      const rows = rowsOf<{ body: string }>(await copy.db.execute(sql`select body from notes order by id`));
      expect(rows.map((r) => r.body)).toEqual(['eins', 'zwei', 'vier', 'sechs']);
    } finally {
      await copy.close();
    }
  }, 60_000);

  it('runs a statement again and again with other values, also after a change of its table', async () => {
    const read = (id: number) => database.db.execute(sql`select * from notes where id = ${id}`).then((r) => rowsOf<Record<string, unknown>>(r));
    for (const [id, body] of [[1, 'eins'], [2, 'zwei'], [4, 'vier'], [1, 'eins'], [2, 'zwei'], [4, 'vier'], [1, 'eins']] as const) {
      expect(await read(id)).toEqual([{ id, body }]);
    }
    expect(await read(99)).toEqual([]);
    // The statement above was prepared with two columns; a third changes its result's shape.
    await database.db.execute(sql`alter table notes add column tag text`);
    expect(await read(1)).toEqual([{ id: 1, body: 'eins', tag: null }]);
    await database.db.execute(sql`alter table notes drop column tag`);
    expect(await read(2)).toEqual([{ id: 2, body: 'zwei' }]);
    // Values of every kind the app sends: null, dates, JSON, arrays, booleans.
    const [row] = rowsOf<Record<string, unknown>>(
      await database.db.execute(
        sql`select ${null}::text as nothing, ${new Date('2026-11-27T10:00:00Z')}::timestamptz as at, ${JSON.stringify({ a: [1, 'ü'] })}::jsonb as doc, ${true}::boolean as yes, ${'{1,2}'}::int[] as list`,
      ),
    );
    expect(row).toEqual({ nothing: null, at: '2026-11-27 10:00:00+00', doc: { a: [1, 'ü'] }, yes: true, list: [1, 2] });
  });

  it('answers a statement with 300,000 rows (more than a spread into arguments can carry)', async () => {
    const rows = rowsOf<{ n: number }>(await database.db.execute(sql`select generate_series(1, ${300_000}::int) as n`));
    expect(rows).toHaveLength(300_000);
    expect(rows.at(-1)).toEqual({ n: 300_000 });
  });

  it('keeps the event loop free while a long statement runs', async () => {
    const started = performance.now();
    const lateness: number[] = [];
    let ticking = true;
    const tick = async () => {
      while (ticking) {
        const planned = performance.now() + 5;
        await new Promise((resolve) => setTimeout(resolve, 5));
        lateness.push(performance.now() - planned);
      }
    };
    const ticker = tick();
    await database.db.execute(sql`select count(*) from generate_series(1, 4000000) g where g % 7 = 3`);
    const took = performance.now() - started;
    ticking = false;
    await ticker;
    // On the main thread the statement would hold every timer for its whole duration.
    expect(took).toBeGreaterThan(150);
    expect(Math.max(...lateness)).toBeLessThan(took / 2);
  });
});

describe('when the embedded database thread dies', () => {
  const kill = (db: Database) => (db.pglite as unknown as { [THREAD_FOR_TESTS]: Worker })[THREAD_FOR_TESTS].terminate();
  const dirs: string[] = [];
  const inFolder = async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mika-thread-'));
    dirs.push(dir);
    return openDatabase({ pgliteDir: path.join(dir, 'db'), embeddedThread: 'worker' });
  };
  afterAll(async () => {
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
  });

  it('opens its data directory again: committed rows are there, the open transaction is gone and refuses its next statement, listeners hear of the loss', async () => {
    const db = await inFolder();
    try {
      await db.db.execute(sql`create table notes (id int primary key, body text not null)`);
      await db.db.execute(sql`insert into notes values (1, 'bleibt')`);
      const lost: unknown[] = [];
      const heard: string[] = [];
      await db.listen('kanal', (payload) => heard.push(payload), (err) => lost.push(err));
      let proceed!: () => void;
      const killed = new Promise<void>((resolve) => (proceed = resolve));
      let began!: () => void;
      const inside = new Promise<void>((resolve) => (began = resolve));
      const transaction = db.db.transaction(async (tx) => {
        await tx.execute(sql`insert into notes values (2, 'offen')`);
        began();
        await killed;
        await tx.execute(sql`insert into notes values (3, 'nach dem Tod')`);
      });
      await inside;
      await kill(db);
      proceed();
      await expect(transaction).rejects.toMatchObject({ cause: { message: 'the transaction was lost with the embedded database thread' } });
      expect(lost).toHaveLength(1);
      // The next statement waits for the new thread and finds what was committed, nothing else.
      expect(rowsOf<{ body: string }>(await db.db.execute(sql`select body from notes order by id`)).map((r) => r.body)).toEqual(['bleibt']);
      await db.db.execute(sql`insert into notes values (4, 'danach')`);
      expect(rowsOf<{ n: number }>(await db.db.execute(sql`select count(*)::int as n from notes`))[0]!.n).toBe(2);
      // The lost listener hears nothing any more; one listening again hears the new thread.
      const again: string[] = [];
      await db.listen('kanal', (payload) => again.push(payload), () => undefined);
      await db.db.execute(sql`select pg_notify('kanal', 'neu')`);
      await expect.poll(() => again).toEqual(['neu']);
      expect(heard).toEqual([]);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('gives up after dying again and again: every call fails and the owner is told once', async () => {
    const db = await inFolder();
    const fatal: Error[] = [];
    db.onFatal!((err) => fatal.push(err));
    try {
      for (let death = 1; death <= 3; death++) {
        await kill(db);
        await expect(db.db.execute(sql`select 1`)).resolves.toBeDefined(); // started again
      }
      expect(fatal).toEqual([]);
      await kill(db);
      await expect.poll(() => fatal.length).toBe(1);
      await expect(db.db.execute(sql`select 1`)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/thread stopped/) } });
    } finally {
      await db.close();
    }
  }, 90_000);

  it('in memory it cannot come back: the server in front of it stops with exit code 1 and stops listening', async () => {
    const db = await openDatabase({ embeddedThread: 'worker' });
    const app = Fastify();
    app.get('/', async () => 'ok');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const exits: number[] = [];
    allowConsoleError(/Mika hält an \/ stops: die Datenbank ist ausgefallen/);
    closeOnDatabaseFailure(app, db, gracefulStop(app, db, (code) => exits.push(code)));
    await kill(db);
    await expect.poll(() => exits).toEqual([1]);
    expect(app.server.listening).toBe(false);
    await expect(db.db.execute(sql`select 1`)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/thread stopped/) } });
  }, 60_000);
});
