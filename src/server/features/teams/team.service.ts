import { count, eq } from 'drizzle-orm';
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
