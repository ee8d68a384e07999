import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  assistantTools,
  assistants,
  auditLog,
  dataExports,
  formSubmissions,
  knowledgeFiles,
  messages,
  teams,
  threads,
  users,
  type DataExportRow,
} from '../../db/schema/index.ts';

// The data protection feature's queries (docs/decisions/029-server-boundaries.md): its own table
// `data_exports`, and what erasure, retention, the processing record and the visitor search read of
// the conversations, teams and Mikas. Writes to other features' tables go through their owners
// (deps.rowOwners and the front doors), never from here.

// ------------------------------------------------------------------ exports (data_exports)

export async function referencedExportFiles(db: Db, names: string[]): Promise<Set<string>> {
  const rows = await db.select({ name: dataExports.storedName }).from(dataExports).where(inArray(dataExports.storedName, names));
  return new Set(rows.map((r) => r.name ?? ''));
}

export async function exportFileNamesOfTeam(db: Db, teamId: number): Promise<string[]> {
  const rows = await db.select({ name: dataExports.storedName }).from(dataExports).where(eq(dataExports.teamId, teamId));
  return rows.flatMap((r) => (r.name ? [r.name] : []));
}

export async function insertExport(db: Db, values: typeof dataExports.$inferInsert): Promise<DataExportRow> {
  const [created] = await db.insert(dataExports).values(values).returning();
  return created!;
}

/** The exports one admin asked for in their team, newest first. */
export function listExportsOfRequester(db: Db, teamId: number, userId: number, limit: number): Promise<DataExportRow[]> {
  return db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.teamId, teamId), eq(dataExports.requestedBy, userId)))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(limit);
}

export async function findExportOfRequester(db: Db, uuid: string, teamId: number, userId: number): Promise<DataExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.uuid, uuid), eq(dataExports.teamId, teamId), eq(dataExports.requestedBy, userId)));
  return row;
}

export async function findExport(db: Db, id: number): Promise<DataExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row;
}

/** Expired exports, and failed ones older than `failedBefore`. */
export function expiredExports(db: Db, now: Date, failedBefore: Date): Promise<{ id: number; storedName: string | null }[]> {
  return db
    .select({ id: dataExports.id, storedName: dataExports.storedName })
    .from(dataExports)
    .where(or(lt(dataExports.expiresAt, now), and(eq(dataExports.status, 'failed'), lt(dataExports.createdAt, failedBefore))));
}

/** A team's exports that may hold a subject's data: every team export plus those of the subject. */
export function exportsHolding(db: Db, teamId: number, subject: { scope: 'user' | 'thread'; ref: string }): Promise<{ id: number; storedName: string | null }[]> {
  return db
    .select({ id: dataExports.id, storedName: dataExports.storedName })
    .from(dataExports)
    .where(
      and(
        eq(dataExports.teamId, teamId),
        or(eq(dataExports.scope, 'team'), and(eq(dataExports.scope, subject.scope), eq(dataExports.subject, subject.ref))),
      ),
    );
}

export async function deleteExports(db: Db, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(dataExports).where(inArray(dataExports.id, ids));
}

export async function unfinishedExportIds(db: Db): Promise<number[]> {
  const rows = await db.select({ id: dataExports.id }).from(dataExports).where(inArray(dataExports.status, ['queued', 'running']));
  return rows.map((r) => r.id);
}

export async function markExportRunning(db: Db, id: number): Promise<void> {
  await db.update(dataExports).set({ status: 'running' }).where(eq(dataExports.id, id));
}

/** Marks a queued or running export ready; false when it was erased or finished meanwhile. */
export async function markExportReady(
  db: Db,
  id: number,
  values: { storedName: string; sizeBytes: number; readyAt: Date; expiresAt: Date },
): Promise<boolean> {
  const [done] = await db
    .update(dataExports)
    .set({ status: 'ready', ...values, error: null })
    .where(and(eq(dataExports.id, id), inArray(dataExports.status, ['queued', 'running'])))
    .returning({ id: dataExports.id });
  return Boolean(done);
}

export async function markExportFailed(db: Db, id: number, error: string): Promise<void> {
  await db.update(dataExports).set({ status: 'failed', error }).where(eq(dataExports.id, id));
}

/** The team of an export and the admin who asked for it (who may have been erased meanwhile). */
export async function findExportRecipients(db: Db, teamId: number, userId: number) {
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
  const [admin] = await db.select().from(users).where(eq(users.id, userId));
  return { team, admin };
}

// ------------------------------------------------------------------ erasure and the visitor search

/** How many conversations and messages these ids have (what an erasure reports). */
export async function countThreadContent(db: Db, threadIds: number[]): Promise<{ threads: number; messages: number }> {
  const [m] = await db.select({ n: count() }).from(messages).where(inArray(messages.threadId, threadIds));
  const [t] = await db.select({ n: count() }).from(threads).where(inArray(threads.id, threadIds));
  return { threads: t?.n ?? 0, messages: m?.n ?? 0 };
}

export async function threadIdsOfUser(db: Db, userId: number): Promise<number[]> {
  return (await db.select({ id: threads.id }).from(threads).where(eq(threads.userId, userId))).map((r) => r.id);
}

/** A public visitor thread of the team. */
export async function findVisitorThread(db: Db, teamId: number, threadId: number): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: threads.id })
    .from(threads)
    .where(and(eq(threads.id, threadId), eq(threads.teamId, teamId), eq(threads.isPublic, true)));
  return row;
}

/** The conversations of the team in which a contact form left this e-mail address (lower case). */
export async function threadIdsByFormEmail(db: Db, teamId: number, email: string): Promise<number[]> {
  const rows = await db
    .select({ id: formSubmissions.threadId })
    .from(formSubmissions)
    .innerJoin(assistants, eq(assistants.id, formSubmissions.assistantId))
    .where(and(eq(assistants.teamId, teamId), isNotNull(formSubmissions.threadId), sql`lower(${formSubmissions.data}->>'email') = ${email}`));
  return [...new Set(rows.map((r) => r.id!))];
}

/** The team's public visitor threads among `ids`, with their Mika, last activity and counts. */
export function listVisitorThreadRows(db: Db, teamId: number, ids: number[]) {
  return db
    .select({
      id: threads.id,
      assistantName: assistants.name,
      createdAt: threads.createdAt,
      lastMessageAt: sql<string>`coalesce((select max(m.created_at) from messages m where m.thread_id = ${threads.id}), ${threads.createdAt})`,
      messages: sql<number>`(select count(*)::int from messages m where m.thread_id = ${threads.id})`,
      forms: sql<number>`(select count(*)::int from form_submissions f where f.thread_id = ${threads.id})`,
    })
    .from(threads)
    .innerJoin(assistants, eq(assistants.id, threads.assistantId))
    .where(and(inArray(threads.id, ids), eq(threads.teamId, teamId), eq(threads.isPublic, true)))
    .orderBy(threads.id);
}

// ------------------------------------------------------------------ retention

export async function findTeamRetention(db: Db, teamId: number): Promise<{ members: number | null; visitors: number | null } | undefined> {
  const [team] = await db
    .select({ members: teams.retentionMemberDays, visitors: teams.retentionVisitorDays })
    .from(teams)
    .where(eq(teams.id, teamId));
  return team;
}

/** The team's latest retention run as the audit log recorded it. */
export async function lastRetentionRun(db: Db, teamId: number) {
  const [last] = await db
    .select({ at: auditLog.at, detail: auditLog.detail })
    .from(auditLog)
    .where(and(eq(auditLog.teamId, teamId), eq(auditLog.action, 'dataprotection.retention_run')))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  return last;
}

/** Teams (not deleted) with a finite retention for members or visitors. */
export function teamsWithRetention(db: Db) {
  return db
    .select()
    .from(teams)
    .where(and(isNull(teams.deletedAt), sql`(${teams.retentionMemberDays} is not null or ${teams.retentionVisitorDays} is not null)`))
    .orderBy(asc(teams.id));
}

/** Threads of a team (or of no team) of one kind whose last message is before `cutoff`. */
export async function dueThreadIds(db: Db, teamId: number | null, isPublic: boolean, cutoff: Date): Promise<number[]> {
  const lastActivity = sql`coalesce((select max(m.created_at) from messages m where m.thread_id = ${threads.id}), ${threads.createdAt})`;
  const rows = await db
    .select({ id: threads.id })
    .from(threads)
    .where(
      and(
        teamId === null ? isNull(threads.teamId) : eq(threads.teamId, teamId),
        eq(threads.isPublic, isPublic),
        // Quick pre-filter on the thread's own age; the last message decides.
        sql`${threads.createdAt} < ${cutoff.toISOString()}`,
        sql`${lastActivity} < ${cutoff.toISOString()}`,
      ),
    );
  return rows.map((r) => r.id);
}

// ------------------------------------------------------------------ the processing record

/** What the record of processing activities is generated from: the team, its Mikas, their tools and knowledge, its people. */
export async function loadProcessingFacts(db: Db, teamId: number) {
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
  if (!team) return undefined;
  const mikas = await db.select().from(assistants).where(eq(assistants.teamId, team.id)).orderBy(asc(assistants.name));
  const ids = mikas.map((a) => a.id);
  const tools = ids.length ? await db.select().from(assistantTools).where(inArray(assistantTools.assistantId, ids)) : [];
  const knowledge = ids.length
    ? await db
        .select({ assistantId: knowledgeFiles.assistantId, n: count() })
        .from(knowledgeFiles)
        .where(inArray(knowledgeFiles.assistantId, ids))
        .groupBy(knowledgeFiles.assistantId)
    : [];
  const [people] = await db.select({ n: count() }).from(users).where(eq(users.teamId, team.id));
  return { team, mikas, tools, knowledge, people: people?.n ?? 0 };
}
