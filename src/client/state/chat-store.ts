import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { CHAT_STATUSES, type ChatStatus } from '../../shared/events.ts';

/** One conversation per assistant (docs/product/chat-and-voice.md): the server's thread id, its token, the last answer. */
export interface ThreadEntry {
  id: number;
  token: string;
  /** response_id of the last complete answer; sent with the next question (docs/product/chat-and-voice.md). */
  lastResponseId?: string;
}

/** Thread status per thread id (docs/product/chat-and-voice.md): what the chat shows while an answer is under way. */
export interface ThreadStatusEntry {
  status: ChatStatus;
  msg: string;
}

interface ChatState {
  /** Threads keyed by assistant uuid; kept in local storage so a reload keeps the conversation. */
  threads: Record<string, ThreadEntry>;
  /** Status keyed by thread id; lives only as long as the page. */
  threadStatus: Record<number, ThreadStatusEntry>;
  setThread: (assistantUuid: string, entry: ThreadEntry) => void;
  /**
   * Deletes the entry (docs/product/chat-and-voice.md: "reset"); the next use creates a new thread. With `onlyThreadId`
   * the entry is deleted only if it still is that thread (a late 404 must not drop a newer thread).
   */
  resetThread: (assistantUuid: string, onlyThreadId?: number) => void;
  setLastResponseId: (assistantUuid: string, threadId: number, responseId: string) => void;
  setThreadStatus: (threadId: number, status: ChatStatus, msg?: string) => void;
}

export const CHAT_STORAGE_KEY = 'mika-chat-threads';

const isStatus = (value: unknown): value is ChatStatus => (CHAT_STATUSES as readonly unknown[]).includes(value);

/** Whatever is in local storage was written by an older version or by hand: keep only valid entries. */
function readStoredThreads(value: unknown): Record<string, ThreadEntry> {
  const threads: Record<string, ThreadEntry> = {};
  if (!value || typeof value !== 'object') return threads;
  const stored = (value as { threads?: unknown }).threads;
  if (!stored || typeof stored !== 'object') return threads;
  for (const [uuid, raw] of Object.entries(stored as Record<string, unknown>)) {
    if (!raw || typeof raw !== 'object') continue;
    const { id, token, lastResponseId } = raw as Record<string, unknown>;
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || typeof token !== 'string' || !token) continue;
    threads[uuid] = { id, token, ...(typeof lastResponseId === 'string' ? { lastResponseId } : {}) };
  }
  return threads;
}

/**
 * Local storage that writes nothing while there is nothing to keep: a status change must not leave
 * an empty entry behind (the public chat writes no storage before the visitor interacts).
 */
const quietStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
  getItem: (name) => window.localStorage.getItem(name),
  setItem: (name, value) => {
    const empty = (JSON.parse(value) as { state?: { threads?: object } }).state?.threads;
    if (empty && Object.keys(empty).length === 0 && window.localStorage.getItem(name) === null) return;
    window.localStorage.setItem(name, value);
  },
  removeItem: (name) => window.localStorage.removeItem(name),
};

export const useChatStore = create<ChatState>()(
  persist(
    (set) => ({
      threads: {},
      threadStatus: {},
      setThread: (assistantUuid, entry) => set((state) => ({ threads: { ...state.threads, [assistantUuid]: entry } })),
      resetThread: (assistantUuid, onlyThreadId) =>
        set((state) => {
          const current = state.threads[assistantUuid];
          if (!current || (onlyThreadId !== undefined && current.id !== onlyThreadId)) return state;
          const threads = { ...state.threads };
          delete threads[assistantUuid];
          const threadStatus = { ...state.threadStatus };
          delete threadStatus[current.id];
          return { threads, threadStatus };
        }),
      setLastResponseId: (assistantUuid, threadId, responseId) =>
        set((state) => {
          const current = state.threads[assistantUuid];
          if (!current || current.id !== threadId) return state;
          return { threads: { ...state.threads, [assistantUuid]: { ...current, lastResponseId: responseId } } };
        }),
      setThreadStatus: (threadId, status, msg = '') =>
        set((state) => {
          if (!isStatus(status)) return state;
          const current = state.threadStatus[threadId];
          if (current?.status === status && current.msg === msg) return state;
          return { threadStatus: { ...state.threadStatus, [threadId]: { status, msg } } };
        }),
    }),
    {
      name: CHAT_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => quietStorage),
      partialize: (state) => ({ threads: state.threads }),
      merge: (persisted, current) => ({ ...current, threads: readStoredThreads(persisted) }),
    },
  ),
);

/** The status of a thread; idle (done-ai) when nothing is known. */
export function useThreadStatus(threadId: number | undefined): ThreadStatusEntry {
  const entry = useChatStore((state) => (threadId === undefined ? undefined : state.threadStatus[threadId]));
  return entry ?? IDLE;
}

const IDLE: ThreadStatusEntry = { status: 'done-ai', msg: '' };
