import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { createSession, createStaffedTeam } from '../../../tests/factories/index.ts';
import { sha256 } from './crypto.ts';
import { createAuthCache, type AuthCache } from './auth-cache.ts';
import { authFromSessionToken } from './session.ts';

// PostgreSQL only (vitest.config.ts): the notifications come over a connection of their own,
// which the server can cut; the embedded database has none to lose.

let t: TestApp;
let cache: AuthCache;
beforeAll(async () => {
  t = await createTestApp();
  cache = await createAuthCache(t.database, { ttlMs: 10_000, log: t.app.log, retryMs: 100 });
});
afterAll(async () => {
  await cache?.close();
  await t?.close();
});

const sessionOf = (userId: number) => createSession(t.database.db, userId);

describe('session cache on PostgreSQL', () => {
  it('caches nothing while its notification connection is lost, and again once it is back', async () => {
    const { owner } = await createStaffedTeam(t.database.db);
    const token = await sessionOf(owner.id);
    await authFromSessionToken(t.database.db, t.config, token, cache);
    expect(cache.get(sha256(token))).toBeDefined();
    await t.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'mika-listen' and datname = current_database()`,
    );
    await expect.poll(() => cache.size).toBe(0);
    // Looked up from the database each time meanwhile, and cached again after reconnecting.
    await expect
      .poll(async () => {
        await authFromSessionToken(t.database.db, t.config, token, cache);
        return cache.get(sha256(token)) !== undefined;
      })
      .toBe(true);
  });
});
