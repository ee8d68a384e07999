import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teams, users, type Team } from '../../db/schema/index.ts';

export interface TeamLimits {
  assistantLimitRegular: number;
  assistantAddons: number;
  userLimitRegular: number;
  userAddons: number;
}

/** Included services plus booked extras, as stored on the team (operators may adjust both). */
export function getTeamLimits(team: Team): TeamLimits {
  return {
    assistantLimitRegular: team.amountMikas,
    assistantAddons: team.amountExtraMikas,
    userLimitRegular: team.amountUsers,
    userAddons: team.amountExtraUsers,
  };
}

export async function countTeamUsers(db: Db, teamId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.teamId, teamId));
  return row?.n ?? 0;
}

export function trialSecondsRemaining(team: Team, now = Date.now()): number {
  if (team.planSlug !== 'trial' || !team.trialEndsAt) return 0;
  return Math.max(0, Math.floor((team.trialEndsAt.getTime() - now) / 1000));
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

/**
 * Changes the booked extras by `delta` in one guarded statement: never below zero. Returns the
 * updated team, or null when the change would go below zero (nothing changed).
 */
export async function changeTeamExtras(db: Db, teamId: number, item: 'mika' | 'user', delta: number): Promise<Team | null> {
  const column = item === 'mika' ? teams.amountExtraMikas : teams.amountExtraUsers;
  const [row] = await db
    .update(teams)
    .set(item === 'mika' ? { amountExtraMikas: sql`${column} + ${delta}`, updatedAt: new Date() } : { amountExtraUsers: sql`${column} + ${delta}`, updatedAt: new Date() })
    .where(and(eq(teams.id, teamId), sql`${column} + ${delta} >= 0`))
    .returning();
  return row ?? null;
}

/** The team row, fresh from the database (for a lock, pass a transaction and `forUpdate`). */
export async function loadTeamForUpdate(db: Db, teamId: number): Promise<Team> {
  const [row] = await db.select().from(teams).where(eq(teams.id, teamId)).for('update');
  return row!;
}
