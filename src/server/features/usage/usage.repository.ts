import type { Db } from '../../db/client.ts';
import { usageRecords, type UsageRecordInsert } from '../../db/schema/index.ts';

export async function insertUsageRecords(db: Db, records: UsageRecordInsert[]): Promise<void> {
  if (records.length === 0) return;
  await db.insert(usageRecords).values(records);
}
