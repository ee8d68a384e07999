import { eq, lt, sql } from 'drizzle-orm';
import { RELAXED_CTE, rowsOf, withCtes, type Cte, type Db } from '../db/client.ts';
import type { SQL } from 'drizzle-orm';
import { throttleHits } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';
import { COMMON_MESSAGES } from '../../shared/messages.ts';

export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counters in the database: atomic across instances, no Redis needed.
 * Keys never contain passwords; e-mails are lower-cased.
 */
export function createThrottle(db: Db) {
  async function consume(key: string, rule: ThrottleRule, message?: string): Promise<void> {
    // On the way of every login and every public chat message: the counter commits without
    // waiting for the disk (a database crash may forget the last few counts; nothing else).
    const hit = throttleHitCte('hit', { key: sql`${key}`, windowMs: rule.windowMs, from: sql`relaxed`, when: sql`true` });
    const result = await db.execute(sql`${withCtes([RELAXED_CTE, hit])} select count, reset_at from hit`);
    throttleVerdict(rowsOf<{ count: number; reset_at: Date | string }>(result)[0], rule, message);
  }

  /** Refuses when the key is already over its limit, without counting this attempt. */
  async function check(key: string, rule: ThrottleRule): Promise<void> {
    const [row] = await db.select().from(throttleHits).where(eq(throttleHits.key, key));
    if (row && row.resetAt > new Date() && row.count >= rule.limit) throw tooMany(row.resetAt);
  }

  async function clear(key: string): Promise<void> {
    await db.delete(throttleHits).where(eq(throttleHits.key, key));
  }

  return { consume, check, clear };
}

export type Throttle = ReturnType<typeof createThrottle>;

/**
 * The counting of `consume` as a part of a caller's statement (decision 038): counts `key` once
 * for each row of `from` that meets `when` (at most one), returning `count, reset_at`. `from`
 * should take in `relaxed` (RELAXED_CTE) so the count commits without waiting for the disk.
 */
export function throttleHitCte(name: string, hit: { key: SQL; windowMs: number | SQL; from: SQL; when: SQL }): Cte {
  const window = sql`(${hit.windowMs})::float8 * interval '1 millisecond'`;
  return {
    name,
    body: sql`
      insert into ${throttleHits} (key, count, reset_at)
      select ${hit.key}, 1, now() + ${window} from ${hit.from} where ${hit.when}
      on conflict (key) do update set
        count = case when ${throttleHits}.reset_at < now() then 1 else ${throttleHits}.count + 1 end,
        reset_at = case when ${throttleHits}.reset_at < now() then now() + ${window} else ${throttleHits}.reset_at end
      returning count, reset_at`,
  };
}

/** Refuses (429, like `consume`) when a counted hit is over the rule's limit; no hit passes. */
export function throttleVerdict(hit: { count: number | string; reset_at: Date | string } | null | undefined, rule: ThrottleRule, message?: string): void {
  if (hit && Number(hit.count) > rule.limit) throw tooMany(new Date(hit.reset_at), message);
}


function tooMany(resetAt: Date, message?: string): AppError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  return new AppError('TOO_MANY_REQUESTS', message ?? COMMON_MESSAGES.tooManyAttempts(Math.ceil(seconds / 60)), {
    headers: { 'retry-after': String(seconds) },
  });
}

/** Deletes counters whose window has passed: they count nothing any more (scheduled cleanup). */
export async function deleteExpiredThrottleRows(db: Db): Promise<number> {
  const gone = await db.delete(throttleHits).where(lt(throttleHits.resetAt, new Date())).returning({ key: throttleHits.key });
  return gone.length;
}
