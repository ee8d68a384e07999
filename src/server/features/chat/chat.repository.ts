import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assistantRights, assistants, messages, teams, threads, type MessageRow } from '../../db/schema/index.ts';
import type { ChatMessage } from '../../../shared/schemas/chat.ts';

export async function insertThread(db: Db, values: typeof threads.$inferInsert): Promise<number> {
  const [row] = await db.insert(threads).values(values).returning({ id: threads.id });
  return row!.id;
}

/** A thread, unless its team was deleted (threads of default assistants have no team). */
export async function findThread(db: Db, threadId: number) {
  const [row] = await db
    .select({ thread: threads })
    .from(threads)
    .leftJoin(teams, eq(teams.id, threads.teamId))
    .where(and(eq(threads.id, threadId), isNull(teams.deletedAt)));
  return row?.thread;
}

export async function insertMessage(db: Db, values: typeof messages.$inferInsert): Promise<MessageRow> {
  const [row] = await db.insert(messages).values(values).returning();
  return row!;
}

/**
 * Everything the access check of a chat call needs, in ONE query (the streaming hot path): the
 * thread, its assistant (matched by uuid), the caller's rights and the team's count of own
 * assistants for the plan limit.
 */
export async function findThreadWithAssistant(db: Db, threadId: number, assistantUuid: string, userId: number | null) {
  const [row] = await db
    .select({
      thread: threads,
      assistant: assistants,
      canUse: assistantRights.canUse,
      canEdit: assistantRights.canEdit,
      ownAssistants: sql<number>`(select count(*)::int from ${assistants} a where a.team_id = ${threads.teamId} and not a.is_default)`,
    })
    .from(threads)
    .innerJoin(assistants, and(eq(assistants.id, threads.assistantId), eq(assistants.uuid, assistantUuid)))
    .leftJoin(
      assistantRights,
      and(eq(assistantRights.assistantId, assistants.id), eq(assistantRights.userId, userId ?? -1)),
    )
    .leftJoin(teams, eq(teams.id, threads.teamId))
    .where(and(eq(threads.id, threadId), isNull(teams.deletedAt)));
  return row;
}

export async function listThreadMessages(db: Db, threadId: number): Promise<MessageRow[]> {
  return db.select().from(messages).where(eq(messages.threadId, threadId)).orderBy(asc(messages.id));
}

/** The newest messages first, for building the model's history. */
export async function recentThreadMessages(db: Db, threadId: number, limit: number): Promise<MessageRow[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.threadId, threadId))
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.reverse();
}

export async function findMessageByResponseId(db: Db, threadId: number, responseId: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.threadId, threadId), eq(messages.responseId, responseId)));
  return row;
}

export function toChatMessage(m: MessageRow): ChatMessage {
  return {
    id: m.id,
    origin: m.origin as ChatMessage['origin'],
    type: m.type as ChatMessage['type'],
    text: m.text,
    audio: m.audio,
    document: m.document,
    response_id: m.responseId,
    status: m.status,
    created_at: m.createdAt.toISOString(),
  };
}
