import { requireAccess } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/session.ts';
import { USER_MESSAGES } from '../../../shared/messages.ts';
import type { TeamNameRequest } from '../../../shared/schemas/teams.ts';
import { renameTeamRow } from './team.repository.ts';

/**
 * PUT /api/team: the owner gives the team its name (the side navigation, invitation mails, the
 * operator's list show it). The session cache learns of it from the database (auth-cache.ts).
 */
export async function renameTeam(deps: Deps, auth: AuthContext | null, input: TeamNameRequest) {
  requireAccess(auth, 'owner');
  await renameTeamRow(deps.db, auth!.team.id, input.name);
  return { status: 'success' as const, message: USER_MESSAGES.teamRenamed, teamName: input.name };
}
