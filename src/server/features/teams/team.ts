import type { Team } from '../../db/schema/index.ts';

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

export function trialSecondsRemaining(team: Team, now = Date.now()): number {
  if (team.planSlug !== 'trial' || !team.trialEndsAt) return 0;
  return Math.max(0, Math.floor((team.trialEndsAt.getTime() - now) / 1000));
}
