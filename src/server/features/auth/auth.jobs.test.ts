import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { sessions, throttleHits, userTokens } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createStaffedTeam } from '../../../../tests/factories/index.ts';
import { AUTH_CLEANUP_CRON, AUTH_CLEANUP_JOB, deleteExpiredAuthRows } from './auth.jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JOBS_POLL_SECONDS: '0.5' });
});
afterAll(async () => t?.close());

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);

/** One live and several dead rows of each kind; returns the ids/keys that must survive. */
async function seedSignInState(tag: string) {
  const { owner } = await createStaffedTeam(t.database.db);
  const idle = t.config.session.idleMs;
  await t.database.db.insert(sessions).values([
    { id: `${tag}-live`, userId: owner.id, lastSeenAt: ago(HOUR), expiresAt: ahead(HOUR) },
    { id: `${tag}-expired`, userId: owner.id, lastSeenAt: ago(HOUR), expiresAt: ago(1000) },
    { id: `${tag}-idle`, userId: owner.id, lastSeenAt: ago(idle + HOUR), expiresAt: ahead(HOUR) },
  ]);
  await t.database.db.insert(throttleHits).values([
    { key: `${tag}-live`, count: 3, resetAt: ahead(60_000) },
    { key: `${tag}-old`, count: 9, resetAt: ago(60_000) },
  ]);
  await t.database.db.insert(userTokens).values([
    { userId: owner.id, purpose: 'reset', tokenHash: `${tag}-live`, expiresAt: ahead(HOUR) },
    { userId: owner.id, purpose: 'reset', tokenHash: `${tag}-used`, expiresAt: ahead(HOUR), usedAt: ago(1000) },
    { userId: owner.id, purpose: 'verify', tokenHash: `${tag}-expired`, expiresAt: ago(1000) },
  ]);
}

async function remaining(tag: string) {
  const db = t.database.db;
  const like = `${tag}-%`;
  return {
    sessions: (await db.select({ id: sessions.id }).from(sessions).where(sql`${sessions.id} like ${like}`)).map((r) => r.id),
    throttle: (await db.select({ key: throttleHits.key }).from(throttleHits).where(sql`${throttleHits.key} like ${like}`)).map((r) => r.key),
    tokens: (
      await db
        .select({ hash: userTokens.tokenHash })
        .from(userTokens)
        .where(inArray(userTokens.tokenHash, [`${tag}-live`, `${tag}-used`, `${tag}-expired`]))
    ).map((r) => r.hash),
  };
}

const onlyLive = (tag: string) => ({ sessions: [`${tag}-live`], throttle: [`${tag}-live`], tokens: [`${tag}-live`] });

describe('scheduled cleanup of sign-in data', () => {
  it('deletes expired and idle sessions, passed throttle windows and spent tokens, and keeps live ones', async () => {
    await seedSignInState('direct');
    const deleted = await deleteExpiredAuthRows(t.deps);
    expect(deleted).toEqual({ sessions: 2, throttleRows: 1, tokens: 2 });
    expect(await remaining('direct')).toEqual(onlyLive('direct'));
  });

  it('runs as a job on the engine and is scheduled hourly', async () => {
    await seedSignInState('engine');
    await t.deps.jobs.send(AUTH_CLEANUP_JOB, {});
    await expect.poll(() => remaining('engine'), { timeout: 10_000 }).toEqual(onlyLive('engine'));
    // Both drivers answer raw SQL with { rows }.
    const result: unknown = await t.database.db.execute(sql`select name, cron from pgboss.schedule where name = ${AUTH_CLEANUP_JOB}`);
    expect((result as { rows: unknown[] }).rows).toEqual([{ name: AUTH_CLEANUP_JOB, cron: AUTH_CLEANUP_CRON }]);
  });
});
