import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { oncePerDatabase, preparedQuery, type Db } from '../../db/client.ts';
import {
  assistantRights,
  assistantMcps,
  assistantTools,
  assistants,
  knowledgeFiles,
  mcpServers,
  messages,
  teams,
  threads,
  type MessageRow,
  type ToolSlug,
} from '../../db/schema/index.ts';
import type { ChatMessage } from '../../../shared/schemas/chat.ts';
import { hiddenForTeam } from '../assistants/index.ts';

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
  const [row] = await threadAccessQuery(db).execute({ threadId, assistantUuid, userId: userId ?? -1 });
  return row;
}

const threadAccessQuery = preparedQuery((db) =>
  db
    .select({
      thread: threads,
      assistant: assistants,
      canUse: assistantRights.canUse,
      canEdit: assistantRights.canEdit,
      ownAssistants: sql<number>`(select count(*)::int from ${assistants} a where a.team_id = ${threads.teamId} and not a.is_default)`,
      team: teams,
      // A default Mika the thread's team hid answers like an unknown one (decision 030).
      hidden: hiddenForTeam(threads.teamId),
      // Retrieval runs only for assistants that have something to retrieve.
      hasKnowledge: sql<boolean>`exists(select 1 from ${knowledgeFiles} k where k.assistant_id = ${assistants.id} and k.status = 'ready')`,
      // Whether external (MCP) tools of its team are switched on: else no lookup before the model call.
      hasMcp: sql<boolean>`exists(select 1 from ${assistantMcps} m join ${mcpServers} s on s.id = m.mcp_server_id where m.assistant_id = ${assistants.id} and m.active and s.team_id = ${threads.teamId})`,
      // The assistant's switched-on tools ride along: no extra round trip before the model call.
      tools: sql<{ toolSlug: ToolSlug; settings: Record<string, unknown> }[]>`(select coalesce(json_agg(json_build_object('toolSlug', t.tool_slug, 'settings', t.settings)), '[]'::json) from ${assistantTools} t where t.assistant_id = ${assistants.id} and t.active)`,
    })
    .from(threads)
    .innerJoin(assistants, and(eq(assistants.id, threads.assistantId), eq(assistants.uuid, sql.placeholder('assistantUuid'))))
    .leftJoin(
      assistantRights,
      and(eq(assistantRights.assistantId, assistants.id), eq(assistantRights.userId, sql.placeholder('userId'))),
    )
    .leftJoin(teams, eq(teams.id, threads.teamId))
    .where(and(eq(threads.id, sql.placeholder('threadId')), isNull(teams.deletedAt)))
    .prepare('thread_access'),
);

export async function listThreadMessages(db: Db, threadId: number): Promise<MessageRow[]> {
  return db.select().from(messages).where(eq(messages.threadId, threadId)).orderBy(asc(messages.id));
}

/** The newest messages first, for building the model's history. */
export async function recentThreadMessages(db: Db, threadId: number, limit: number): Promise<MessageRow[]> {
  const rows = await recentMessagesQuery(db).execute({ threadId, limit });
  return rows.reverse();
}

const recentMessagesQuery = preparedQuery((db) =>
  db
    .select()
    .from(messages)
    .where(eq(messages.threadId, sql.placeholder('threadId')))
    .orderBy(desc(messages.id))
    .limit(sql.placeholder('limit'))
    .prepare('recent_messages'),
);

export async function findMessageByResponseId(db: Db, threadId: number, responseId: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.threadId, threadId), eq(messages.responseId, responseId)));
  return row;
}

/**
 * The question and the (still empty) answer in one statement: one round trip before the model is
 * called. The answer is "streaming" with a fresh heartbeat until the pipeline finishes it.
 */
export async function insertQuestionAndAnswer(
  db: Db,
  threadId: number,
  question: string,
): Promise<{ id: number; responseId: string }> {
  const rows = await questionAndAnswerInsert(db).execute({ threadId, question, responseId: crypto.randomUUID() });
  const answer = rows.find((r) => r.origin === 'ai')!;
  return { id: answer.id, responseId: answer.responseId! };
}

const questionAndAnswerInsert = preparedQuery((db) =>
  db
    .insert(messages)
    .values([
      { threadId: sql.placeholder('threadId'), origin: 'user', type: 'txt', text: sql.placeholder('question') },
      {
        threadId: sql.placeholder('threadId'),
        origin: 'ai',
        type: 'txt',
        text: '',
        status: 'streaming',
        heartbeatAt: sql`now()`,
        responseId: sql.placeholder('responseId'),
      },
    ])
    .returning({ id: messages.id, origin: messages.origin, responseId: messages.responseId })
    .prepare('insert_question_answer'),
);

/**
 * The text so far of a streaming answer, with a fresh heartbeat. The checkpoints of all answers
 * streaming on this instance within CHECKPOINT_WINDOW_MS go in one statement: thousands of open
 * streams would otherwise each write every few seconds. Resolves once its batch is stored.
 */
export function saveAnswerCheckpoint(db: Db, messageId: number, text: string): Promise<void> {
  return checkpointWriter(db).save(messageId, text);
}

const CHECKPOINT_WINDOW_MS = 50;

interface PendingCheckpoint {
  text: string;
  waiters: { resolve(): void; reject(err: unknown): void }[];
}

const checkpointWriter = oncePerDatabase((db) => {
  let pending = new Map<number, PendingCheckpoint>();
  let timer: NodeJS.Timeout | undefined;
  const flush = async () => {
    timer = undefined;
    const batch = pending;
    pending = new Map();
    const rows = [...batch].map(([id, p]) => ({ id, text: p.text }));
    try {
      await db.execute(sql`
        update ${messages} m set text = v.text, heartbeat_at = now()
        from json_to_recordset(${JSON.stringify(rows)}::json) as v(id int, text text)
        where m.id = v.id and m.status = 'streaming'`);
      for (const p of batch.values()) for (const w of p.waiters) w.resolve();
    } catch (err) {
      for (const p of batch.values()) for (const w of p.waiters) w.reject(err);
    }
  };
  return {
    save(messageId: number, text: string): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        const entry = pending.get(messageId);
        // A newer text of the same answer replaces the older one in the batch.
        if (entry) {
          entry.text = text;
          entry.waiters.push({ resolve, reject });
        } else pending.set(messageId, { text, waiters: [{ resolve, reject }] });
        timer ??= setTimeout(() => void flush(), CHECKPOINT_WINDOW_MS);
      });
    },
  };
});

export async function finishAnswerRow(
  db: Db,
  messageId: number,
  values: { text: string; status: 'complete' | 'partial'; model: string; inputTokens: number; outputTokens: number },
): Promise<void> {
  await db
    .update(messages)
    .set({ ...values, heartbeatAt: null })
    .where(eq(messages.id, messageId));
}

export async function deleteMessage(db: Db, messageId: number): Promise<void> {
  await db.delete(messages).where(eq(messages.id, messageId));
}

/**
 * Answers whose process stopped mid-stream become "partial" (their text so far is kept).
 * `heartbeatBefore` null takes every streaming answer (the embedded database belongs to one
 * process: at its start nobody else can be streaming).
 */
export async function markStaleAnswers(db: Db, heartbeatBefore: Date | null): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ status: 'partial', heartbeatAt: null })
    .where(
      heartbeatBefore
        ? and(eq(messages.status, 'streaming'), lt(messages.heartbeatAt, heartbeatBefore))
        : eq(messages.status, 'streaming'),
    )
    .returning({ id: messages.id });
  return rows.length;
}

export async function findAiMessage(db: Db, threadId: number, messageId: number): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.threadId, threadId), eq(messages.origin, 'ai')));
  return row;
}

/**
 * A spoken answer: its MP3 is attached and a text answer becomes the spec's `mp3` message (its
 * text stays: the history shows both, the model reads the text). A document or form message keeps
 * its type, with the audio beside it.
 */
export async function setMessageAudio(db: Db, messageId: number, file: string): Promise<void> {
  await db
    .update(messages)
    .set({ audio: file, type: sql`case when ${messages.type} = 'txt' then 'mp3' else ${messages.type} end` })
    .where(eq(messages.id, messageId));
}

export async function findThreadIdByAudio(db: Db, file: string): Promise<number | undefined> {
  const [row] = await db.select({ threadId: messages.threadId }).from(messages).where(eq(messages.audio, file));
  return row?.threadId;
}

/**
 * The document messages named `file` in threads whose token hash is `tokenHash` (at most one
 * thread: tokens are random); the caller checks the thread access as for every other call.
 */
export async function findThreadDocument(db: Db, file: string, tokenHash: string) {
  const [row] = await db
    .select({ threadId: messages.threadId, source: messages.documentSource })
    .from(messages)
    .innerJoin(threads, eq(threads.id, messages.threadId))
    .where(and(eq(messages.document, file), eq(messages.type, 'doc'), eq(threads.tokenHash, tokenHash)))
    .orderBy(desc(messages.id))
    .limit(1);
  return row;
}

/** The contact form shown in a thread was sent: after a reload it shows the confirmation. */
export async function markFormsSubmitted(db: Db, threadId: number, confirmation: string): Promise<void> {
  await db
    .update(messages)
    .set({ text: confirmation, status: 'submitted' })
    .where(and(eq(messages.threadId, threadId), eq(messages.type, 'form'), eq(messages.status, 'complete')));
}

/** `staleBefore`: a streaming answer whose heartbeat is older is shown as interrupted. */
export function toChatMessage(m: MessageRow, staleBefore?: Date): ChatMessage {
  const stale = m.status === 'streaming' && staleBefore !== undefined && (!m.heartbeatAt || m.heartbeatAt < staleBefore);
  return {
    id: m.id,
    origin: m.origin as ChatMessage['origin'],
    type: m.type as ChatMessage['type'],
    text: m.text,
    audio: m.audio,
    document: m.document,
    response_id: m.responseId,
    status: stale ? 'partial' : m.status,
    ...(m.sources && m.sources.length > 0 ? { sources: m.sources } : {}),
    created_at: m.createdAt.toISOString(),
  };
}

/** The knowledge sources shown under an answer. */
export async function setMessageSources(db: Db, messageId: number, sources: { file: string; location: string }[]) {
  await db.update(messages).set({ sources }).where(eq(messages.id, messageId));
}
