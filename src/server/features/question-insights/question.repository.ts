import { and, desc, eq, gt, gte, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Cte, type Db } from '../../db/client.ts';
import { askedQuestions, assistants, questionInsightSnapshots, teams, type Assistant, type Team, type UnansweredReason } from '../../db/schema/index.ts';

/** What the insight stores of one answered question (the chat's answer store passes it on). */
export interface AskedQuestion {
  teamId: number | null;
  assistantId: number;
  threadId: number;
  messageId: number;
  isPublic: boolean;
  question: string;
  unanswered: UnansweredReason | null;
}

/**
 * The asked question as a part of the answer's last statement (decision 038: no round trip of its
 * own). Re-finishing an answer (resumed) updates its row instead of adding one.
 */
export function recordAskedQuestionCte(db: Db, q: AskedQuestion): Cte {
  const insert = db
    .insert(askedQuestions)
    .values({ ...q, question: q.question.slice(0, 8000) })
    .onConflictDoUpdate({ target: askedQuestions.messageId, set: { unanswered: q.unanswered, updatedAt: sql`now()` } });
  return { name: 'asked_question', body: insert.getSQL() };
}

/**
 * The vote of the thread's person on one of its answers (one per answer, changeable). An answer
 * from before the insight existed gets its row now, with the question before it.
 */
export async function voteOnAnswer(
  db: Db,
  v: { teamId: number | null; assistantId: number; threadId: number; messageId: number; isPublic: boolean; value: 1 | -1; reason: string | null },
): Promise<boolean> {
  const rows = await db.execute(sql`
    insert into asked_questions (team_id, assistant_id, thread_id, message_id, is_public, question, vote, reason)
    select ${v.teamId}, ${v.assistantId}, m.thread_id, m.id, ${v.isPublic},
           (select q.text from messages q where q.thread_id = m.thread_id and q.id < m.id and q.origin = 'user' order by q.id desc limit 1),
           ${v.value}, ${v.reason}
      from messages m
     where m.id = ${v.messageId} and m.thread_id = ${v.threadId} and m.origin = 'ai'
    on conflict (message_id) do update set vote = excluded.vote, reason = excluded.reason, updated_at = now()
    returning id`);
  return rowsOf(rows).length > 0;
}

/** The votes on a conversation's answers, by answer (message id). */
export async function votesOfThread(db: Db, threadId: number): Promise<Map<number, { value: 1 | -1; reason: string | null }>> {
  const rows = await db
    .select({ messageId: askedQuestions.messageId, vote: askedQuestions.vote, reason: askedQuestions.reason })
    .from(askedQuestions)
    .where(and(eq(askedQuestions.threadId, threadId), isNotNull(askedQuestions.vote)));
  return new Map(rows.map((r) => [r.messageId!, { value: r.vote as 1 | -1, reason: r.reason }]));
}

/** The Mikas with questions of these conversations that have no topic yet. */
export async function assistantsWithUngrouped(db: Db, threadIds: number[]): Promise<number[]> {
  if (threadIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: askedQuestions.assistantId })
    .from(askedQuestions)
    .where(and(inArray(askedQuestions.threadId, threadIds), isNull(askedQuestions.topic)));
  return rows.map((r) => r.id);
}

/**
 * Erasure of conversations: the texts and links go, the counts (topic, day, signals) stay — except
 * a topic key no other question of the Mika shares (it would be the erased question's own word).
 * Returns the Mikas concerned.
 */
export async function eraseQuestionTexts(tx: Db, threadIds: number[]): Promise<number[]> {
  if (threadIds.length === 0) return [];
  const erased = await tx
    .update(askedQuestions)
    .set({ question: null, reason: null, embedding: null, embeddingModel: null, threadId: null, messageId: null, updatedAt: sql`now()` })
    .where(inArray(askedQuestions.threadId, threadIds))
    .returning({ id: askedQuestions.id, assistantId: askedQuestions.assistantId });
  if (erased.length === 0) return [];
  await tx.execute(sql`
    update asked_questions q set topic = null
     where q.id in (${sql.join(erased.map((e) => sql`${e.id}`), sql`, `)})
       and not exists (select 1 from asked_questions o
                        where o.assistant_id = q.assistant_id and o.topic = q.topic and o.id <> q.id and o.question is not null)
       and (select count(*) from asked_questions o where o.assistant_id = q.assistant_id and o.topic = q.topic) < 2`);
  return [...new Set(erased.map((e) => e.assistantId))];
}

export async function readSnapshot(db: Db, assistantId: number) {
  const [row] = await db.select().from(questionInsightSnapshots).where(eq(questionInsightSnapshots.assistantId, assistantId));
  return row;
}

export async function readTeamSnapshots(db: Db, teamId: number) {
  return db.select().from(questionInsightSnapshots).where(eq(questionInsightSnapshots.teamId, teamId));
}

/** A Mika's questions that still have their text (not erased), within a time condition. */
const withTextSince = (assistantId: number, time: SQL) => and(eq(askedQuestions.assistantId, assistantId), time, isNotNull(askedQuestions.question));

/** The newest unanswered or thumbs-down questions of a period that still have their text. */
export async function listUnanswered(db: Db, assistantId: number, since: Date, limit: number) {
  return db
    .select({
      id: askedQuestions.id,
      question: askedQuestions.question,
      isPublic: askedQuestions.isPublic,
      unanswered: askedQuestions.unanswered,
      vote: askedQuestions.vote,
      reason: askedQuestions.reason,
      fixedAt: askedQuestions.fixedAt,
      createdAt: askedQuestions.createdAt,
    })
    .from(askedQuestions)
    .where(
      and(
        withTextSince(assistantId, gte(askedQuestions.createdAt, since)),
        or(isNotNull(askedQuestions.unanswered), eq(askedQuestions.vote, -1)),
      ),
    )
    .orderBy(desc(askedQuestions.createdAt), desc(askedQuestions.id))
    .limit(limit);
}

export async function questionTexts(db: Db, assistantId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: askedQuestions.id, question: askedQuestions.question, isPublic: askedQuestions.isPublic })
    .from(askedQuestions)
    .where(and(eq(askedQuestions.assistantId, assistantId), inArray(askedQuestions.id, ids), isNotNull(askedQuestions.question)));
}

/** snapshot.ts `sameWords` in SQL: case, spacing and the closing marks aside. */
const sameWordsSql = (text: SQL) => sql`lower(regexp_replace(regexp_replace(trim(${text}), '\\s+', ' ', 'g'), '[\\s?!.…]+$', ''))`;

/** The questions in the same words (sameWords) count as fixed once an answer is stored for one of them. */
export async function markQuestionsFixed(db: Db, assistantId: number, question: string): Promise<void> {
  await db
    .update(askedQuestions)
    .set({ fixedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(askedQuestions.assistantId, assistantId),
        isNull(askedQuestions.fixedAt),
        sql`${sameWordsSql(sql`${askedQuestions.question}`)} = ${sameWordsSql(sql`${question}`)}`,
      ),
    );
}

/**
 * Mikas with questions changed since their insight was last built (or never built) — and, with an
 * embedding model, Mikas whose questions of the last `since` still wait for its vectors. Oldest Mika
 * first, the same order on every run.
 */
export async function staleAssistants(db: Db, embedding: { model: string; since: Date } | null = null): Promise<number[]> {
  const rows = await db.execute(sql`
    select distinct q.assistant_id as id
      from asked_questions q
      left join question_insight_snapshots s on s.assistant_id = q.assistant_id
     where s.built_at is null or q.updated_at > s.built_at
        ${embedding ? sql`or (q.created_at > ${embedding.since} and q.question is not null and q.embedding_model is distinct from ${embedding.model})` : sql``}
     order by 1`);
  return rowsOf<{ id: number }>(rows).map((r) => r.id);
}

export interface CorpusRow {
  id: number;
  question: string | null;
  isPublic: boolean;
  topic: string | null;
  unanswered: string | null;
  vote: number | null;
  createdAt: Date;
  /** The stored vector when it was made by the embedding model asked for, else null. */
  embedding: number[] | null;
}

/** A Mika's questions since `since`, for grouping and the aggregates (with the vectors of `embeddingModel`). */
export async function loadCorpus(
  db: Db,
  assistantId: number,
  since: Date,
  embeddingModel: string | null = null,
): Promise<{ teamId: number | null; rows: CorpusRow[] }> {
  const rows = await db
    .select({
      id: askedQuestions.id,
      embedding: embeddingModel
        ? sql<number[] | null>`case when ${askedQuestions.embeddingModel} = ${embeddingModel} then ${askedQuestions.embedding} end`
        : sql<null>`null`,
      isPublic: askedQuestions.isPublic,
      teamId: askedQuestions.teamId,
      question: askedQuestions.question,
      topic: askedQuestions.topic,
      unanswered: askedQuestions.unanswered,
      vote: askedQuestions.vote,
      createdAt: askedQuestions.createdAt,
    })
    .from(askedQuestions)
    .where(and(eq(askedQuestions.assistantId, assistantId), gt(askedQuestions.createdAt, since)));
  return { teamId: rows[0]?.teamId ?? null, rows };
}

/** Questions with text of a Mika not yet embedded by `model` (newest first). */
export async function pendingEmbeddings(db: Db, assistantId: number, since: Date, model: string, limit: number) {
  return db
    .select({ id: askedQuestions.id, question: askedQuestions.question, isPublic: askedQuestions.isPublic })
    .from(askedQuestions)
    .where(
      and(
        withTextSince(assistantId, gt(askedQuestions.createdAt, since)),
        or(isNull(askedQuestions.embeddingModel), sql`${askedQuestions.embeddingModel} <> ${model}`),
      ),
    )
    .orderBy(desc(askedQuestions.createdAt), desc(askedQuestions.id))
    .limit(limit);
}

/**
 * Stores questions' vectors (not a change of the question: `updated_at` stays, so storing them
 * does not make the insight stale). A question erased meanwhile gets none.
 */
export async function saveEmbeddings(db: Db, model: string, rows: { id: number; embedding: number[] }[]): Promise<void> {
  if (rows.length === 0) return;
  const part = rows.map((r) => ({ id: r.id, embedding: `{${r.embedding.join(',')}}` }));
  await db.execute(sql`
    update asked_questions q set embedding = v.embedding::real[], embedding_model = ${model}
      from json_to_recordset(${JSON.stringify(part)}::json) as v(id int, embedding text)
     where q.id = v.id and q.question is not null`);
}

/** The Mika and its team, for the privacy list that masks what goes to a model. */
export async function insightOwner(db: Db, assistantId: number): Promise<{ assistant: Assistant; team: Team } | undefined> {
  const [row] = await db.select().from(assistants).innerJoin(teams, eq(teams.id, assistants.teamId)).where(eq(assistants.id, assistantId));
  return row ? { assistant: row.assistants, team: row.teams } : undefined;
}

/** New topic keys for questions, in one statement (ids and keys as parallel arrays). */
export async function saveTopics(db: Db, changes: { id: number; topic: string }[]): Promise<void> {
  for (let i = 0; i < changes.length; i += 20_000) {
    const part = changes.slice(i, i + 20_000);
    await db.execute(sql`
      update asked_questions q set topic = v.topic
        from json_to_recordset(${JSON.stringify(part)}::json) as v(id int, topic text)
       where q.id = v.id`);
  }
}

export async function saveSnapshot(db: Db, s: { assistantId: number; teamId: number | null; builtAt: Date; data: Record<string, unknown> }) {
  await db
    .insert(questionInsightSnapshots)
    .values(s)
    .onConflictDoUpdate({ target: questionInsightSnapshots.assistantId, set: { builtAt: s.builtAt, data: s.data, teamId: s.teamId } });
}

/** The team's feedback rows, for the export and the processing record. */
export async function listTeamFeedback(db: Db, teamId: number) {
  return db
    .select({
      id: askedQuestions.id,
      assistantId: askedQuestions.assistantId,
      threadId: askedQuestions.threadId,
      messageId: askedQuestions.messageId,
      question: askedQuestions.question,
      unanswered: askedQuestions.unanswered,
      vote: askedQuestions.vote,
      reason: askedQuestions.reason,
      fixedAt: askedQuestions.fixedAt,
      createdAt: askedQuestions.createdAt,
    })
    .from(askedQuestions)
    .where(eq(askedQuestions.teamId, teamId))
    .orderBy(askedQuestions.id);
}
