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

export interface Realtime {
  publishProgress(event: AIProcessingUpdated): void;
  publishAnswer(event: AIAnswerUpdated): void;
}

export type ThreadTokenVerifier = (threadId: number, token: string) => Promise<boolean>;

/**
 * Socket.IO on the app's HTTP server. A client joins `ai-progress.{threadId}` only with the
 * thread's token; with REDIS_URL the Redis adapter fans events out across instances.
 */
export function attachRealtime(
  app: FastifyInstance,
  opts: { redisUrl?: string; verifyThreadToken: ThreadTokenVerifier },
): Realtime {
  const io = new Server(app.server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
  if (opts.redisUrl) {
    const pub = new Redis(opts.redisUrl);
    const sub = pub.duplicate();
    io.adapter(createAdapter(pub, sub));
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
  };
}
