import type { Cte, Db } from '../../db/client.ts';
import { usageRecords, type UsageRecordInsert } from '../../db/schema/index.ts';

export async function insertUsageRecords(db: Db, records: UsageRecordInsert[]): Promise<void> {
  if (records.length === 0) return;
  await db.insert(usageRecords).values(records);
}

/** insertUsageRecords as a part of a caller's statement (at least one record). */
export function usageRecordsCte(db: Db, records: UsageRecordInsert[]): Cte {
  return { name: 'usage_rows', body: db.insert(usageRecords).values(records).getSQL() };
}
