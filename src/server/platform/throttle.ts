import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { throttleHits } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';
import { M } from '../../shared/messages.ts';

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
    const windowSql = sql`now() + ${`${rule.windowMs} milliseconds`}::interval`;
    const [row] = await db
      .insert(throttleHits)
      .values({ key, count: 1, resetAt: sql`${windowSql}` })
      .onConflictDoUpdate({
        target: throttleHits.key,
        set: {
          count: sql`CASE WHEN ${throttleHits.resetAt} < now() THEN 1 ELSE ${throttleHits.count} + 1 END`,
          resetAt: sql`CASE WHEN ${throttleHits.resetAt} < now() THEN ${windowSql} ELSE ${throttleHits.resetAt} END`,
        },
      })
      .returning({ count: throttleHits.count, resetAt: throttleHits.resetAt });
    if (row && row.count > rule.limit) throw tooMany(row.resetAt, message);
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

function tooMany(resetAt: Date, message?: string): AppError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  return new AppError('TOO_MANY_REQUESTS', message ?? M.tooManyAttempts(Math.ceil(seconds / 60)), {
    headers: { 'retry-after': String(seconds) },
  });
}

/** Deletes counters whose window has passed: they count nothing any more (scheduled cleanup). */
export async function deleteExpiredThrottleRows(db: Db): Promise<number> {
  const gone = await db.delete(throttleHits).where(lt(throttleHits.resetAt, new Date())).returning({ key: throttleHits.key });
  return gone.length;
}
