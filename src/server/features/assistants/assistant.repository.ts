import { and, asc, count, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { preparedQuery, type Db } from '../../db/client.ts';
import { assistantRights, assistants, teams, type Assistant } from '../../db/schema/index.ts';

export interface AssistantWithRights {
  assistant: Assistant;
  canUse: boolean | null;
  canEdit: boolean | null;
}

/** The default assistants plus the team's own: nothing of another team can come back. */
const visibleTo = (teamId: number) => or(isNull(assistants.teamId), eq(assistants.teamId, teamId));

/** The library: every default assistant and every one of the team (rights are applied by the caller). */
export async function listVisibleAssistants(db: Db, teamId: number, userId: number): Promise<AssistantWithRights[]> {
  return libraryQuery(db).execute({ teamId, userId });
}

const libraryQuery = preparedQuery((db) =>
  db
    .select({ assistant: assistants, canUse: assistantRights.canUse, canEdit: assistantRights.canEdit })
    .from(assistants)
    .leftJoin(assistantRights, and(eq(assistantRights.assistantId, assistants.id), eq(assistantRights.userId, sql.placeholder('userId'))))
    .where(or(isNull(assistants.teamId), eq(assistants.teamId, sql.placeholder('teamId'))))
    .orderBy(desc(assistants.isDefault), asc(assistants.createdAt), asc(assistants.id))
    .prepare('library'),
);

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
    .where(and(eq(assistants.uuid, uuid), visibleTo(teamId)));
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
