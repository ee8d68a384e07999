import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { createJobs, type JobContext, type Jobs } from './jobs.ts';

let t: TestApp;
let jobs: Jobs;
const seen: { kind: string; data: { n: number }; context: JobContext }[] = [];
let releaseSlowJob: () => void = () => undefined;
let releaseShortJob: () => void = () => undefined;

beforeAll(async () => {
  t = await createTestApp();
  // An engine of its own next to the app's, with job kinds only this test knows.
  jobs = createJobs({ database: t.database, log: t.app.log, runWorkers: true, pollSeconds: 0.5, graceMs: 5000 });
  jobs.define<{ n: number }>('test-echo', async (data, context) => {
    seen.push({ kind: 'echo', data, context });
  });
  jobs.define<{ n: number }>(
    'test-flaky',
    async (data, context) => {
      seen.push({ kind: 'flaky', data, context });
      if (context.attempt < 3) throw new Error('temporarily unavailable');
    },
    { retryLimit: 3, retryDelaySeconds: 1 },
  );
  jobs.define<{ n: number }>('test-slow', async (data, context) => {
    seen.push({ kind: 'slow-start', data, context });
    await new Promise<void>((resolve) => (releaseSlowJob = resolve));
    seen.push({ kind: 'slow-end', data, context });
  });
  let releaseShort: () => void = () => undefined;
  jobs.define<{ n: number }>(
    'test-short',
    async (data, context) => {
      seen.push({ kind: 'short', data, context });
      if (data.n === 1) await new Promise<void>((resolve) => (releaseShort = resolve));
    },
    { policy: 'short' },
  );
  releaseShortJob = () => releaseShort();
  await jobs.start();
});
afterAll(async () => {
  await jobs?.stop();
  await t?.close();
});

const ofKind = (kind: string) => seen.filter((s) => s.kind === kind);

describe('job engine', () => {
  it("keeps one queued job per key for a kind with policy 'short'; an active one does not count", async () => {
    await jobs.send('test-short', { n: 1 }, { singletonKey: 'k' });
    await expect.poll(() => ofKind('short').length).toBe(1);
    // The first is active: one more may wait, a third with the same key is dropped.
    expect(await jobs.send('test-short', { n: 2 }, { singletonKey: 'k' })).toEqual(expect.any(String));
    expect(await jobs.send('test-short', { n: 3 }, { singletonKey: 'k' })).toBeNull();
    // Another key is another place in the queue.
    expect(await jobs.send('test-short', { n: 4 }, { singletonKey: 'other' })).toEqual(expect.any(String));
    releaseShortJob();
    // Each waiting job is fetched as soon as the one before it finished.
    await expect.poll(() => ofKind('short').map((s) => s.data.n).sort()).toEqual([1, 2, 4]);
  });

  it('runs a job enqueued in a committed transaction, never one from a rolled-back transaction', async () => {
    const db = t.database.db;
    await expect(
      db.transaction(async (tx) => {
        await jobs.send('test-echo', { n: 1 }, { tx });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await db.transaction((tx) => jobs.send('test-echo', { n: 2 }, { tx }));
    await expect.poll(() => ofKind('echo').map((s) => s.data.n)).toEqual([2]);
    // Both drivers answer raw SQL with { rows }.
    const result: unknown = await db.execute(sql`select count(*)::int as count from pgboss.job where name = 'test-echo'`);
    expect((result as { rows: unknown[] }).rows).toEqual([{ count: 1 }]);
  });

  it('retries a failing job with the configured delay until it succeeds', async () => {
    await jobs.send('test-flaky', { n: 7 });
    await expect.poll(() => ofKind('flaky').length, { timeout: 15_000 }).toBe(3);
    expect(ofKind('flaky').map((s) => [s.context.attempt, s.context.lastAttempt])).toEqual([
      [1, false],
      [2, false],
      [3, false],
    ]);
  });

  it('refuses unknown kinds and definitions after the start', async () => {
    await expect(jobs.send('test-unknown', {})).rejects.toThrow(/unknown job/);
    expect(() => jobs.define('test-late', async () => undefined)).toThrow(/after the engine started/);
  });

  it('works off jobs that queued up while it was busy one after another, without waiting for the next poll', async () => {
    // An engine that polls only every 30 s: only wake-ups can start the queued jobs in time.
    const slowPoll = createJobs({ database: t.database, log: t.app.log, runWorkers: true, pollSeconds: 30, graceMs: 5000 });
    const done: number[] = [];
    let releaseFirst: () => void = () => undefined;
    let firstStarted = false;
    slowPoll.define<{ n: number }>('test-drain', async ({ n }) => {
      if (n === 1) {
        firstStarted = true;
        await new Promise<void>((resolve) => (releaseFirst = resolve));
      }
      done.push(n);
    });
    await slowPoll.start();
    try {
      await slowPoll.send('test-drain', { n: 1 });
      await expect.poll(() => firstStarted).toBe(true);
      // Three more arrive while the first runs: their announcements fold into one wake-up.
      for (const n of [2, 3, 4]) await slowPoll.send('test-drain', { n });
      const released = Date.now();
      releaseFirst();
      await expect.poll(() => done.length, { timeout: 10_000 }).toBe(4);
      expect(done).toEqual([1, 2, 3, 4]);
      expect(Date.now() - released).toBeLessThan(5000);
    } finally {
      await slowPoll.stop();
    }
  });

  it('lets a running job finish when the engine stops', async () => {
    await jobs.send('test-slow', { n: 9 });
    await expect.poll(() => ofKind('slow-start').length).toBe(1);
    const stopped = jobs.stop();
    setTimeout(() => releaseSlowJob(), 300);
    await stopped;
    expect(ofKind('slow-end')).toHaveLength(1);
  });
});
