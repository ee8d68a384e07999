import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openTestDatabase, type TestDatabase } from '../../../tests/setup/test-app.ts';
import { openDatabase } from './client.ts';

// PostgreSQL only (vitest.config.ts): closing a pool of real server connections.

let handle: TestDatabase;
let admin: pg.Client;
beforeAll(async () => {
  handle = await openTestDatabase();
  admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
});
afterAll(async () => {
  await handle?.drop();
  await admin?.end();
});

const connectionsTo = async (name: string) =>
  Number((await admin.query('select count(*) as n from pg_stat_activity where datname = $1', [name])).rows[0].n);

describe('closing a PostgreSQL database', () => {
  it('returns only once every connection of its pool has ended, so dropping the database right after reports no error', async () => {
    const name = new URL(handle.url!).pathname.slice(1);
    const second = await openDatabase({ databaseUrl: handle.url });
    // Several connections at once, all idle in the pool afterwards.
    await Promise.all(Array.from({ length: 6 }, () => second.db.execute(sql`select pg_sleep(0.05)`)));
    expect(await connectionsTo(name)).toBeGreaterThanOrEqual(6);
    await second.close();
    await handle.database.close();
    expect(await connectionsTo(name)).toBe(0);
    // The harness drops the database WITH (FORCE) next; nothing is left to terminate, so the pool's
    // error handler (console.error, which fails any test) stays silent.
    handle.database = await openDatabase({ databaseUrl: handle.url });
  });
});
