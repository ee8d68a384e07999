import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';
import { preparedQuery, type Db } from '../db/client.ts';
import { sessions, teams, users, type Team, type User } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';
import type { AuthCache } from './auth-cache.ts';
import { auditFrom, recordAudit } from './audit.ts';
import { randomToken, sha256 } from './crypto.ts';
import { COMMON_MESSAGES } from '../../shared/messages.ts';

export const SESSION_COOKIE = 'mika_session';
/** The live login's own cookie, next to the operator's session cookie (docs/operations.md). */
export const LIVE_COOKIE = 'mika_live';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOUCH_INTERVAL_MS = 5 * 60_000;

export interface AuthContext {
  sessionId: string;
  user: User;
  team: Team;
  /** Set while an operator acts in this team by live login: `user` is then the team's owner. */
  live?: LiveLogin | null;
}

export interface LiveLogin {
  /** The real person: the superadmin who started the live login. */
  operator: User;
  operatorSessionId: string;
  expiresAt: Date;
  reason: string;
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
export function registerSessions(app: FastifyInstance, db: Db, config: AppConfig, cache?: AuthCache) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    const { auth, clearLive } = await authFromCookies(db, config, request.cookies, cache);
    request.auth = auth;
    if (clearLive) reply.clearCookie(LIVE_COOKIE, { path: '/' });
  });
  if (cache) {
    // A change by a member (rights, plan, settings, sign-out) holds for the team's next request
    // on this instance before the answer leaves; other instances hear it from the database.
    app.addHook('onSend', async (request) => {
      const auth = request.auth;
      if (auth && !SAFE_METHODS.has(request.method)) cache.dropTeam(auth.team.id);
    });
  }
  // Every change made during a live login is audited with the operator as the actor.
  app.addHook('onResponse', async (request, reply) => {
    const auth = request.auth;
    if (!auth?.live || SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return;
    await recordAudit(db, {
      action: 'live_login.request',
      ...auditFrom(auth),
      detail: { method: request.method, path: request.url.split('?')[0], route: request.routeOptions.url, status: reply.statusCode },
    }).catch((err: unknown) => request.log.error({ err }, 'live login request not audited'));
  });
}

/**
 * The request's signed-in user from its cookies: the own session, or — when a live-login cookie
 * comes with the session of the operator who started it, that operator is still a superadmin and
 * the live login has not expired — the team owner's live session. `clearLive` when a live-login
 * cookie is no longer valid (the browser then drops it).
 */
export async function authFromCookies(
  db: Db,
  config: AppConfig,
  cookies: Record<string, string | undefined>,
  cache?: AuthCache,
): Promise<{ auth: AuthContext | null; clearLive: boolean }> {
  const token = cookies[SESSION_COOKIE];
  const own = token ? await authFromSessionToken(db, config, token, cache) : null;
  const liveToken = cookies[LIVE_COOKIE];
  if (!liveToken) return { auth: own, clearLive: false };
  const live = own ? await liveAuth(db, own, sha256(liveToken)) : null;
  return { auth: live ?? own, clearLive: !live };
}

async function liveAuth(db: Db, own: AuthContext, id: string): Promise<AuthContext | null> {
  const [row] = await db
    .select({ session: sessions, user: users, team: teams })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(teams, eq(teams.id, users.teamId))
    .where(and(eq(sessions.id, id), eq(sessions.operatorUserId, own.user.id), eq(sessions.operatorSessionId, own.sessionId)));
  if (!row) return null;
  const ended = !own.user.isSuperadmin ? 'revoked' : row.team.deletedAt ? 'team_deleted' : row.session.expiresAt <= new Date() ? 'expired' : null;
  if (ended) {
    await endLiveSession(db, id, ended);
    return null;
  }
  return {
    sessionId: id,
    user: row.user,
    team: row.team,
    live: { operator: own.user, operatorSessionId: own.sessionId, expiresAt: row.session.expiresAt, reason: row.session.liveReason ?? '' },
  };
}

/** Starts a live login as `owner` next to the operator's own session and sets its cookie. */
export async function startLiveSession(
  db: Db,
  config: AppConfig,
  reply: FastifyReply,
  operator: AuthContext,
  owner: User,
  reason: string,
  tx: Db = db,
): Promise<{ id: string; expiresAt: Date }> {
  const token = randomToken(32);
  const id = sha256(token);
  const expiresAt = new Date(Date.now() + config.session.liveLoginMs);
  await tx.insert(sessions).values({
    id,
    userId: owner.id,
    expiresAt,
    operatorUserId: operator.user.id,
    operatorSessionId: operator.sessionId,
    liveReason: reason,
  });
  reply.setCookie(LIVE_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    maxAge: Math.floor(config.session.liveLoginMs / 1000),
  });
  return { id, expiresAt };
}

/** Ends a live login once (the first caller records how it ended); false when it was gone. */
export async function endLiveSession(db: Db, id: string, how: 'left' | 'expired' | 'revoked' | 'logout' | 'team_deleted'): Promise<boolean> {
  const [gone] = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), isNotNull(sessions.operatorUserId)))
    .returning({ userId: sessions.userId, operatorUserId: sessions.operatorUserId, expiresAt: sessions.expiresAt });
  if (!gone) return false;
  const [owner] = await db.select({ team: teams }).from(users).innerJoin(teams, eq(teams.id, users.teamId)).where(eq(users.id, gone.userId));
  const [operator] = gone.operatorUserId ? await db.select().from(users).where(eq(users.id, gone.operatorUserId)) : [];
  await recordAudit(db, {
    action: 'live_login.ended',
    team: owner?.team ?? null,
    actor: operator ?? null,
    liveSessionId: id,
    detail: { how, at: (how === 'expired' ? gone.expiresAt : new Date()).toISOString() },
  });
  return true;
}

/** Every request's session lookup: one indexed join, prepared once. */
const sessionLookup = preparedQuery((db) =>
  db
    .select({ session: sessions, user: users, team: teams })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(teams, eq(teams.id, users.teamId))
    // expires_at was fixed at login; created_at also enforces a lifetime shortened since then.
    .where(
      and(
        eq(sessions.id, sql.placeholder('id')),
        // A live-login session is valid only next to its operator's session (authFromCookies).
        isNull(sessions.operatorUserId),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.createdAt, sql.placeholder('createdAfter')),
        isNull(teams.deletedAt),
      ),
    )
    .prepare('session_lookup'),
);

/** The signed-in user of a session cookie's value, or null (also used by the live channel). */
export async function authFromSessionToken(db: Db, config: AppConfig, token: string, cache?: AuthCache): Promise<AuthContext | null> {
  const id = sha256(token);
  const cached = cache?.get(id);
  if (cached) return cached;
  const generation = cache?.generation ?? 0;
  const now = new Date();
  const [row] = await sessionLookup(db).execute({
    id,
    now: now.toISOString(),
    createdAfter: new Date(now.getTime() - config.session.absoluteMs).toISOString(),
  });
  if (!row) return null;
  if (now.getTime() - row.session.lastSeenAt.getTime() > config.session.idleMs) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
    return { sessionId: id, user: row.user, team: row.team }; // the touch announces itself: not cached now
  }
  const auth = { sessionId: id, user: row.user, team: row.team };
  const absoluteEnd = new Date(row.session.createdAt.getTime() + config.session.absoluteMs);
  cache?.set(id, auth, row.session.expiresAt < absoluteEnd ? row.session.expiresAt : absoluteEnd, generation);
  return auth;
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', COMMON_MESSAGES.unauthenticated);
  return request.auth;
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
  const live = request.cookies[LIVE_COOKIE];
  if (live) {
    await endLiveSession(db, sha256(live), 'logout');
    reply.clearCookie(LIVE_COOKIE, { path: '/' });
  }
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
