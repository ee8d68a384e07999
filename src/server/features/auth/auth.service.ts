import { requireAccess } from '../../platform/access.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PLAN_LIMITS } from '../../../shared/constants.ts';
import { COMMON_MESSAGES, USER_MESSAGES } from '../../../shared/messages.ts';
import type { LoginRequest, RegisterRequest, ResetLink, ResetPasswordRequest } from '../../../shared/schemas/auth.ts';
import { FEEDBACKS, type KnownFeedback } from '../../../shared/feedback.ts';
import { AppError, isUniqueViolation } from '../../platform/app-error.ts';
import { hashPassword, randomToken, verifyPassword } from '../../platform/crypto.ts';
import type { Deps } from '../../platform/deps.ts';
import { endAllSessionsOfUser, startSession } from '../../platform/session.ts';
import { consumeUserToken, findUserByEmail, insertUser, insertUserToken, peekUserToken, updateUser } from './auth.repository.ts';
import { isStrongPassword } from '../../../shared/password-rules.ts';
import { grantMonthlyAllowance } from '../credits/index.ts';
import { insertTeam } from '../teams/index.ts';

const RESET_TTL_MS = 60 * 60_000;
const VERIFY_TTL_MS = 7 * 86_400_000;
const MINUTES_15 = 15 * 60_000;

// Failures count per account AND client IP, so an attacker elsewhere cannot lock a user out.
// Sign-ins and registrations per client IP are the operator's settings (config: loginsPerIp,
// registration.perIp).
export const LOGIN_RULES = {
  failuresPerAccountAndIp: { limit: 5, windowMs: MINUTES_15 },
  resetPerIp: { limit: 10, windowMs: MINUTES_15 },
  resetPerAccountAndIp: { limit: 3, windowMs: MINUTES_15 },
  // Wrong reset/invitation links per IP: guessing is hopeless (256 bits), this bounds the load.
  linkFailuresPerIp: { limit: 10, windowMs: MINUTES_15 },
} as const;

// Each registration costs an argon2 hash and, with SMTP, a mail to any address: per client IP and
// per address and IP, counted before any work is done.
export const REGISTER_RULES = {
  perAddressAndIp: { limit: 5, windowMs: MINUTES_15 },
} as const;


function emailAllowed(deps: Deps, email: string): boolean {
  const domains = deps.config.registration.domains;
  if (domains.length === 0) return true;
  const domain = email.toLowerCase().split('@').pop() ?? '';
  return domains.includes(domain);
}

export async function registerAccount(
  deps: Deps,
  input: RegisterRequest,
  ip: string,
): Promise<{ feedback: KnownFeedback; userId: number; verified: boolean }> {
  await deps.throttle.consume(`register-ip:${ip}`, deps.config.registration.perIp);
  await deps.throttle.consume(`register:${input.email.toLowerCase()}:${ip}`, REGISTER_RULES.perAddressAndIp);
  if (!emailAllowed(deps, input.email)) {
    const message = COMMON_MESSAGES.registrationDomain(deps.config.registration.contactEmail);
    throw new AppError('VALIDATION', message, { fields: { email: [message] } });
  }
  if (await findUserByEmail(deps.db, input.email)) {
    throw new AppError('VALIDATION', COMMON_MESSAGES.emailTaken, { fields: { email: [COMMON_MESSAGES.emailTaken] } });
  }
  const passwordHash = await hashPassword(input.password);
  const verified = !deps.config.registration.verifyEmail;
  const limits = PLAN_LIMITS.trial;
  let userId: number;
  const verifyToken = randomToken();
  try {
    userId = await deps.db.transaction(async (tx) => {
      const team = await insertTeam(tx, {
        name: `Team ${input.name}`,
        planSlug: 'trial',
        trialEndsAt: new Date(Date.now() + deps.config.trialDays * 86_400_000),
        amountMikas: limits.mikas,
        amountUsers: limits.users,
        amountPublicLicences: limits.publicLicences,
      });
      // The trial's credits, so the new team can start at once (the monthly job adds nothing twice).
      await grantMonthlyAllowance(tx, { id: team.id, planSlug: 'trial', amountExtraMikas: 0 });
      const user = await insertUser(tx, {
        teamId: team.id,
        name: input.name,
        email: input.email,
        passwordHash,
        isAdmin: true,
        role: 'owner',
        isVerified: verified,
      });
      if (!verified) await insertUserToken(tx, user.id, 'verify', verifyToken, VERIFY_TTL_MS);
      return user.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('VALIDATION', COMMON_MESSAGES.emailTaken, { fields: { email: [COMMON_MESSAGES.emailTaken] } });
    throw err;
  }

  if (verified) {
    return {
      userId,
      verified,
      feedback: FEEDBACKS.registered,
    };
  }
  await deps.mailer.send({
    to: input.email,
    subject: 'Bitte bestätige Deine E-Mail-Adresse',
    text: [
      `Hallo ${input.name},`,
      'willkommen bei Mika! Bitte bestätige Deine E-Mail-Adresse über diesen Link:',
      `${deps.config.appUrl}/verify-email/${verifyToken}`,
      'Der Link ist 7 Tage gültig. Wenn Du Dich nicht registriert hast, kannst Du diese E-Mail ignorieren.',
      'Dein Mika-Team',
    ].join('\n\n'),
  });
  return {
    userId,
    verified,
    feedback: FEEDBACKS.registeredVerify,
  };
}

export async function verifyEmail(deps: Deps, token: string): Promise<KnownFeedback> {
  const userId = await consumeUserToken(deps.db, 'verify', token);
  if (!userId) return FEEDBACKS.verifyInvalid;
  await updateUser(deps.db, userId, { isVerified: true });
  return FEEDBACKS.verified;
}

export async function login(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  input: LoginRequest,
): Promise<void> {
  requireAccess(request.auth, 'anyone');
  const failKey = `login-fail:${input.email.toLowerCase()}:${request.ip}`;
  await deps.throttle.consume(`login-ip:${request.ip}`, deps.config.loginsPerIp);
  await deps.throttle.check(failKey, LOGIN_RULES.failuresPerAccountAndIp);
  const found = await findUserByEmail(deps.db, input.email);
  const ok = await verifyPassword(found?.user.passwordHash ?? null, input.password);
  if (!found || !ok) {
    await deps.throttle.consume(failKey, LOGIN_RULES.failuresPerAccountAndIp).catch(() => undefined);
    throw new AppError('VALIDATION', COMMON_MESSAGES.invalidCredentials, { fields: { email: [COMMON_MESSAGES.invalidCredentials] } });
  }
  await deps.throttle.clear(failKey);
  if (!found.user.isVerified) throw new AppError('FORBIDDEN', COMMON_MESSAGES.notVerified);
  await startSession(deps.db, deps.config, request, reply, found.user.id);
}

export async function requestPasswordReset(
  deps: Deps,
  request: FastifyRequest,
  email: string,
): Promise<KnownFeedback | 'noemail'> {
  requireAccess(request.auth, 'anyone');
  await deps.throttle.consume(`reset-ip:${request.ip}`, LOGIN_RULES.resetPerIp);
  await deps.throttle.consume(`reset:${email.toLowerCase()}:${request.ip}`, LOGIN_RULES.resetPerAccountAndIp);
  const found = await findUserByEmail(deps.db, email);
  if (!found) return 'noemail';
  const token = randomToken();
  await insertUserToken(deps.db, found.user.id, 'reset', token, RESET_TTL_MS);
  await deps.mailer.send({
    to: found.user.email,
    subject: 'Passwort zurücksetzen',
    text: [
      `Hallo ${found.user.name},`,
      'Du hast angefordert, Dein Passwort für Mika zurückzusetzen. Über diesen Link vergibst Du ein neues Passwort:',
      `${deps.config.appUrl}/reset-password/${token}`,
      'Der Link ist 60 Minuten gültig und kann nur einmal verwendet werden. Wenn Du das nicht warst, kannst Du diese E-Mail ignorieren – Dein Passwort bleibt unverändert.',
      'Dein Mika-Team',
    ].join('\n\n'),
  });
  return FEEDBACKS.resetSent;
}

/**
 * Wrong links count per client IP (LOGIN_RULES.linkFailuresPerIp), whether the page looks at a link
 * or submits it: the error for a refused link, after counting it.
 */
async function linkChecker(deps: Deps, ip: string) {
  const failKey = `link-fail:${ip}`;
  await deps.throttle.check(failKey, LOGIN_RULES.linkFailuresPerIp);
  return async (code: 'VALIDATION' | 'NOT_FOUND') => {
    await deps.throttle.consume(failKey, LOGIN_RULES.linkFailuresPerIp).catch(() => undefined);
    return new AppError(code, COMMON_MESSAGES.resetTokenInvalid, { fields: { token: [COMMON_MESSAGES.resetTokenInvalid] } });
  };
}

/**
 * What the page behind a reset or invitation link shows before anything is typed: whether the link
 * still works, and for an invitation the team and the stricter password rules. Reading it changes
 * nothing; the holder of the link learns nothing the link would not give them anyway.
 */
export async function peekResetLink(deps: Deps, request: FastifyRequest, token: string): Promise<ResetLink> {
  requireAccess(request.auth, 'anyone');
  const refused = await linkChecker(deps, request.ip);
  const link = await peekUserToken(deps.db, token);
  if (!link || (link.purpose !== 'reset' && link.purpose !== 'invite')) throw await refused('NOT_FOUND');
  return { purpose: link.purpose, name: link.name, team: link.team };
}

export async function resetPassword(deps: Deps, input: ResetPasswordRequest, ip: string): Promise<KnownFeedback> {
  const refused = await linkChecker(deps, ip);
  // The token is checked before the (expensive) hash: a wrong link costs no argon2 run.
  const link = await peekUserToken(deps.db, input.token);
  if (!link) throw await refused('VALIDATION');
  // Invited team members set their first password here: the team's password rules apply to them.
  if (link.purpose === 'invite' && !isStrongPassword(input.password)) {
    throw new AppError('VALIDATION', USER_MESSAGES.passwordRules, { fields: { password: [USER_MESSAGES.passwordRules] } });
  }
  const passwordHash = await hashPassword(input.password);
  const changed = await deps.db.transaction(async (tx) => {
    // The same screen completes an invitation: the invited user sets the first password.
    const userId = await consumeUserToken(tx, ['reset', 'invite'], input.token);
    if (!userId) return false;
    // Following the mailed link proves the address, so it also counts as verification.
    await updateUser(tx, userId, { passwordHash, isVerified: true });
    await endAllSessionsOfUser(tx, userId);
    return true;
  });
  if (!changed) throw await refused('VALIDATION');
  return FEEDBACKS.resetDone;
}

export async function isEmailTaken(deps: Deps, email: string): Promise<boolean> {
  return Boolean(await findUserByEmail(deps.db, email));
}

export async function issueInvitationToken(db: Deps['db'], userId: number, token: string, ttlMs: number) {
  await insertUserToken(db, userId, 'invite', token, ttlMs);
}
