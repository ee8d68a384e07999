import { requireAccess } from '../../platform/access.ts';
import type { UserDataResponse } from '../../../shared/schemas/auth.ts';
import type { Deps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/session.ts';
import { countTeamUsers, getTeamLimits, trialSecondsRemaining } from '../teams/index.ts';
import { billingUserFields } from '../billing/index.ts';
import { getLimitState } from '../assistants/index.ts';
import { canTakeLive } from '../handoff/index.ts';

export async function getUserData(deps: Deps, auth: AuthContext): Promise<UserDataResponse> {
  requireAccess(auth, 'member');
  const { user, team } = auth;
  const limits = getTeamLimits(team);
  const [userCount, assistantLimit, billing, live] = await Promise.all([
    countTeamUsers(deps.db, team.id),
    getLimitState(deps.db, team),
    billingUserFields(deps, team),
    canTakeLive(deps, auth),
  ]);
  return {
    user: {
      uuid: user.uuid,
      name: user.name,
      email: user.email,
      is_admin: user.isAdmin,
      is_superadmin: user.isSuperadmin,
    },
    teamName: team.name,
    protectionLevel: team.protectionLevel,
    slug: team.planSlug,
    billingPeriod: team.billingPeriod,
    trailSecondsRemaining: trialSecondsRemaining(team),
    role: user.role,
    ...billing,
    liveLogin: auth.live
      ? { teamName: team.name, expiresAt: auth.live.expiresAt.toISOString(), operatorName: auth.live.operator.name }
      : null,
    permissions: {
      canCreateAssistant: user.isAdmin && !assistantLimit.full,
      canCreateUser: user.isAdmin && userCount < limits.userLimitRegular + limits.userAddons,
      canTakeLive: live,
    },
  };
}
