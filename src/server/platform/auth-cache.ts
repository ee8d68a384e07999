import type { Database } from '../db/client.ts';
import type { AuthContext } from './session.ts';
import { listenToChannel } from './channel-listener.ts';

/** The channel the database triggers of migration 0018 notify on. */
export const AUTH_CHANNEL = 'mika_auth';

/**
 * Every request's signed-in user for a moment (AUTH_CACHE_MS, 2 s by default): the session
 * lookup is then not on every request's way. It stays correct because every change of a
 * session, a user or a team is announced by the database itself (triggers → NOTIFY on
 * `mika_auth`) to every instance listening on it, and a change made by a team's own request
 * drops that team's entries before its answer leaves (registerSessions). While the instance is
 * not listening (connecting, connection lost) nothing is cached. Cached objects are shared
 * between requests: they are read, never changed.
 */
export interface AuthCache {
  get(sessionId: string): AuthContext | undefined;
  /**
   * Keeps what a lookup read, unless anything was dropped since `generation` (read before the
   * lookup began): a change that committed while the lookup ran must not be hidden by it.
   */
  set(sessionId: string, auth: AuthContext, validUntil: Date, generation: number): void;
  /** Grows with every drop. */
  readonly generation: number;
  dropSession(sessionId: string): void;
  dropTeam(teamId: number): void;
  close(): Promise<void>;
  /** Entries held now (tests, diagnostics). */
  readonly size: number;
}

interface Entry {
  auth: AuthContext;
  expires: number;
}

export interface AuthCacheOptions {
  ttlMs: number;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** How long to wait before listening again after the connection was lost. */
  retryMs?: number;
}

const MAX_ENTRIES = 50_000;

export async function createAuthCache(database: Database, opts: AuthCacheOptions): Promise<AuthCache> {
  const entries = new Map<string, Entry>();
  const byTeam = new Map<number, Set<string>>();
  let generation = 0;

  const remove = (id: string) => {
    const entry = entries.get(id);
    if (!entry) return;
    entries.delete(id);
    byTeam.get(entry.auth.team.id)?.delete(id);
  };
  const dropSession = (id: string) => {
    generation++;
    remove(id);
  };
  const dropTeam = (teamId: number) => {
    generation++;
    const ids = byTeam.get(teamId);
    if (!ids) return;
    byTeam.delete(teamId);
    for (const id of ids) entries.delete(id);
  };
  const clear = () => {
    generation++;
    entries.clear();
    byTeam.clear();
  };
  const onMessage = (payload: string) => {
    if (payload.startsWith('s:')) dropSession(payload.slice(2));
    else if (payload.startsWith('t:')) dropTeam(Number(payload.slice(2)));
    else clear();
  };
  const listener = listenToChannel(database, AUTH_CHANNEL, {
    onMessage,
    onLost: clear,
    log: opts.log,
    meanwhile: 'sessions are looked up on every request',
    ...(opts.retryMs !== undefined ? { retryMs: opts.retryMs } : {}),
    enabled: opts.ttlMs > 0,
  });
  await listener.started;

  return {
    get(sessionId) {
      if (!listener.active) return undefined;
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      if (entry.expires <= Date.now()) {
        remove(sessionId);
        return undefined;
      }
      return entry.auth;
    },
    set(sessionId, auth, validUntil, since) {
      if (!listener.active || since !== generation) return;
      if (entries.size >= MAX_ENTRIES) clear();
      entries.set(sessionId, { auth, expires: Math.min(Date.now() + opts.ttlMs, validUntil.getTime()) });
      let ids = byTeam.get(auth.team.id);
      if (!ids) byTeam.set(auth.team.id, (ids = new Set()));
      ids.add(sessionId);
    },
    dropSession,
    dropTeam,
    async close() {
      clear();
      await listener.close();
    },
    get size() {
      return entries.size;
    },
    get generation() {
      return generation;
    },
  };
}
