import { io, type Socket } from 'socket.io-client';
import { create } from 'zustand';
import {
  AI_ANSWER_EVENT,
  AI_PROGRESS_EVENT,
  JOIN_THREAD_EVENT,
  LEAVE_THREAD_EVENT,
  type AIAnswerUpdated,
  type AIProcessingUpdated,
  type JoinThreadAck,
  type JoinThreadRequest,
} from '../../shared/events.ts';

/**
 * The live progress channel (docs/product/chat-and-voice.md, docs/decisions/006): one Socket.IO connection to the same
 * origin, one room per thread joined with the thread's token. The chat works without it (the
 * answer itself arrives through the stream); it adds the thinking expression and lets a second tab
 * on the same thread follow along.
 *
 * WebSocket only: long-polling would need sticky sessions behind a load balancer, and the spec's
 * channel is "secure websockets only" (wss whenever the page is served over https).
 */

/** The six states of docs/product/chat-and-voice.md (the names of the original's websocket client). */
export const CONNECTION_STATES = [
  'initialized',
  'connecting',
  'connected',
  'unavailable',
  'failed',
  'disconnected',
] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

interface LiveChannelState {
  state: ConnectionState;
}

export const useLiveChannelStore = create<LiveChannelState>()(() => ({ state: 'initialized' }));

const setState = (state: ConnectionState) => useLiveChannelStore.setState({ state });

/** The connection state for the status indicator. */
export const useLiveConnectionState = () => useLiveChannelStore((s) => s.state);

export type ProgressListener = (event: AIProcessingUpdated) => void;
/** The text of an answer as it streams (another tab, or a thread opened mid-answer). */
export type AnswerListener = (event: AIAnswerUpdated) => void;

interface Subscription {
  token: string;
  listeners: Set<ProgressListener>;
  answerListeners: Set<AnswerListener>;
}

const subscriptions = new Map<number, Subscription>();
let socket: Socket | undefined;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

/** A connection without subscribers is closed after this grace time (view switches, StrictMode). */
const IDLE_DISCONNECT_MS = 5_000;
const JOIN_TIMEOUT_MS = 10_000;

function join(threadId: number, token: string): void {
  if (!socket?.connected) return; // joined on connect
  const request: JoinThreadRequest = { threadId, token };
  socket
    .timeout(JOIN_TIMEOUT_MS)
    .emit(JOIN_THREAD_EVENT, request, (err: Error | null, ack?: JoinThreadAck) => {
      // A refused join (thread gone, token wrong) only means no live progress: the stream still works.
      if (err || !ack?.ok) console.warn('Live-Kanal: Beitritt zur Unterhaltung nicht möglich', threadId);
    });
}

function ensureSocket(): Socket | undefined {
  if (socket) return socket;
  if (typeof WebSocket === 'undefined') {
    setState('failed');
    return undefined;
  }
  const created = io({
    path: '/socket.io',
    transports: ['websocket'],
    autoConnect: false,
    withCredentials: true,
    reconnectionAttempts: 20,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 10_000,
  });
  created.on('connect', () => {
    setState('connected');
    for (const [threadId, sub] of subscriptions) join(threadId, sub.token);
  });
  created.on('connect_error', () => {
    // active: the client keeps retrying; otherwise the server refused for good.
    setState(created.active ? 'unavailable' : 'failed');
  });
  created.on('disconnect', (reason) => {
    if (reason === 'io client disconnect') setState('disconnected');
    else setState(created.active ? 'unavailable' : 'disconnected');
  });
  created.on(AI_PROGRESS_EVENT, (event: AIProcessingUpdated) => {
    const sub = subscriptions.get(Number(event?.threadId));
    if (!sub) return;
    for (const listener of sub.listeners) listener(event);
  });
  created.on(AI_ANSWER_EVENT, (event: AIAnswerUpdated) => {
    const sub = subscriptions.get(Number(event?.threadId));
    if (!sub) return;
    for (const listener of sub.answerListeners) listener(event);
  });
  created.io.on('reconnect_attempt', () => setState('connecting'));
  created.io.on('reconnect_failed', () => setState('failed'));
  socket = created;
  return created;
}

function connect(): void {
  clearTimeout(idleTimer);
  idleTimer = undefined;
  const s = ensureSocket();
  if (!s || s.connected || s.active) return;
  setState('connecting');
  s.connect();
}

function scheduleIdleDisconnect(): void {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (subscriptions.size === 0 && socket) socket.disconnect();
  }, IDLE_DISCONNECT_MS);
}

/**
 * Follows the progress of one thread. Returns the unsubscribe function (an effect's cleanup).
 * Rooms are joined again after every reconnect.
 */
export function subscribeToThread(
  threadId: number,
  token: string,
  listener: ProgressListener,
  answerListener?: AnswerListener,
): () => void {
  let sub = subscriptions.get(threadId);
  const fresh = !sub || sub.token !== token;
  if (!sub || fresh) {
    sub = {
      token,
      listeners: sub?.listeners ?? new Set(),
      answerListeners: sub?.answerListeners ?? new Set(),
    };
    subscriptions.set(threadId, sub);
  }
  sub.listeners.add(listener);
  if (answerListener) sub.answerListeners.add(answerListener);
  connect();
  if (fresh) join(threadId, token);
  return () => {
    const current = subscriptions.get(threadId);
    if (!current) return;
    current.listeners.delete(listener);
    if (answerListener) current.answerListeners.delete(answerListener);
    if (current.listeners.size > 0) return;
    subscriptions.delete(threadId);
    if (socket?.connected) socket.emit(LEAVE_THREAD_EVENT, { threadId });
    if (subscriptions.size === 0) scheduleIdleDisconnect();
  };
}
