import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { oncePerDatabase, preparedQuery, RELAXED_CTE, withCtes, type Cte, type Db } from '../../db/client.ts';
import {
  assistantRights,
  assistantMcps,
  assistantTools,
  assistants,
  knowledgeFiles,
  mcpServers,
  messages,
  handoffSettings,
  teams,
  threadHandoffs,
  threads,
  type MessageRow,
  type ToolSlug,
} from '../../db/schema/index.ts';
import type { ChatMessage } from '../../../shared/schemas/chat.ts';
import { hiddenForTeam, isFreeAssistantSql } from '../assistants/index.ts';
import { reserveCreditsCtes } from '../credits/index.ts';
import { throttleHitCte, type ThrottleRule } from '../../platform/throttle.ts';

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

/** What the access check of a chat call selects (the thread, its assistant, the caller's rights …). */
const threadAccessFields = {
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
  // Live hand-off (decision 044): whether a public thread's Mika offers it and who holds the thread.
  handoff: sql<{ enabled: boolean; heldBy: number | null } | null>`(select json_build_object('enabled', hs.enabled, 'heldBy', (select th.taken_by from ${threadHandoffs} th where th.thread_id = ${threads.id})) from ${handoffSettings} hs where hs.assistant_id = ${assistants.id} and ${threads.isPublic})`,
};

/**
 * A thread by id with its assistant (by uuid), the caller's rights on it and its team (not
 * deleted): the joins of the access lookup and of the answer's first statement, which reads the
 * same row and more.
 */
const accessJoins = {
  assistant: and(eq(assistants.id, threads.assistantId), eq(assistants.uuid, sql.placeholder('assistantUuid')))!,
  rights: and(eq(assistantRights.assistantId, assistants.id), eq(assistantRights.userId, sql.placeholder('userId'))),
  team: eq(teams.id, threads.teamId),
  where: and(eq(threads.id, sql.placeholder('threadId')), isNull(teams.deletedAt)),
};

const threadAccessQuery = preparedQuery((db) =>
  db
    .select(threadAccessFields)
    .from(threads)
    .innerJoin(assistants, accessJoins.assistant)
    .leftJoin(assistantRights, accessJoins.rights)
    .leftJoin(teams, accessJoins.team)
    .where(accessJoins.where)
    .prepare('thread_access'),
);

/** A visitor limit as counted in the answer's first statement (null: not counted, e.g. a team thread). */
interface CountedHit {
  count: number;
  reset_at: string;
}

/** The fixed parts of the answer's first statement (its rules and amounts). */
export interface AnswerOpening {
  /** Messages of the history, newest first. */
  historyMessages: number;
  /** The credit units held for an answer. */
  holdUnits: number;
}

/** Visitor limits of a public thread (the deployment's settings): per client IP, then per assistant. */
export interface VisitorLimits {
  messagesPerIp: ThrottleRule;
  messagesPerAssistant: ThrottleRule;
}

/**
 * The answer's first round trip (decision 038): the access check's row as findThreadWithAssistant
 * reads it, the thread's recent messages for the history, the public thread's visitor limits
 * counted and the credit hold — in ONE statement. Each part is written by its owner (the limits
 * by the platform's throttle, the hold by the credits feature); the chat feature puts them
 * together and yields its access predicate into them: the thread must match its id, token and
 * assistant, belong to the caller (or be public and published) and its team must exist. The
 * caller applies the rest of the access check to the row and gives the hold back when it refuses.
 */
export function answerOpening(opening: AnswerOpening) {
  const query = preparedQuery((db) => {
    const guard: Cte = {
      name: 'answer_guard',
      body: sql`
        select t.team_id, t.is_public, a.id as assistant_id, ${isFreeAssistantSql(sql`a.seed_key`)} as free,
               exists(select 1 from ${threadHandoffs} th where th.thread_id = t.id and th.taken_by is not null) as held,
               case when a.type = 'task' then 'task' else 'chat' end as capability
        from ${threads} t
        join ${assistants} a on a.id = t.assistant_id and a.uuid = ${sql.placeholder('assistantUuid')}
        left join ${teams} tm on tm.id = t.team_id
        where t.id = ${sql.placeholder('threadId')} and t.token_hash = ${sql.placeholder('tokenHash')} and tm.deleted_at is null
          and case when t.is_public then a.is_public else t.user_id = ${sql.placeholder('userId')} end`,
    };
    const countOf = (cte: string) => sql`coalesce((select count from ${sql.raw(cte)}), 0)`;
    const ipLimit = sql`${sql.placeholder('ipLimit')}::int`;
    const assistantLimit = sql`${sql.placeholder('assistantLimit')}::int`;
    const perIp = throttleHitCte('answer_ip_hits', {
      key: sql`'public-msg:' || ${sql.placeholder('ip')}::text`,
      windowMs: sql`${sql.placeholder('ipWindowMs')}`,
      from: sql`relaxed cross join answer_guard g`,
      when: sql`g.is_public`,
    });
    const perAssistant = throttleHitCte('answer_assistant_hits', {
      key: sql`'public-assistant:' || g.assistant_id`,
      windowMs: sql`${sql.placeholder('assistantWindowMs')}`,
      from: sql`relaxed cross join answer_guard g`,
      when: sql`g.is_public and ${countOf('answer_ip_hits')} <= ${ipLimit}`,
    });
    // Who pays: the thread's team, unless the Mika is free or a visitor limit refuses the message.
    const hold = reserveCreditsCtes(
      sql`select g.team_id, g.capability from answer_guard g
          where g.team_id is not null and not g.free and not g.held
            and ${countOf('answer_ip_hits')} <= ${ipLimit} and ${countOf('answer_assistant_hits')} <= ${assistantLimit}`,
      opening.holdUnits,
    );
    const ctes = [RELAXED_CTE, guard, perIp, perAssistant, ...hold.ctes].map((c) => db.$with(c.name, {}).as(c.body));
    const hitOf = (cte: string) => sql<CountedHit | null>`(select json_build_object('count', count, 'reset_at', reset_at) from ${sql.raw(cte)})`;
    return db
      .with(...ctes)
      .select({
        ...threadAccessFields,
        // The newest messages, oldest first: the model's history (read before the question is stored).
        history: sql<{ origin: string; type: string; status: string; text: string }[]>`(
          select coalesce(json_agg(json_build_object('origin', h.origin, 'type', h.type, 'status', h.status, 'text', h.text) order by h.id), '[]'::json)
          from (select m.id, m.origin, m.type, m.status, m.text from ${messages} m where m.thread_id = ${threads.id} order by m.id desc limit ${opening.historyMessages}) h)`,
        holdId: hold.holdId,
        ipHit: hitOf('answer_ip_hits'),
        assistantHit: hitOf('answer_assistant_hits'),
      })
      .from(threads)
      .innerJoin(assistants, accessJoins.assistant)
      .leftJoin(assistantRights, accessJoins.rights)
      .leftJoin(teams, accessJoins.team)
      .where(accessJoins.where)
      .prepare('open_answer');
  });
  return async (
    db: Db,
    ref: { threadId: number; assistantUuid: string; userId: number | null; tokenHash: string; ip: string },
    limits: VisitorLimits,
  ) => {
    const [row] = await query(db).execute({
      ...ref,
      userId: ref.userId ?? -1,
      ipLimit: limits.messagesPerIp.limit,
      ipWindowMs: limits.messagesPerIp.windowMs,
      assistantLimit: limits.messagesPerAssistant.limit,
      assistantWindowMs: limits.messagesPerAssistant.windowMs,
    });
    return row;
  };
}

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

/**
 * The answer's last round trip (decision 038): its final text, status and usage on its row, and
 * in the same statement what the other features book with it (`also`: the usage and the credit
 * settlement, written by their owners).
 */
export async function finishAnswerRow(
  db: Db,
  messageId: number,
  values: {
    text: string;
    status: 'complete' | 'partial';
    model: string;
    inputTokens: number;
    outputTokens: number;
    /** The files the answer cites (office chat). */
    sources?: { file: string; location: string }[];
  },
  also: Cte[] = [],
): Promise<void> {
  const update = db
    .update(messages)
    .set({ ...values, heartbeatAt: null })
    .where(eq(messages.id, messageId));
  if (also.length === 0) {
    await update;
    return;
  }
  await db.execute(sql`${withCtes([{ name: 'answer_row', body: update.getSQL() }, ...also])} select 1`);
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
    ...(m.origin === 'staff' ? { name: m.authorName ?? '' } : {}),
    status: stale ? 'partial' : m.status,
    ...(m.sources && m.sources.length > 0 ? { sources: m.sources } : {}),
    created_at: m.createdAt.toISOString(),
  };
}
