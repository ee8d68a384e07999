import { and, asc, count, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { InsightSort } from '../../../shared/schemas/insight.ts';
import type { Db } from '../../db/client.ts';
import { assistants, auditLog, creditLedger, mailOutbox, promotionCodes, teamDiscounts, teams, users, type Team } from '../../db/schema/index.ts';

// Reads across the teams' tables for the operator; writes only the insight tables
// (promotion_codes, team_discounts). Teams change through the teams feature.

export async function findTeamByUuid(db: Db, uuid: string): Promise<Team | null> {
  const [row] = await db.select().from(teams).where(eq(teams.uuid, uuid));
  return row ?? null;
}

export async function findTeamById(db: Db, id: number): Promise<Team | null> {
  const [row] = await db.select().from(teams).where(eq(teams.id, id));
  return row ?? null;
}

/** The stored logos of a team's Mikas (public files a purge removes). */
export async function teamLogoPaths(db: Db, teamId: number): Promise<string[]> {
  const rows = await db
    .select({ logo: assistants.logo })
    .from(assistants)
    .where(and(eq(assistants.teamId, teamId), isNotNull(assistants.logo)));
  return rows.map((r) => r.logo!);
}

/** The detail of the team's latest deletion in the audit log (whether it was soft). */
export async function lastTeamDeletion(db: Db, teamId: number) {
  const [last] = await db
    .select({ detail: auditLog.detail })
    .from(auditLog)
    .where(and(eq(auditLog.teamId, teamId), eq(auditLog.action, 'team.deleted')))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return last;
}

export async function findTeamOwner(db: Db, teamId: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.teamId, teamId), eq(users.role, 'owner')))
    .orderBy(asc(users.id))
    .limit(1);
  return row ?? null;
}

/** `%term%` for ILIKE with the wildcards of the term itself taken literally. */
const likeTerm = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listInsightTeams(
  db: Db,
  q: { page: number; search: string; sort: InsightSort; direction: 'asc' | 'desc'; month: string; limit: number },
) {
  // Correlated subqueries name the outer row explicitly (a bare column would bind to the inner table).
  const teamId = sql.raw('"teams"."id"');
  const usersCount = sql<number>`(select count(*) from ${users} u where u.team_id = ${teamId})::int`;
  const mikasCount = sql<number>`(select count(*) from ${assistants} a where a.team_id = ${teamId})::int`;
  const creditsUsed = sql<string>`coalesce((select -sum(l.units) from ${creditLedger} l where l.team_id = ${teamId} and l.month = ${q.month} and l.kind = 'usage'), 0)`;
  const ownerEmail = sql<string | null>`(select u.email from ${users} u where u.team_id = ${teamId} and u.role = 'owner' order by u.id limit 1)`;
  let where: SQL | undefined;
  if (q.search) {
    const term = likeTerm(q.search);
    where = or(ilike(teams.name, term), sql`exists (select 1 from ${users} u where u.team_id = ${teamId} and u.email ilike ${term})`);
  }
  const sortColumn: Record<InsightSort, SQL | typeof teams.name> = {
    name: sql`lower(${teams.name})`,
    users: usersCount,
    mikas: mikasCount,
    credits: creditsUsed,
    created_at: sql`${teams.createdAt}`,
    deleted_at: sql`${teams.deletedAt}`,
  };
  const order = q.direction === 'desc' ? desc(sortColumn[q.sort]) : asc(sortColumn[q.sort]);
  const [rows, [total]] = await Promise.all([
    db
      .select({ team: teams, users: usersCount, mikas: mikasCount, creditsUsed, ownerEmail })
      .from(teams)
      .where(where)
      .orderBy(order, asc(teams.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(teams).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, creditsUsed: Math.round(Number(r.creditsUsed) / 10) / 100 })),
    total: total?.n ?? 0,
  };
}

// ——— Promotion codes (Rechnung provider) ———

export const listPromotionCodes = (db: Db) => db.select().from(promotionCodes).orderBy(desc(promotionCodes.createdAt), desc(promotionCodes.id));

export async function insertPromotionCode(db: Db, values: typeof promotionCodes.$inferInsert) {
  const [row] = await db.insert(promotionCodes).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function deactivatePromotionCode(db: Db, id: number) {
  const [row] = await db.update(promotionCodes).set({ active: false }).where(eq(promotionCodes.id, id)).returning();
  return row ?? null;
}

/** An active code by its text (case-insensitive) that can still be applied on `today` (YYYY-MM-DD). */
export async function findUsablePromotionCode(db: Db, code: string, today: string) {
  const [row] = await db
    .select()
    .from(promotionCodes)
    .where(
      and(
        eq(promotionCodes.code, code.toUpperCase()),
        eq(promotionCodes.active, true),
        or(sql`${promotionCodes.validUntil} is null`, sql`${promotionCodes.validUntil} >= ${today}`),
      ),
    );
  return row ?? null;
}

export async function findTeamDiscount(db: Db, teamId: number) {
  const [row] = await db.select().from(teamDiscounts).where(eq(teamDiscounts.teamId, teamId));
  return row ?? null;
}

/** Applies a code to a team (replacing an earlier one) and counts the redemption. */
export async function applyTeamDiscount(db: Db, teamId: number, code: typeof promotionCodes.$inferSelect, validUntil: string | null) {
  const values = { code: code.code, promotionCodeId: code.id, percentOff: code.percentOff, amountOffCents: code.amountOffCents, validUntil, appliedAt: new Date() };
  await db.insert(teamDiscounts).values({ teamId, ...values }).onConflictDoUpdate({ target: teamDiscounts.teamId, set: values });
  await db
    .update(promotionCodes)
    .set({ redemptions: sql`${promotionCodes.redemptions} + 1` })
    .where(eq(promotionCodes.id, code.id));
}

/** The latest mails of a team: sent for its conversations or to one of its members' addresses. */
export function listTeamOutbox(db: Db, teamId: number, limit = 50) {
  return db
    .select()
    .from(mailOutbox)
    .where(
      or(
        eq(mailOutbox.teamId, teamId),
        sql`lower(${mailOutbox.to}) in (select lower(u.email) from ${users} u where u.team_id = ${teamId})`,
      ),
    )
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}
