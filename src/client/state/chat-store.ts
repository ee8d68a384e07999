import { create } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import { CHAT_STATUSES, type ChatStatus } from '../../shared/events.ts';
import { siteStorage } from '../lib/site-storage.ts';

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

const sameEntry = (a: ThreadEntry | undefined, b: ThreadEntry | undefined) =>
  a?.id === b?.id && a?.token === b?.token && a?.lastResponseId === b?.lastResponseId;

/** What is stored, as the store wrote it (any version); null when nothing readable is there. */
function readStored(raw: string | null): StorageValue<unknown> | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object' ? (value as StorageValue<unknown>) : null;
  } catch {
    return null;
  }
}

const parseStoredThreads = (raw: string | null) => readStoredThreads(readStored(raw)?.state);

const sameThreads = (a: Record<string, ThreadEntry>, b: Record<string, ThreadEntry>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([key, entry]) => sameEntry(entry, b[key]));

/**
 * The threads as this page last read or wrote them. Every tab of the app shares the one entry in
 * local storage, and the store hands over its whole state on each change (a status event too):
 * written as it is, a tab opened before another tab's conversation would put back its older copy,
 * and the other tab's reload would start its conversation anew. So a write takes only what this
 * page changed itself since (a thread set, renewed or reset) into what is stored now.
 */
let synced: Record<string, ThreadEntry> = {};

/** What is stored now, with this page's own changes since `synced` applied; null when nothing changes. */
function withOwnChanges(stored: Record<string, ThreadEntry>, own: Record<string, ThreadEntry>) {
  const merged = { ...stored };
  let changed = false;
  for (const [key, entry] of Object.entries(own)) {
    if (sameEntry(entry, synced[key]) || sameEntry(entry, stored[key])) continue;
    merged[key] = entry;
    changed = true;
  }
  // Reset here: removed unless another tab has started a newer conversation there since.
  for (const [key, entry] of Object.entries(synced)) {
    if (key in own || !sameEntry(entry, stored[key])) continue;
    delete merged[key];
    changed = true;
  }
  return changed ? merged : null;
}

/**
 * Storage shared with the app's other tabs (see `synced`; where the browser refuses local storage,
 * a partitioned cookie: lib/site-storage.ts). It writes nothing while nothing changes: a status
 * change leaves no entry behind (the public chat writes no storage before the visitor interacts),
 * and a streamed answer's progress does not rewrite it.
 */
const sharedStorage: PersistStorage<Pick<ChatState, 'threads'>> = {
  getItem: (name) => {
    const raw = siteStorage.getItem(name);
    synced = parseStoredThreads(raw);
    return readStored(raw) as StorageValue<Pick<ChatState, 'threads'>> | null;
  },
  setItem: (name, { state, version }) => {
    const own = state.threads;
    // Most changes are a status, which is not kept: then nothing is read or written.
    if (sameThreads(own, synced)) return;
    const merged = withOwnChanges(parseStoredThreads(siteStorage.getItem(name)), own);
    if (merged) siteStorage.setItem(name, JSON.stringify({ state: { threads: merged }, version }));
    synced = own;
  },
  removeItem: (name) => siteStorage.removeItem(name),
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
      storage: sharedStorage,
      partialize: (state) => ({ threads: state.threads }),
      merge: (persisted, current) => ({ ...current, threads: readStoredThreads(persisted) }),
    },
  ),
);

/**
 * Another tab started a conversation with a Mika this page has none with: this page takes it, so
 * opening that Mika here continues it rather than starting a second one over it. A Mika this page
 * already holds a conversation with keeps it (it may be on screen).
 */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== CHAT_STORAGE_KEY) return;
    const stored = parseStoredThreads(event.newValue);
    useChatStore.setState((state) => {
      const added = Object.entries(stored).filter(([key]) => !(key in state.threads));
      return added.length === 0 ? state : { threads: { ...state.threads, ...Object.fromEntries(added) } };
    });
  });
}

/** The status of a thread; idle (done-ai) when nothing is known. */
export function useThreadStatus(threadId: number | undefined): ThreadStatusEntry {
  const entry = useChatStore((state) => (threadId === undefined ? undefined : state.threadStatus[threadId]));
  return entry ?? IDLE;
}

const IDLE: ThreadStatusEntry = { status: 'done-ai', msg: '' };
