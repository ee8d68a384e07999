import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { createNotifiedCaches, type NotifiedCaches } from './notified-cache.ts';

// PostgreSQL only (vitest.config.ts): the notifications come over a connection of their own,
// which the server can cut; the embedded database has none to lose.

let t: TestApp;
let caches: NotifiedCaches;
beforeAll(async () => {
  t = await createTestApp();
  caches = createNotifiedCaches(t.database, { log: t.app.log, retryMs: 100 });
});
afterAll(async () => {
  await caches?.close();
  await t?.close();
});

describe('notified caches on PostgreSQL', () => {
  it('hold nothing while their notification connection is lost, and again once it is back', async () => {
    const cache = caches.open<string>('mika_test_lost', { maxWeight: 10, maxAgeMs: 60_000 });
    await caches.ready();
    expect(cache.active).toBe(true);
    cache.set('k', 'v', cache.generation);
    expect(cache.get('k')).toBe('v');
    await t.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'mika-listen' and datname = current_database()`,
    );
    await expect.poll(() => cache.active).toBe(false);
    expect(cache.size).toBe(0);
    cache.set('k', 'v', cache.generation);
    expect(cache.get('k')).toBeUndefined();
    await expect.poll(() => cache.active).toBe(true);
    // Listening again: a notification on the channel drops its key.
    cache.set('k', 'v', cache.generation);
    await t.database.db.execute(sql`select pg_notify('mika_test_lost', 'k')`);
    await expect.poll(() => cache.get('k')).toBeUndefined();
  });
});
