import { and, asc, count, desc, eq, isNull, ne, not, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { preparedQuery, type Db } from '../../db/client.ts';
import { assistantRights, assistants, teamHiddenAssistants, teams, type Assistant } from '../../db/schema/index.ts';

export interface AssistantWithRights {
  assistant: Assistant;
  canUse: boolean | null;
  canEdit: boolean | null;
}

/** A team id as a value, a prepared statement's placeholder or a column of the outer query. */
type TeamRef = number | AnyColumn | SQL.Aliased | ReturnType<typeof sql.placeholder>;

/** The assistant (of the outer query) is a default Mika the team hid (team_hidden_assistants). */
export const hiddenForTeam = (teamId: TeamRef) =>
  sql<boolean>`exists (select 1 from ${teamHiddenAssistants} h where h.assistant_id = ${assistants.id} and h.team_id = ${teamId})`;

/**
 * The Mikas a team sees and uses: the default ones it did not hide plus its own. THE condition of
 * every query that lists or looks up assistants for a team (library, rights, API keys, chat):
 * nothing of another team, and no hidden default Mika, can come back.
 */
export const visibleToTeam = (teamId: TeamRef) =>
  and(or(isNull(assistants.teamId), eq(assistants.teamId, teamId)), not(hiddenForTeam(teamId)))!;

/** The library: every default assistant and every one of the team (rights are applied by the caller). */
export async function listVisibleAssistants(db: Db, teamId: number, userId: number): Promise<AssistantWithRights[]> {
  return libraryQuery(db).execute({ teamId, userId });
}

const libraryQuery = preparedQuery((db) =>
  db
    .select({ assistant: assistants, canUse: assistantRights.canUse, canEdit: assistantRights.canEdit })
    .from(assistants)
    .leftJoin(assistantRights, and(eq(assistantRights.assistantId, assistants.id), eq(assistantRights.userId, sql.placeholder('userId'))))
    .where(visibleToTeam(sql.placeholder('teamId')))
    .orderBy(desc(assistants.isDefault), asc(assistants.createdAt), asc(assistants.id))
    .prepare('library'),
);

/** The default Mikas the team hid, in the library's order (for its admins' "Ausgeblendete Mikas"). */
export async function listHiddenAssistants(db: Db, teamId: number): Promise<Assistant[]> {
  const rows = await db
    .select({ assistant: assistants })
    .from(teamHiddenAssistants)
    .innerJoin(assistants, eq(assistants.id, teamHiddenAssistants.assistantId))
    .where(eq(teamHiddenAssistants.teamId, teamId))
    .orderBy(asc(assistants.createdAt), asc(assistants.id));
  return rows.map((r) => r.assistant);
}

/** A default Mika or one of the team by uuid, hidden or not (to hide it or show it again). */
export async function findTeamOrDefaultAssistant(db: Db, teamId: number, uuid: string): Promise<Assistant | undefined> {
  const [row] = await db
    .select()
    .from(assistants)
    .where(and(eq(assistants.uuid, uuid), or(isNull(assistants.teamId), eq(assistants.teamId, teamId))));
  return row;
}

export async function insertHiddenAssistant(db: Db, teamId: number, assistantId: number): Promise<void> {
  await db.insert(teamHiddenAssistants).values({ teamId, assistantId }).onConflictDoNothing();
}

export async function deleteHiddenAssistant(db: Db, teamId: number, assistantId: number): Promise<void> {
  await db
    .delete(teamHiddenAssistants)
    .where(and(eq(teamHiddenAssistants.teamId, teamId), eq(teamHiddenAssistants.assistantId, assistantId)));
}

export async function findVisibleAssistant(
  db: Db,
  teamId: number,
  userId: number,
  uuid: string,
): Promise<AssistantWithRights | undefined> {
  const [row] = await db
    .select({ assistant: assistants, canUse: assistantRights.canUse, canEdit: assistantRights.canEdit })
    .from(assistants)
    .leftJoin(assistantRights, and(eq(assistantRights.assistantId, assistants.id), eq(assistantRights.userId, userId)))
    .where(and(eq(assistants.uuid, uuid), visibleToTeam(teamId)));
  return row;
}

/** A published assistant: a default one, or one of a team that was not deleted. */
export async function findPublicAssistant(db: Db, uuid: string): Promise<Assistant | undefined> {
  const [row] = await db
    .select({ assistant: assistants })
    .from(assistants)
    .leftJoin(teams, eq(teams.id, assistants.teamId))
    .where(and(eq(assistants.uuid, uuid), eq(assistants.isPublic, true), isNull(teams.deletedAt)));
  return row?.assistant;
}

/** The team's published assistants, optionally without one (the one being changed). */
export async function countPublishedAssistants(db: Db, teamId: number, exceptId?: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(assistants)
    .where(
      and(
        eq(assistants.teamId, teamId),
        eq(assistants.isPublic, true),
        exceptId === undefined ? undefined : ne(assistants.id, exceptId),
      ),
    );
  return row?.n ?? 0;
}

export async function countOwnAssistants(db: Db, teamId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(assistants)
    .where(and(eq(assistants.teamId, teamId), eq(assistants.isDefault, false)));
  return row?.n ?? 0;
}

/** A new Mika of a team; its uuid. */
export async function insertAssistant(db: Db, values: typeof assistants.$inferInsert): Promise<string> {
  const [row] = await db.insert(assistants).values(values).returning({ uuid: assistants.uuid });
  return row!.uuid;
}

export type AssistantChanges = Partial<typeof assistants.$inferInsert>;

/** Changes a Mika's columns and stamps the change. */
export async function updateAssistantRow(db: Db, id: number, set: AssistantChanges): Promise<void> {
  await db
    .update(assistants)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(assistants.id, id));
}

/** Deletes a Mika; its rows in other features' tables go by cascade. */
export async function deleteAssistantRow(db: Db, id: number): Promise<void> {
  await db.delete(assistants).where(eq(assistants.id, id));
}

export async function upsertAssistantRight(db: Db, input: { userId: number; assistantId: number; right: 'canUse' | 'canEdit'; value: boolean }): Promise<void> {
  await db
    .insert(assistantRights)
    .values({ userId: input.userId, assistantId: input.assistantId, [input.right]: input.value })
    .onConflictDoUpdate({ target: [assistantRights.userId, assistantRights.assistantId], set: { [input.right]: input.value } });
}
