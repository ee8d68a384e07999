import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Runs `create` in a transaction that first takes a lock for `scope` (e.g. `assets:42`, one per
 * counted set). A limit counted inside `create` therefore holds under parallel requests: the
 * second request of the same scope waits until the first has inserted (or given up), then counts
 * again. A transaction-level advisory lock needs no table of its own and no row of another
 * feature; it is released with the transaction, also on an error. (On the embedded database,
 * transactions run one at a time anyway; the lock matters on a PostgreSQL server.)
 */
export async function withCountLimit<T>(db: Db, scope: string, create: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`limit:${scope}`}, 0))`);
    return create(tx);
  });
}
