import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assistantRights, assistants, users, type User } from '../../db/schema/index.ts';
import { visibleToTeam } from '../assistants/index.ts';

// Reads of the team-people screen (the accounts are written by auth, the rights by assistants).

export function listTeamUsersByName(db: Db, teamId: number): Promise<User[]> {
  return db.select().from(users).where(eq(users.teamId, teamId)).orderBy(asc(users.name));
}

/** Every Mika the team sees (its own and the defaults it did not hide) with the rights one person holds on it. */
export function listAssistantsWithRightsOf(db: Db, teamId: number, userId: number) {
  return db
    .select({ a: assistants, canUse: assistantRights.canUse, canEdit: assistantRights.canEdit })
    .from(assistants)
    .leftJoin(assistantRights, and(eq(assistantRights.assistantId, assistants.id), eq(assistantRights.userId, userId)))
    .where(visibleToTeam(teamId))
    .orderBy(sql`${assistants.isDefault} desc`, asc(assistants.name));
}

/** A Mika the team may grant rights on (its own or a default it did not hide), or undefined. */
export async function findGrantableAssistantId(db: Db, teamId: number, assistantId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: assistants.id })
    .from(assistants)
    .where(and(eq(assistants.id, assistantId), visibleToTeam(teamId)));
  return row?.id;
}
