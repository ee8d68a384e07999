import { and, count, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teams, users, type Team } from '../../db/schema/index.ts';

// The teams table's data access (only this feature writes `teams`); the plan arithmetic is in team.ts.

export async function countTeamUsers(db: Db, teamId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.teamId, teamId));
  return row?.n ?? 0;
}

/** The team's name (its owner names it, the teams service checks who may). */
export async function renameTeamRow(db: Db, teamId: number, name: string): Promise<void> {
  await db.update(teams).set({ name, updatedAt: new Date() }).where(eq(teams.id, teamId));
}

/** The team's protection level and privacy list (the data-protection feature validates both). */
export async function saveTeamProtection(db: Db, teamId: number, values: { protectionLevel: number; filter: string }): Promise<void> {
  await db
    .update(teams)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(teams.id, teamId));
}

/**
 * Books a plan on the team (billing feature): slug, period and the plan's included amounts; ends
 * the trial. Pass the transaction that stores the booking's invoice. Returns the updated team.
 */
export async function applyTeamPlan(
  db: Db,
  teamId: number,
  plan: { slug: string; billingPeriod: 'monthly' | 'yearly'; amountMikas: number; amountUsers: number; amountPublicLicences: number },
): Promise<Team> {
  const [row] = await db
    .update(teams)
    .set({
      planSlug: plan.slug,
      billingPeriod: plan.billingPeriod,
      amountMikas: plan.amountMikas,
      amountUsers: plan.amountUsers,
      amountPublicLicences: plan.amountPublicLicences,
      trialEndsAt: null,
      updatedAt: new Date(),
    })
    .where(eq(teams.id, teamId))
    .returning();
  return row!;
}

const EXTRA_COLUMNS = {
  mika: { column: teams.amountExtraMikas, key: 'amountExtraMikas' },
  user: { column: teams.amountExtraUsers, key: 'amountExtraUsers' },
  public_licence: { column: teams.amountExtraPublicLicences, key: 'amountExtraPublicLicences' },
} as const;

/**
 * Changes the booked extras by `delta` in one guarded statement: never below zero. Returns the
 * updated team, or null when the change would go below zero (nothing changed).
 */
export async function changeTeamExtras(db: Db, teamId: number, item: keyof typeof EXTRA_COLUMNS, delta: number): Promise<Team | null> {
  const { column, key } = EXTRA_COLUMNS[item];
  const [row] = await db
    .update(teams)
    .set({ [key]: sql`${column} + ${delta}`, updatedAt: new Date() })
    .where(and(eq(teams.id, teamId), sql`${column} + ${delta} >= 0`))
    .returning();
  return row ?? null;
}

/** Operator (Insight): the included services, whatever the plan says. */
export async function setTeamAmounts(
  db: Db,
  teamId: number,
  amounts: { amountMikas: number; amountUsers: number; amountPublicLicences: number },
): Promise<Team> {
  const [row] = await db
    .update(teams)
    .set({ ...amounts, updatedAt: new Date() })
    .where(eq(teams.id, teamId))
    .returning();
  return row!;
}

/** Operator (Insight): puts the team on the trial (or the individual plan) with this end. */
export async function setTeamTrial(db: Db, teamId: number, values: { planSlug: 'trial' | 'other'; trialEndsAt: Date | null; limits?: { amountMikas: number; amountUsers: number; amountPublicLicences: number } }): Promise<Team> {
  const [row] = await db
    .update(teams)
    .set({ planSlug: values.planSlug, trialEndsAt: values.trialEndsAt, ...values.limits, updatedAt: new Date() })
    .where(eq(teams.id, teamId))
    .returning();
  return row!;
}

/**
 * Soft delete: the team disappears at once (sessions, public chats and embeds end — trigger of
 * migration 0006 and the session lookup), its data stays until the purge. Null when already deleted.
 */
export async function softDeleteTeam(db: Db, teamId: number, at = new Date()): Promise<Team | null> {
  const [row] = await db
    .update(teams)
    .set({ deletedAt: at, updatedAt: at })
    .where(and(eq(teams.id, teamId), isNull(teams.deletedAt)))
    .returning();
  return row ?? null;
}

/** Undoes a soft delete; null when the team is not deleted. */
export async function restoreTeam(db: Db, teamId: number): Promise<Team | null> {
  const [row] = await db
    .update(teams)
    .set({ deletedAt: null, updatedAt: new Date() })
    .where(and(eq(teams.id, teamId), isNotNull(teams.deletedAt)))
    .returning();
  return row ?? null;
}

/** Removes the team row; every row of the team goes with it (foreign keys cascade). */
export async function purgeTeamRow(db: Db, teamId: number): Promise<boolean> {
  const gone = await db.delete(teams).where(and(eq(teams.id, teamId), isNotNull(teams.deletedAt))).returning({ id: teams.id });
  return gone.length > 0;
}

/** Soft-deleted teams whose retention period ended before `before`. */
export async function teamsDeletedBefore(db: Db, before: Date): Promise<number[]> {
  const rows = await db.select({ id: teams.id }).from(teams).where(lt(teams.deletedAt, before));
  return rows.map((r) => r.id);
}

/** The team row, fresh from the database (for a lock, pass a transaction and `forUpdate`). */
export async function loadTeamForUpdate(db: Db, teamId: number): Promise<Team> {
  const [row] = await db.select().from(teams).where(eq(teams.id, teamId)).for('update');
  return row!;
}

/** A new team (registration): the teams feature writes its rows. */
export async function insertTeam(db: Db, values: typeof teams.$inferInsert): Promise<{ id: number }> {
  const [row] = await db.insert(teams).values(values).returning({ id: teams.id });
  return row!;
}

/** Datenschutz → retention periods of a team (days; null = keep). */
export async function setTeamRetention(db: Db, teamId: number, days: { members: number | null; visitors: number | null }): Promise<void> {
  await db.update(teams).set({ retentionMemberDays: days.members, retentionVisitorDays: days.visitors, updatedAt: new Date() }).where(eq(teams.id, teamId));
}
