import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { sessions, teams, users, type Team, type User } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';
import { randomToken, sha256 } from './crypto.ts';
import { M } from '../../shared/messages.ts';

export const SESSION_COOKIE = 'mika_session';
const TOUCH_INTERVAL_MS = 5 * 60_000;

export interface AuthContext {
  sessionId: string;
  user: User;
  team: Team;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/**
 * Reads the session cookie on every request; the lookup is one indexed join. A session ends after
 * SESSION_IDLE_DAYS without a request (idle) and SESSION_ABSOLUTE_DAYS after login (absolute),
 * whatever happens in between; an idle one is deleted when it is next presented.
 */
export function registerSessions(app: FastifyInstance, db: Db, config: AppConfig) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.auth = await authFromSessionToken(db, config, token);
  });
}

/** The signed-in user of a session cookie's value, or null (also used by the live channel). */
export async function authFromSessionToken(db: Db, config: AppConfig, token: string): Promise<AuthContext | null> {
  const id = sha256(token);
  const now = new Date();
  const [row] = await db
    .select({ session: sessions, user: users, team: teams })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(teams, eq(teams.id, users.teamId))
    // expires_at was fixed at login; created_at also enforces a lifetime shortened since then.
    .where(
      and(
        eq(sessions.id, id),
        gt(sessions.expiresAt, now),
        gt(sessions.createdAt, new Date(now.getTime() - config.session.absoluteMs)),
        isNull(teams.deletedAt),
      ),
    );
  if (!row) return null;
  if (now.getTime() - row.session.lastSeenAt.getTime() > config.session.idleMs) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return { sessionId: id, user: row.user, team: row.team };
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', M.unauthenticated);
  return request.auth;
}

export function requireAdmin(request: FastifyRequest): AuthContext {
  const auth = requireAuth(request);
  if (!auth.user.isAdmin) throw new AppError('FORBIDDEN', M.forbidden);
  return auth;
}

/** Starts a fresh session (a new id at every login: no fixation) and sets the cookie. */
export async function startSession(
  db: Db,
  config: AppConfig,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await db.delete(sessions).where(eq(sessions.id, sha256(previous)));
  const token = randomToken(32);
  await db.insert(sessions).values({
    id: sha256(token),
    userId,
    expiresAt: new Date(Date.now() + config.session.absoluteMs),
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
  });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    maxAge: Math.floor(config.session.absoluteMs / 1000),
  });
}

export async function endSession(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await db.delete(sessions).where(eq(sessions.id, sha256(token)));
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export async function endAllSessionsOfUser(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Deletes sessions past their absolute lifetime or idle longer than allowed (scheduled cleanup). */
export async function deleteExpiredSessions(db: Db, config: AppConfig): Promise<number> {
  const idleSince = new Date(Date.now() - config.session.idleMs);
  const gone = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, new Date()), lt(sessions.lastSeenAt, idleSince)))
    .returning({ id: sessions.id });
  return gone.length;
}
