import type { users, User } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { hashPassword, randomToken } from '../../platform/crypto.ts';
import { publicUrl } from '../../platform/storage.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAccess } from '../../platform/access.ts';
import { endAllSessionsOfUser, type AuthContext } from '../../platform/session.ts';
import { COMMON_MESSAGES, CREDIT_MESSAGES, USER_MESSAGES, INSIGHT_MESSAGES } from '../../../shared/messages.ts';
import type { TeamUser, ZCreateUserRequest, ZPermissionRequest, ZUpdateUserRequest } from '../../../shared/schemas/users.ts';
import type { z } from '../../../shared/zod.ts';
import { deleteUser, findTeamPersonByUuid, insertUser, issueInvitationToken, isEmailTaken, revokeOpenUserTokens, updateUser } from '../auth/index.ts';
import { countTeamUsers, getTeamLimits, loadTeamForUpdate } from '../teams/index.ts';
import { findGrantableAssistantId, listAssistantsWithRightsOf, listTeamUsersByName } from './user.repository.ts';
import { planHasRights, setAssistantRight } from '../assistants/index.ts';
import { teamPhrase } from '../../../shared/team-name.ts';

const INVITE_TTL_MS = 7 * 86_400_000;

function toTeamUser(u: User): TeamUser {
  return {
    uuid: u.uuid,
    name: u.name,
    email: u.email,
    is_admin: u.isAdmin,
    is_verified: u.isVerified,
    is_superadmin: u.isSuperadmin,
    role: u.role,
  };
}

/**
 * The rights matrix of docs/security.md: everyone changes themselves; the owner changes anyone;
 * an admin changes employees and another admin's name, but never the owner and never another
 * admin's e-mail or password (either would take over that account).
 */
function assertMayChangeUser(auth: AuthContext, target: User, change: { credentials: boolean }) {
  // Support signed in by live login never changes anyone's e-mail address or password.
  if (auth.live && change.credentials) throw new AppError('FORBIDDEN', INSIGHT_MESSAGES.liveLoginForbidden);
  if (target.id === auth.user.id || auth.user.role === 'owner') return;
  requireAccess(auth, 'admin');
  if (target.role === 'owner' || (target.isAdmin && change.credentials)) {
    throw new AppError('FORBIDDEN', USER_MESSAGES.onlyOwnerChangesAdmins);
  }
}

/** A user of the caller's team, or 404: users of other teams do not exist for the caller. */
/** The rule of `team.user` (user.access.ts): an admin sees everyone of the team, a member themself. */
export async function findTeamUser(deps: Deps, auth: AuthContext, uuid: string): Promise<User> {
  if (!auth.user.isAdmin && uuid !== auth.user.uuid) throw new AppError('FORBIDDEN', COMMON_MESSAGES.forbidden);
  const row = await findTeamPersonByUuid(deps.db, auth.team.id, uuid);
  if (!row) throw new AppError('NOT_FOUND', USER_MESSAGES.userNotFound);
  return row;
}

export async function listTeamUsers(deps: Deps, auth: AuthContext): Promise<TeamUser[]> {
  requireAccess(auth, 'admin');
  const rows = await listTeamUsersByName(deps.db, auth.team.id);
  return rows.map(toTeamUser);
}

/** The profile (every user may read their own) plus, for admins, the per-assistant rights. */
export async function getTeamUser(deps: Deps, auth: AuthContext, uuid: string) {
  const user = await requireAccess(auth, 'team.user', uuid, deps);
  if (!auth.user.isAdmin) return { user: toTeamUser(user), assistants: [] };
  const rows = await listAssistantsWithRightsOf(deps.db, auth.team.id, user.id);
  return {
    user: toTeamUser(user),
    assistants: rows.map(({ a, canUse, canEdit }) => ({
      id: a.id,
      uuid: a.uuid,
      name: a.name,
      type: a.type,
      image: publicUrl(a.image),
      is_default: a.isDefault ? 1 : 0,
      // Admins hold every right implicitly; the switches show what an employee was granted.
      can_use: user.isAdmin || canUse === true,
      can_edit: user.isAdmin || canEdit === true,
    })),
  };
}

export async function createTeamUser(
  deps: Deps,
  auth: AuthContext,
  input: z.output<typeof ZCreateUserRequest>,
): Promise<{ uuid: string; message: string }> {
  requireAccess(auth, 'admin');
  if (input.is_admin && auth.user.role !== 'owner') throw new AppError('FORBIDDEN', USER_MESSAGES.onlyOwnerSetsAdmin);
  if (await isEmailTaken(deps, input.email)) {
    throw new AppError('VALIDATION', COMMON_MESSAGES.emailTaken, { fields: { email: [COMMON_MESSAGES.emailTaken] } });
  }
  const passwordHash = input.password ? await hashPassword(input.password.password) : null;
  const inviteToken = randomToken();
  const created = await deps.db.transaction(async (tx) => {
    // Lock the team: two parallel creates cannot both take the last free seat.
    const team = await loadTeamForUpdate(tx, auth.team.id);
    const limits = getTeamLimits(team);
    if ((await countTeamUsers(tx, auth.team.id)) >= limits.userLimitRegular + limits.userAddons) {
      throw new AppError('FORBIDDEN', USER_MESSAGES.userLimitReached);
    }
    const user = await insertUser(tx, {
      teamId: auth.team.id,
      name: input.name,
      email: input.email,
      passwordHash,
      isAdmin: input.is_admin,
      role: 'employee',
      // An admin-set password needs no mailbox check; an invitation proves the address on use.
      isVerified: Boolean(passwordHash),
    });
    if (input.invitation) await issueInvitationToken(tx, user.id, inviteToken, INVITE_TTL_MS);
    return user;
  });
  if (input.invitation) await sendInvitationMail(deps, auth, created, inviteToken);
  return { uuid: created.uuid, message: USER_MESSAGES.userCreated };
}

/** The invitation mail with the link that sets the first password (valid 7 days, once). */
async function sendInvitationMail(deps: Deps, auth: AuthContext, invited: Pick<User, 'name' | 'email'>, token: string) {
  await deps.mailer.send({
    to: invited.email,
    subject: USER_MESSAGES.invitationSubject,
    text: [
      `Hallo ${invited.name},`,
      `${auth.user.name} hat Dich in das ${teamPhrase(auth.team.name)} bei Mika eingeladen. Über diesen Link vergibst Du Dein Passwort:`,
      `${deps.config.appUrl}/reset-password/${token}`,
      'Der Link ist 7 Tage gültig und kann nur einmal verwendet werden. Danach meldest Du Dich mit Deiner E-Mail-Adresse an.',
      'Dein Mika-Team',
    ].join('\n\n'),
  });
}

/** Resends are few per invited person and hour: an admin cannot flood a mailbox through Mika. */
const INVITATION_RESENDS = { limit: 3, windowMs: 60 * 60_000 } as const;

/**
 * «Einladung erneut senden»: a new link for a user who has not set a password yet (the old link
 * stops working: a new token replaces the unused one), e.g. when the first mail expired or got lost.
 */
export async function resendInvitation(deps: Deps, auth: AuthContext, uuid: string): Promise<{ status: 'success'; message: string }> {
  requireAccess(auth, 'admin');
  const target = await requireAccess(auth, 'team.user', uuid, deps);
  if (target.isVerified) throw new AppError('CONFLICT', USER_MESSAGES.invitationNotOpen);
  await deps.throttle.consume(`invitation-resend:${target.id}`, INVITATION_RESENDS, USER_MESSAGES.invitationResendLimit);
  const token = randomToken();
  await issueInvitationToken(deps.db, target.id, token, INVITE_TTL_MS);
  await sendInvitationMail(deps, auth, target, token);
  return { status: 'success', message: USER_MESSAGES.invitationResent };
}

export async function updateTeamUser(
  deps: Deps,
  auth: AuthContext,
  input: z.output<typeof ZUpdateUserRequest>,
): Promise<{ status: 'success'; message: string }> {
  // An admin changes everyone of the team, a member only themself.
  const target = await requireAccess(auth, 'team.user', input.user.uuid, deps);
  const emailChanges = input.user.email.toLowerCase() !== target.email.toLowerCase();
  assertMayChangeUser(auth, target, { credentials: emailChanges || Boolean(input.password) });
  const set: Partial<typeof users.$inferInsert> = { name: input.user.name, email: input.user.email, updatedAt: new Date() };
  if (input.user.is_admin !== undefined && input.user.is_admin !== target.isAdmin) {
    if (auth.user.role !== 'owner') throw new AppError('FORBIDDEN', USER_MESSAGES.onlyOwnerSetsAdmin);
    if (target.role === 'owner') throw new AppError('FORBIDDEN', USER_MESSAGES.ownerStaysAdmin);
    set.isAdmin = input.user.is_admin;
  }
  if (emailChanges && (await isEmailTaken(deps, input.user.email))) {
    throw new AppError('VALIDATION', COMMON_MESSAGES.emailTaken, { fields: { 'user.email': [COMMON_MESSAGES.emailTaken] } });
  }
  if (input.password) set.passwordHash = await hashPassword(input.password.password);
  // While the invitation is open: a password the admin sets needs no mailbox check (as when the
  // user is created with one), and the link sent to the old address must not outlive a correction.
  const invitationOpen = !target.isVerified;
  if (invitationOpen && input.password) set.isVerified = true;
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, target.id, set);
    if (invitationOpen && (input.password || emailChanges)) await revokeOpenUserTokens(tx, target.id, 'invite');
    if (input.password) {
      // A changed password ends every session of that user; the caller's own is renewed below.
      await endAllSessionsOfUser(tx, target.id);
    }
  });
  return { status: 'success', message: USER_MESSAGES.userSaved };
}

export async function deleteTeamUser(deps: Deps, auth: AuthContext, uuid: string) {
  requireAccess(auth, 'admin');
  const target = await requireAccess(auth, 'team.user', uuid, deps);
  if (target.role === 'owner') throw new AppError('FORBIDDEN', USER_MESSAGES.ownerNotDeletable);
  if (target.id === auth.user.id) throw new AppError('FORBIDDEN', USER_MESSAGES.selfNotDeletable);
  assertMayChangeUser(auth, target, { credentials: true });
  await deleteUser(deps.db, target.id);
  return { status: 'success' as const, message: USER_MESSAGES.userDeleted };
}

export async function setAssistantPermission(
  deps: Deps,
  auth: AuthContext,
  userUuid: string,
  input: z.output<typeof ZPermissionRequest>,
) {
  requireAccess(auth, 'admin');
  // Solo has no roles and rights: every member uses every Mika, admins edit (docs/plans.md).
  if (!planHasRights(auth.team)) throw new AppError('FORBIDDEN', CREDIT_MESSAGES.rightsNotIncluded);
  const target = await requireAccess(auth, 'team.user', userUuid, deps);
  const assistantId = await findGrantableAssistantId(deps.db, auth.team.id, input.assistant_id);
  if (assistantId === undefined) throw new AppError('NOT_FOUND', 'Dieser Mika wurde nicht gefunden.');
  const column = input.permission_type === 'can_use' ? 'canUse' : 'canEdit';
  await setAssistantRight(deps.db, { userId: target.id, assistantId, right: column, value: input.value });
  return { status: 'success' as const, message: USER_MESSAGES.permissionSaved };
}
