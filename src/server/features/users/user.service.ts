import { and, asc, eq, sql } from 'drizzle-orm';
import { assistantRights, assistants, teams, users, type User } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { hashPassword, randomToken } from '../../platform/crypto.ts';
import { publicUrl } from '../../platform/storage.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAccess } from '../../platform/access.ts';
import { endAllSessionsOfUser, type AuthContext } from '../../platform/session.ts';
import { M, MCR, MU, MINS } from '../../../shared/messages.ts';
import type { TeamUser, ZCreateUserRequest, ZPermissionRequest, ZUpdateUserRequest } from '../../../shared/schemas/users.ts';
import type { z } from '../../../shared/zod.ts';
import { deleteUser, insertUser, issueInvitationToken, isEmailTaken, updateUser } from '../auth/index.ts';
import { countTeamUsers, getTeamLimits } from '../teams/index.ts';
import { planHasRights, setAssistantRight, visibleToTeam } from '../assistants/index.ts';
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
  if (auth.live && change.credentials) throw new AppError('FORBIDDEN', MINS.liveLoginForbidden);
  if (target.id === auth.user.id || auth.user.role === 'owner') return;
  requireAccess(auth, 'admin');
  if (target.role === 'owner' || (target.isAdmin && change.credentials)) {
    throw new AppError('FORBIDDEN', MU.onlyOwnerChangesAdmins);
  }
}

/** A user of the caller's team, or 404: users of other teams do not exist for the caller. */
async function findTeamUser(deps: Deps, auth: AuthContext, uuid: string): Promise<User> {
  const [row] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.uuid, uuid), eq(users.teamId, auth.team.id)));
  if (!row) throw new AppError('NOT_FOUND', MU.userNotFound);
  return row;
}

export async function listTeamUsers(deps: Deps, auth: AuthContext): Promise<TeamUser[]> {
  requireAccess(auth, 'admin');
  const rows = await deps.db.select().from(users).where(eq(users.teamId, auth.team.id)).orderBy(asc(users.name));
  return rows.map(toTeamUser);
}

/** The profile (every user may read their own) plus, for admins, the per-assistant rights. */
export async function getTeamUser(deps: Deps, auth: AuthContext, uuid: string) {
  if (!auth.user.isAdmin && uuid !== auth.user.uuid) throw new AppError('FORBIDDEN', M.forbidden);
  const user = await findTeamUser(deps, auth, uuid);
  if (!auth.user.isAdmin) return { user: toTeamUser(user), assistants: [] };
  const rows = await deps.db
    .select({ a: assistants, canUse: assistantRights.canUse, canEdit: assistantRights.canEdit })
    .from(assistants)
    .leftJoin(assistantRights, and(eq(assistantRights.assistantId, assistants.id), eq(assistantRights.userId, user.id)))
    .where(visibleToTeam(auth.team.id))
    .orderBy(sql`${assistants.isDefault} desc`, asc(assistants.name));
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
  if (input.is_admin && auth.user.role !== 'owner') throw new AppError('FORBIDDEN', MU.onlyOwnerSetsAdmin);
  if (await isEmailTaken(deps, input.email)) {
    throw new AppError('VALIDATION', M.emailTaken, { fields: { email: [M.emailTaken] } });
  }
  const passwordHash = input.password ? await hashPassword(input.password.password) : null;
  const inviteToken = randomToken();
  const created = await deps.db.transaction(async (tx) => {
    // Lock the team: two parallel creates cannot both take the last free seat.
    const [team] = await tx.select().from(teams).where(eq(teams.id, auth.team.id)).for('update');
    const limits = getTeamLimits(team!);
    if ((await countTeamUsers(tx, auth.team.id)) >= limits.userLimitRegular + limits.userAddons) {
      throw new AppError('FORBIDDEN', MU.userLimitReached);
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
  if (input.invitation) {
    await deps.mailer.send({
      to: created.email,
      subject: MU.invitationSubject,
      text: [
        `Hallo ${created.name},`,
        `${auth.user.name} hat Dich in das ${teamPhrase(auth.team.name)} bei Mika eingeladen. Über diesen Link vergibst Du Dein Passwort:`,
        `${deps.config.appUrl}/reset-password/${inviteToken}`,
        'Der Link ist 7 Tage gültig und kann nur einmal verwendet werden. Danach meldest Du Dich mit Deiner E-Mail-Adresse an.',
        'Dein Mika-Team',
      ].join('\n\n'),
    });
  }
  return { uuid: created.uuid, message: MU.userCreated };
}

export async function updateTeamUser(
  deps: Deps,
  auth: AuthContext,
  input: z.output<typeof ZUpdateUserRequest>,
): Promise<{ status: 'success'; message: string }> {
  if (input.user.uuid !== auth.user.uuid) requireAccess(auth, 'admin');
  const target = await findTeamUser(deps, auth, input.user.uuid);
  const emailChanges = input.user.email.toLowerCase() !== target.email.toLowerCase();
  assertMayChangeUser(auth, target, { credentials: emailChanges || Boolean(input.password) });
  const set: Partial<typeof users.$inferInsert> = { name: input.user.name, email: input.user.email, updatedAt: new Date() };
  if (input.user.is_admin !== undefined && input.user.is_admin !== target.isAdmin) {
    if (auth.user.role !== 'owner') throw new AppError('FORBIDDEN', MU.onlyOwnerSetsAdmin);
    if (target.role === 'owner') throw new AppError('FORBIDDEN', MU.ownerStaysAdmin);
    set.isAdmin = input.user.is_admin;
  }
  if (emailChanges && (await isEmailTaken(deps, input.user.email))) {
    throw new AppError('VALIDATION', M.emailTaken, { fields: { 'user.email': [M.emailTaken] } });
  }
  if (input.password) set.passwordHash = await hashPassword(input.password.password);
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, target.id, set);
    if (input.password) {
      // A changed password ends every session of that user; the caller's own is renewed below.
      await endAllSessionsOfUser(tx, target.id);
    }
  });
  return { status: 'success', message: MU.userSaved };
}

export async function deleteTeamUser(deps: Deps, auth: AuthContext, uuid: string) {
  requireAccess(auth, 'admin');
  const target = await findTeamUser(deps, auth, uuid);
  if (target.role === 'owner') throw new AppError('FORBIDDEN', MU.ownerNotDeletable);
  if (target.id === auth.user.id) throw new AppError('FORBIDDEN', MU.selfNotDeletable);
  assertMayChangeUser(auth, target, { credentials: true });
  await deleteUser(deps.db, target.id);
  return { status: 'success' as const, message: MU.userDeleted };
}

export async function setAssistantPermission(
  deps: Deps,
  auth: AuthContext,
  userUuid: string,
  input: z.output<typeof ZPermissionRequest>,
) {
  requireAccess(auth, 'admin');
  // Solo has no roles and rights: every member uses every Mika, admins edit (docs/plans.md).
  if (!planHasRights(auth.team)) throw new AppError('FORBIDDEN', MCR.rightsNotIncluded);
  const target = await findTeamUser(deps, auth, userUuid);
  const [assistant] = await deps.db
    .select({ id: assistants.id })
    .from(assistants)
    .where(and(eq(assistants.id, input.assistant_id), visibleToTeam(auth.team.id)));
  if (!assistant) throw new AppError('NOT_FOUND', 'Dieser Mika wurde nicht gefunden.');
  const column = input.permission_type === 'can_use' ? 'canUse' : 'canEdit';
  await setAssistantRight(deps.db, { userId: target.id, assistantId: assistant.id, right: column, value: input.value });
  return { status: 'success' as const, message: MU.permissionSaved };
}
