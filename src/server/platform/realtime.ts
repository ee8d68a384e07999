import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import {
  AI_ANSWER_EVENT,
  AI_PROGRESS_EVENT,
  JOIN_THREAD_EVENT,
  LEAVE_THREAD_EVENT,
  progressRoom,
  type AIAnswerUpdated,
  type AIProcessingUpdated,
  type JoinThreadAck,
  type JoinThreadRequest,
} from '../../shared/events.ts';
import {
  JOIN_KNOWLEDGE_EVENT,
  KNOWLEDGE_PROGRESS_EVENT,
  LEAVE_KNOWLEDGE_EVENT,
  knowledgeRoom,
  type KnowledgeProgress,
} from '../../shared/schemas/knowledge.ts';
import { JOIN_LIVE_EVENT, LIVE_EVENT, liveRoom, type JoinLiveAck, type LiveThreadUpdated } from '../../shared/schemas/handoff.ts';
import {
  IMAGE_PROGRESS_EVENT,
  JOIN_IMAGES_EVENT,
  LEAVE_IMAGES_EVENT,
  imageRoom,
  type ImageProgress,
} from '../../shared/schemas/images.ts';

export interface Realtime {
  publishProgress(event: AIProcessingUpdated): void;
  publishAnswer(event: AIAnswerUpdated): void;
  /** Ingestion stages of a knowledge file, to the assistant's knowledge room. */
  publishKnowledge(event: KnowledgeProgress): void;
  /** Stages of a picture, to the assistant's image room. */
  publishImage(event: ImageProgress): void;
  /** A public thread of a Mika changed, to the office's live room of that Mika (hand-off). */
  publishLive(assistantId: number, event: LiveThreadUpdated): void;
  /** The users with an open office connection in the Mika's live room, on any instance. */
  liveUsers(assistantId: number): Promise<number[]>;
}

/** The signed-in user of a socket's session and the Mikas whose live rooms they may join. */
export type LiveRoomVerifier = (cookieHeader: string | undefined) => Promise<{ userId: number; assistantIds: number[] } | null>;

/** Whether the socket's session (its Cookie header) may edit the assistant. */
export type KnowledgeRoomVerifier = (cookieHeader: string | undefined, assistantUuid: string) => Promise<boolean>;

export type ThreadTokenVerifier = (threadId: number, token: string) => Promise<boolean>;

export interface OriginPolicy {
  /** The app's public URL (APP_URL): its origin is always allowed. */
  appUrl: string;
  /** Further origins, e.g. the explicit allowed domains of published assistants. */
  isAllowedOrigin(origin: string): Promise<boolean>;
}

/**
 * Browsers send Origin on every WebSocket handshake and do not apply CORS to it, so a foreign page
 * could open our live channel with the visitor's cookies (cross-site WebSocket hijacking). Allowed:
 * no Origin (not a browser), our own origin (APP_URL, or the Host the request was sent to, which
 * covers localhost vs 127.0.0.1 and the Vite dev proxy) and the policy's further origins.
 */
export async function isOriginAllowed(policy: OriginPolicy, origin: string | undefined, host: string | undefined): Promise<boolean> {
  if (!origin) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin === new URL(policy.appUrl).origin) return true;
  if (host && parsed.host === host.toLowerCase()) return true;
  return policy.isAllowedOrigin(parsed.origin).catch(() => false);
}

/**
 * Socket.IO on the app's HTTP server. A client joins `ai-progress.{threadId}` only with the
 * thread's token; with REDIS_URL the Redis adapter fans events out across instances.
 */
export function attachRealtime(
  app: FastifyInstance,
  opts: {
    redisUrl?: string;
    /** Channel prefix on Redis (REDIS_PREFIX): installations sharing a Redis stay apart. */
    redisPrefix?: string;
    verifyThreadToken: ThreadTokenVerifier;
    origins: OriginPolicy;
    verifyKnowledgeAccess: KnowledgeRoomVerifier;
    /** Whether the socket's session may use the (image) assistant. */
    verifyImageAccess?: KnowledgeRoomVerifier;
    /** The office's live rooms (hand-off). */
    verifyLiveAccess?: LiveRoomVerifier;
  },
): Realtime {
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    cors: { origin: false },
    allowRequest: (req, callback) => {
      isOriginAllowed(opts.origins, req.headers.origin, req.headers.host).then(
        (ok) => callback(ok ? null : 'origin not allowed', ok),
        () => callback('origin check failed', false),
      );
    },
  });
  if (opts.redisUrl) {
    const pub = new Redis(opts.redisUrl);
    const sub = pub.duplicate();
    // Pub/sub channels are global to a Redis server (database numbers do not separate them):
    // without a prefix of its own, a second installation would receive this one's room events.
    io.adapter(createAdapter(pub, sub, { key: `${opts.redisPrefix ?? 'mika'}#socket.io` }));
    app.addHook('onClose', async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    });
  }
  io.on('connection', (socket) => {
    socket.on(JOIN_THREAD_EVENT, async (req: JoinThreadRequest, ack?: (a: JoinThreadAck) => void) => {
      const threadId = Number(req?.threadId);
      const ok =
        Number.isInteger(threadId) &&
        typeof req?.token === 'string' &&
        (await opts.verifyThreadToken(threadId, req.token).catch(() => false));
      if (ok) await socket.join(progressRoom(threadId));
      ack?.(ok ? { ok: true } : { ok: false, error: 'Kein Zugriff auf diese Unterhaltung.' });
    });
    // Uploads have no thread: the knowledge room of an assistant is open to a signed-in user with
    // the edit right, checked from the session cookie the WebSocket handshake carried.
    socket.on(JOIN_KNOWLEDGE_EVENT, async (req: { assistantUuid: string }, ack?: (a: JoinThreadAck) => void) => {
      const uuid = typeof req?.assistantUuid === 'string' ? req.assistantUuid : '';
      const ok = uuid !== '' && (await opts.verifyKnowledgeAccess(socket.handshake.headers.cookie, uuid).catch(() => false));
      if (ok) await socket.join(knowledgeRoom(uuid));
      ack?.(ok ? { ok: true } : { ok: false, error: 'Kein Zugriff auf diesen Assistenten.' });
    });
    socket.on(LEAVE_KNOWLEDGE_EVENT, async (req: { assistantUuid: string }) => {
      await socket.leave(knowledgeRoom(String(req?.assistantUuid)));
    });
    // Pictures: the image room of an assistant, for signed-in users with the use right. Events carry
    // only ids and stages; the picture itself is fetched with the session.
    socket.on(JOIN_IMAGES_EVENT, async (req: { assistantUuid: string }, ack?: (a: JoinThreadAck) => void) => {
      const uuid = typeof req?.assistantUuid === 'string' ? req.assistantUuid : '';
      const verify = opts.verifyImageAccess;
      const ok = uuid !== '' && verify !== undefined && (await verify(socket.handshake.headers.cookie, uuid).catch(() => false));
      if (ok) await socket.join(imageRoom(uuid));
      ack?.(ok ? { ok: true } : { ok: false, error: 'Kein Zugriff auf diesen Assistenten.' });
    });
    socket.on(LEAVE_IMAGES_EVENT, async (req: { assistantUuid: string }) => {
      await socket.leave(imageRoom(String(req?.assistantUuid)));
    });
    // Hand-off: an office tab joins the live rooms of the Mikas its user may use (checked from the
    // session cookie); the room membership is the presence that makes a person "available".
    socket.on(JOIN_LIVE_EVENT, async (_req: unknown, ack?: (a: JoinLiveAck) => void) => {
      const found = opts.verifyLiveAccess ? await opts.verifyLiveAccess(socket.handshake.headers.cookie).catch(() => null) : null;
      if (!found) return ack?.({ ok: false, rooms: 0 });
      socket.data = { userId: found.userId };
      for (const room of socket.rooms) if (room.startsWith('live.')) await socket.leave(room);
      if (found.assistantIds.length > 0) await socket.join(found.assistantIds.map(liveRoom));
      ack?.({ ok: true, rooms: found.assistantIds.length });
    });
    socket.on(LEAVE_THREAD_EVENT, async (req: { threadId: number }) => {
      await socket.leave(progressRoom(Number(req?.threadId)));
    });
  });
  // preClose, not onClose: Fastify waits for open connections before onClose, and a connected
  // WebSocket would keep a stopping server alive forever.
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
    await io.close();
  });
  return {
    publishProgress(event) {
      io.to(progressRoom(event.threadId)).emit(AI_PROGRESS_EVENT, event);
    },
    publishAnswer(event) {
      io.to(progressRoom(event.threadId)).emit(AI_ANSWER_EVENT, event);
    },
    publishKnowledge(event) {
      io.to(knowledgeRoom(event.assistantUuid)).emit(KNOWLEDGE_PROGRESS_EVENT, event);
    },
    publishImage(event) {
      io.to(imageRoom(event.assistantUuid)).emit(IMAGE_PROGRESS_EVENT, event);
    },
    publishLive(assistantId, event) {
      io.to(liveRoom(assistantId)).emit(LIVE_EVENT, event);
    },
    async liveUsers(assistantId) {
      // With the Redis adapter this asks every instance (fetchSockets across the cluster).
      const sockets = await io.in(liveRoom(assistantId)).fetchSockets();
      return [...new Set(sockets.map((s) => Number((s.data as { userId?: number } | undefined)?.userId)).filter(Number.isInteger))];
    },
  };
}
