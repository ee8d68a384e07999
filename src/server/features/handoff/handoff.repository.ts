import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { assistantRights, assistants, handoffSettings, messages, teams, threadHandoffs, threads, users, type HandoffHours } from '../../db/schema/index.ts';

export async function findHandoffSettings(db: Db, assistantId: number) {
  const [row] = await db.select().from(handoffSettings).where(eq(handoffSettings.assistantId, assistantId));
  return row;
}

export async function upsertHandoffSettings(
  db: Db,
  values: { assistantId: number; teamId: number; enabled: boolean; hours: HandoffHours[]; waitSeconds: number; greeting: string },
) {
  const { assistantId: _id, teamId: _team, ...changes } = values;
  await db
    .insert(handoffSettings)
    .values(values)
    .onConflictDoUpdate({ target: handoffSettings.assistantId, set: { ...changes, updatedAt: sql`now()` } });
}

/**
 * The chat Mikas of a team whose live room a member may join: with the use right (admins and plans
 * without rights: all of them), hand-off switched on.
 */
export async function liveAssistantIds(db: Db, opts: { teamId: number; userId: number; allMikas: boolean; published?: boolean; limit?: number }): Promise<number[]> {
  const query = db
    .select({ id: assistants.id })
    .from(assistants)
    .innerJoin(handoffSettings, and(eq(handoffSettings.assistantId, assistants.id), eq(handoffSettings.enabled, true)))
    .leftJoin(assistantRights, and(eq(assistantRights.assistantId, assistants.id), eq(assistantRights.userId, opts.userId)))
    .where(
      and(
        eq(assistants.teamId, opts.teamId),
        eq(assistants.type, 'chat'),
        opts.allMikas ? sql`true` : eq(assistantRights.canUse, true),
        opts.published ? eq(assistants.isPublic, true) : sql`true`,
      ),
    );
  const rows = await (opts.limit ? query.limit(opts.limit) : query);
  return rows.map((r) => r.id);
}

/** Of these users, those who may use the Mika (a use right, an admin, or a plan without rights). */
export async function usersWithUseRight(db: Db, assistantId: number, userIds: number[], planHasRights: boolean): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(assistants, eq(assistants.id, assistantId))
    .leftJoin(assistantRights, and(eq(assistantRights.assistantId, assistants.id), eq(assistantRights.userId, users.id)))
    .where(
      and(
        sql`${users.id} in (${sql.join(userIds.map((id) => sql`${id}`), sql`, `)})`,
        eq(users.teamId, assistants.teamId),
        planHasRights ? sql`(${users.isAdmin} or ${assistantRights.canUse} is true)` : sql`true`,
      ),
    );
  return rows.map((r) => r.id);
}

/** The visitor asked for a person: the request stands until someone takes it or it times out. */
export async function markRequested(db: Db, ref: { threadId: number; assistantId: number }) {
  await db
    .insert(threadHandoffs)
    .values({ ...ref, requestedAt: sql`now()` })
    .onConflictDoUpdate({ target: threadHandoffs.threadId, set: { requestedAt: sql`now()`, updatedAt: sql`now()` }, setWhere: sql`${threadHandoffs.takenBy} is null` });
}

/**
 * Takes the thread for one person in ONE statement: the first wins, a second caller gets no row
 * (then `findHandoff` names who has it). Taking a thread one holds already is a no-op success.
 */
export async function takeHandoff(db: Db, ref: { threadId: number; assistantId: number; userId: number; name: string }) {
  const [row] = await db
    .insert(threadHandoffs)
    .values({ threadId: ref.threadId, assistantId: ref.assistantId, takenBy: ref.userId, takenByName: ref.name, takenAt: sql`now()`, staffActiveAt: sql`now()` })
    .onConflictDoUpdate({
      target: threadHandoffs.threadId,
      set: { takenBy: ref.userId, takenByName: ref.name, takenAt: sql`now()`, staffActiveAt: sql`now()`, requestedAt: null, updatedAt: sql`now()` },
      setWhere: sql`${threadHandoffs.takenBy} is null or ${threadHandoffs.takenBy} = ${ref.userId}`,
    })
    .returning();
  return row;
}

export async function findHandoff(db: Db, threadId: number) {
  const [row] = await db.select().from(threadHandoffs).where(eq(threadHandoffs.threadId, threadId));
  return row;
}

/** A staff message: the holder is active (the 10-minute return counts from here). Null: not the holder. */
export async function touchHandoff(db: Db, threadId: number, userId: number) {
  const [row] = await db
    .update(threadHandoffs)
    .set({ staffActiveAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(threadHandoffs.threadId, threadId), eq(threadHandoffs.takenBy, userId)))
    .returning();
  return row;
}

/** Gives the thread back (only its holder). */
export async function releaseHandoff(db: Db, threadId: number, userId: number) {
  const [row] = await db
    .update(threadHandoffs)
    .set({ takenBy: null, takenByName: null, takenAt: null, staffActiveAt: null, requestedAt: null, updatedAt: sql`now()` })
    .where(and(eq(threadHandoffs.threadId, threadId), eq(threadHandoffs.takenBy, userId)))
    .returning();
  return row;
}

/** Requests nobody took within the Mika's wait time end (one statement: every instance may sweep). */
export async function expireWaitingRequests(db: Db, now: Date) {
  const ended = await db
    .update(threadHandoffs)
    .set({ requestedAt: null, updatedAt: sql`now()` })
    .where(
      sql`${threadHandoffs.takenBy} is null and ${threadHandoffs.requestedAt} is not null and ${threadHandoffs.requestedAt} + make_interval(secs => coalesce((select s.wait_seconds from ${handoffSettings} s where s.assistant_id = ${threadHandoffs.assistantId}), 120)) < ${now.toISOString()}::timestamptz`,
    )
    .returning({ threadId: threadHandoffs.threadId });
  return sweptThreads(db, ended.map((r) => r.threadId));
}

/** Held threads whose person stayed quiet since `before` go back to the Mika. */
export async function returnIdleHandoffs(db: Db, before: Date) {
  const returned = await db
    .update(threadHandoffs)
    .set({ takenBy: null, takenByName: null, takenAt: null, staffActiveAt: null, updatedAt: sql`now()` })
    .where(sql`${threadHandoffs.takenBy} is not null and ${threadHandoffs.staffActiveAt} < ${before.toISOString()}::timestamptz`)
    .returning({ threadId: threadHandoffs.threadId });
  return sweptThreads(db, returned.map((r) => r.threadId));
}

/**
 * The threads a sweep step handled, with their Mika and the thread's team: a sweep has no caller,
 * so the audit entry and the office event name them from here (never an empty uuid).
 */
async function sweptThreads(db: Db, threadIds: number[]) {
  if (threadIds.length === 0) return [];
  return db
    .select({
      threadId: threads.id,
      assistantId: assistants.id,
      assistantUuid: assistants.uuid,
      team: { id: teams.id, uuid: teams.uuid, name: teams.name },
    })
    .from(threads)
    .innerJoin(assistants, eq(assistants.id, threads.assistantId))
    .innerJoin(teams, eq(teams.id, threads.teamId))
    .where(inArray(threads.id, threadIds))
    .orderBy(threads.id);
}

/** A public thread of the team for the office (another team's does not exist), with its Mika. */
export async function findLiveThread(db: Db, teamId: number, threadId: number) {
  const [row] = await db
    .select({ thread: threads, assistantUuid: assistants.uuid, assistantName: assistants.name })
    .from(threads)
    .innerJoin(assistants, eq(assistants.id, threads.assistantId))
    .where(and(eq(threads.id, threadId), eq(threads.teamId, teamId), eq(threads.isPublic, true)));
  return row;
}

/**
 * The open public threads of these Mikas: a visitor message in the last 30 minutes, an open request
 * or a person holding it; newest first, with the newest message.
 */
export async function listLiveThreads(db: Db, teamId: number, assistantIds: number[], limit = 300) {
  if (assistantIds.length === 0) return [];
  const ids = sql.join(assistantIds.map((id) => sql`${id}`), sql`, `);
  const rows = await db.execute(sql`
    select t.id as thread_id, a.uuid as assistant_uuid, a.name as assistant_name,
           (h.requested_at is not null and h.taken_by is null) as requested, h.taken_by, h.taken_by_name,
           last.text as last_message, greatest(last.created_at, h.updated_at) as updated_at
    from ${threads} t
    join ${assistants} a on a.id = t.assistant_id
    left join ${threadHandoffs} h on h.thread_id = t.id
    cross join lateral (select m.text, m.created_at from ${messages} m where m.thread_id = t.id and m.type in ('txt', 'mp3') order by m.id desc limit 1) last
    where t.team_id = ${teamId} and t.is_public and t.assistant_id in (${ids})
      and (h.requested_at is not null or h.taken_by is not null
           or exists(select 1 from ${messages} u where u.thread_id = t.id and u.origin = 'user' and u.created_at > now() - interval '30 minutes'))
    order by updated_at desc
    limit ${limit}`);
  return rowsOf<{
    thread_id: number;
    assistant_uuid: string;
    assistant_name: string;
    requested: boolean;
    taken_by: number | null;
    taken_by_name: string | null;
    last_message: string | null;
    updated_at: string | Date;
  }>(rows);
}
