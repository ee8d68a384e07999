import type { Cte, Db } from '../../db/client.ts';
import type { UsageRecordInsert } from '../../db/schema/index.ts';
import { settleCredits, settleCreditsCtes, type CreditHold } from '../credits/index.ts';
import { insertUsageRecords, usageRecordsCte } from './usage.repository.ts';

export type UsageRecord = Omit<UsageRecordInsert, 'id' | 'createdAt'>;

/**
 * Books the usage of model calls and settles their credits (the call's hold, when it reserved
 * one: charged what was used, the rest released). Pass the transaction that stores the calls'
 * result, so a result is never stored without its usage and charge (nor either without it).
 */
export async function recordUsage(
  db: Db,
  records: UsageRecord[],
  hold?: CreditHold | null,
  /** free: recorded for the statistics, charged to nobody (the help Mika). */
  opts: { inTransaction?: boolean; free?: boolean } = {},
): Promise<void> {
  const clean = records.map(cleanRecord);
  // Called with the pool it makes a transaction; inside the caller's one it joins it (a
  // savepoint would cost two more round trips and protect nothing: any error fails the caller's).
  const write = async (tx: Db) => {
    await insertUsageRecords(tx, clean);
    if (!opts.free) await settleCredits(tx, hold, clean);
  };
  await (opts.inTransaction ? write(db) : db.transaction(write));
}

/**
 * recordUsage as parts of the statement that stores the calls' result (decision 038: a chat
 * answer, its usage and its charge in one round trip). Call markHoldSettled (credits) once the
 * statement succeeded.
 */
export function recordUsageCtes(db: Db, records: UsageRecord[], hold: CreditHold | null, opts: { free?: boolean } = {}): Cte[] {
  const clean = records.map(cleanRecord);
  return [usageRecordsCte(db, clean), ...(opts.free ? [] : settleCreditsCtes(hold, clean))];
}

const cleanRecord = (r: UsageRecord) => ({
  ...r,
  inputTokens: whole(r.inputTokens),
  outputTokens: whole(r.outputTokens),
  audioSeconds: whole(r.audioSeconds),
  characters: whole(r.characters),
  images: whole(r.images),
});

const whole = (n: number | undefined) => Math.max(0, Math.round(n ?? 0));
