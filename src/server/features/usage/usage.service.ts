import type { Db } from '../../db/client.ts';
import type { UsageRecordInsert } from '../../db/schema/index.ts';
import { insertUsageRecords } from './usage.repository.ts';

export type UsageRecord = Omit<UsageRecordInsert, 'id' | 'createdAt'>;

/**
 * Books the usage of model calls. Pass the transaction that stores the calls' result, so a
 * result is never stored without its usage (nor usage without its result).
 */
export async function recordUsage(db: Db, records: UsageRecord[]): Promise<void> {
  const clean = records.map((r) => ({
    ...r,
    inputTokens: whole(r.inputTokens),
    outputTokens: whole(r.outputTokens),
    audioSeconds: whole(r.audioSeconds),
    characters: whole(r.characters),
    images: whole(r.images),
  }));
  await insertUsageRecords(db, clean);
}

const whole = (n: number | undefined) => Math.max(0, Math.round(n ?? 0));
