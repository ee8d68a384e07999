import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assistants } from '../../db/schema/index.ts';

/** Counts the team's own assistants; default assistants never count against the plan. */
export async function countTeamAssistants(db: Db, teamId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(assistants)
    .where(and(eq(assistants.teamId, teamId), eq(assistants.isDefault, false)));
  return row?.n ?? 0;
}
