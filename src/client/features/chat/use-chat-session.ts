import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AIAnswerUpdated, ChatStatus } from '../../../shared/events.ts';
import { COMMON_MESSAGES, CONVERSATION_MESSAGES } from '../../../shared/messages.ts';
import type { ChatMessage, StreamEvent } from '../../../shared/schemas/chat.ts';
import { ApiError, fetchCsrfCookie } from '../../lib/api-client.ts';
import { useChatStore, useThreadStatus, type ThreadEntry } from '../../state/chat-store.ts';
import { showError } from '../../state/snackbar-store.ts';
import { chatKeys, confirmStreamedAnswer, streamUrl, CHAT_TEXTS } from '../../lib/chat/index.ts';
import { readChatStream } from './stream-client.ts';
import { settleAnswer } from './settle-answer.ts';
import { putSaved } from '../../lib/put-saved.ts';
import type { ChatLive } from './live.ts';
import { ensureThread, threadKey, useChatThread } from '../../state/chat-thread.ts';

export interface ChatSession {
  thread: ThreadEntry | undefined;
  /** Stored messages plus the question being answered. */
  messages: ChatMessage[];
  loading: boolean;
  failed: boolean;
  /** What the server said when the conversation could not start or load (null: nothing to add). */
  failedReason: string | null;
  retry: () => void;
  status: ChatStatus;
  /** The live progress text (the thinking expression at start-ai). */
  statusMsg: string;
  /** The answer as it streams in (request-ai). */
  streamingText: string;
  /** An error or interruption shown inline in the conversation. */
  notice: string | null;
  canSend: boolean;
  /** Resolves false when the question was not taken (the input keeps it). */
  send: (text: string) => Promise<boolean>;
  /**
   * The conversation, created now when there is none yet (the public chat waits for the visitor's
   * first interaction); undefined when creating it failed.
   */
  startThread: () => Promise<ThreadEntry | undefined>;
  /** Deletes the thread entry; a new thread starts with only the intro. */
  reset: () => void;
}

/**
 * docs/product/chat-and-voice.md: sending needs done-ai. 'error' (e.g. a failed voice upload, docs/product/chat-and-voice.md) is an end state
 * too: the next question may follow, or the chat would stay locked.
 */
export const isIdle = (status: ChatStatus) => status === 'done-ai' || status === 'error';

/** taken: the question went to the server; refused: it did not (the input keeps it). */
type SendResult = 'taken' | 'refused' | 'thread-gone';

/**
 * The question travels in the query of GET /api/send/stream (docs/product/chat-and-voice.md). Node answers 431 when the
 * request head passes 16 KB; 8000 characters of umlauts or emoji encode to far more than that.
 */
const MAX_STREAM_URL_CHARS = 15_000;

const nowIso = () => new Date().toISOString();

function localMessage(
  id: number,
  origin: 'user' | 'ai',
  text: string,
  responseId: string | null = null,
  type: ChatMessage['type'] = 'txt',
): ChatMessage {
  return { id, origin, type, text, audio: null, document: null, response_id: responseId, status: 'complete', created_at: nowIso() };
}

/**
 * The chat's state machine (docs/product/chat-and-voice.md): sending adds the question locally and sets start-ai;
 * text deltas show the answer (request-ai); complete stores the response id, adds the answer,
 * confirms it to the server and returns to done-ai. Live progress events add the thinking
 * expression and let another tab on the same thread follow along.
 */
export function useChatSession(
  assistantUuid: string,
  { publicMode = false, live, canStartThread = true }: { publicMode?: boolean; live?: ChatLive['subscribe']; canStartThread?: boolean } = {},
): ChatSession {
  const key = threadKey({ assistantUuid, publicMode });
  const thread = useChatThread({ assistantUuid, publicMode }, canStartThread);
  const { entry } = thread;
  const threadId = entry?.id;
  const { status, msg } = useThreadStatus(threadId);
  const queryClient = useQueryClient();
  const [streamingText, setStreamingText] = useState('');
  const [notice, setNotice] = useState<{ threadId: number; text: string } | null>(null);
  // While this view streams an answer itself, the stored "streaming" copy of it is not shown twice.
  const [ownStream, setOwnStream] = useState(false);
  const streamRef = useRef<{ controller: AbortController; threadId: number } | null>(null);

  /** Ends the local stream (if it is this one) and returns the thread to idle. */
  const release = useCallback((controller?: AbortController) => {
    const active = streamRef.current;
    if (!active || (controller && active.controller !== controller)) return;
    streamRef.current = null;
    setStreamingText('');
    setOwnStream(false);
    useChatStore.getState().setThreadStatus(active.threadId, 'done-ai');
  }, []);

  // Leaving the chat aborts the request; the server still finishes and stores the answer.
  useEffect(
    () => () => {
      streamRef.current?.controller.abort();
      release();
    },
    [key, release],
  );

  // A status left over from a progress event this view did not see end (it was not mounted).
  useEffect(() => {
    if (threadId === undefined || streamRef.current) return;
    const current = useChatStore.getState().threadStatus[threadId];
    if (current && current.status !== 'done-ai') useChatStore.getState().setThreadStatus(threadId, 'done-ai');
  }, [threadId]);

  useEffect(() => {
    if (!entry || !live) return;
    const { id, token } = entry;
    const messagesKey = chatKeys.messages(assistantUuid, id);
    const onAnswer = (event: AIAnswerUpdated) => {
      if (streamRef.current?.threadId === id) return;
      // Append to the stored copy where it ends; anything else (a gap, a new answer, the end) refetches.
      let appended = false;
      if (!event.done) {
        queryClient.setQueryData<ChatMessage[]>(messagesKey, (old) =>
          old?.map((m) => {
            if (m.id !== event.messageId || m.text.length !== event.offset) return m;
            appended = true;
            return { ...m, text: m.text + event.delta };
          }),
        );
      }
      if (!appended) void queryClient.invalidateQueries({ queryKey: messagesKey });
    };
    return live(id, token, (event) => {
      const store = useChatStore.getState();
      const current = store.threadStatus[id]?.status ?? 'done-ai';
      if (streamRef.current?.threadId === id) {
        // Our own stream decides when the answer is done; the event brings the progress text.
        if (current === 'start-ai' && (event.status === 'start-ai' || event.status === 'request-ai')) {
          store.setThreadStatus(id, event.status, event.msg);
        }
        return;
      }
      // Another tab (or a request this view gave up on) is answering in this thread.
      if (event.status === 'start-ai' || event.status === 'request-ai') {
        store.setThreadStatus(id, event.status, event.msg);
        if (event.status === 'start-ai') void queryClient.invalidateQueries({ queryKey: messagesKey });
      } else {
        store.setThreadStatus(id, 'done-ai', event.msg);
        void queryClient.invalidateQueries({ queryKey: messagesKey });
      }
    }, onAnswer);
  }, [assistantUuid, entry, live, queryClient]);

  const runStream = useCallback(
    async (target: ThreadEntry, question: string, firstAttempt: boolean): Promise<SendResult> => {
      const messagesKey = chatKeys.messages(assistantUuid, target.id);
      const url = streamUrl(assistantUuid, target, question);
      if (url.length > MAX_STREAM_URL_CHARS) {
        showError(CONVERSATION_MESSAGES.messageTooLong);
        return 'refused';
      }
      const controller = new AbortController();
      streamRef.current = { controller, threadId: target.id };
      setOwnStream(true);
      const tempId = -Date.now();
      setNotice(null);
      setStreamingText('');
      // A load of the stored messages under way (the thread was just created) answers with the
      // state before this question: it must not land on top of it.
      await putSaved<ChatMessage[]>(queryClient, messagesKey, (old = []) => [...old, localMessage(tempId, 'user', question)]);
      useChatStore.getState().setThreadStatus(target.id, 'start-ai', CONVERSATION_MESSAGES.progressPreparing);

      let received = '';
      // An object, so TypeScript does not narrow it to its initial value across the await below.
      const outcome: { finished: 'complete' | 'error' | null; formMessageId: number | null; documents: ChatMessage[] } = {
        finished: null,
        formMessageId: null,
        documents: [],
      };
      const onEvent = (event: StreamEvent) => {
        if (streamRef.current?.controller !== controller) return;
        const store = useChatStore.getState();
        if (event.type === 'text') {
          received += event.text;
          setStreamingText(received);
          if ((store.threadStatus[target.id]?.status ?? 'start-ai') === 'start-ai') {
            store.setThreadStatus(target.id, 'request-ai', CONVERSATION_MESSAGES.progressWriting);
          }
        } else if (event.type === 'form') {
          // The contact form follows the answer; it is shown together with it.
          outcome.formMessageId = event.message_id;
        } else if (event.type === 'document') {
          // So do handed-out files (document messages).
          outcome.documents.push({ ...localMessage(event.message_id, 'ai', '', null, 'doc'), document: event.document });
        } else if (event.type === 'complete') {
          outcome.finished = 'complete';
          const answer = {
            ...localMessage(event.message_id || -Date.now(), 'ai', event.final_text, event.response_id),
            ...(event.sources ? { sources: event.sources } : {}),
          };
          const form = outcome.formMessageId === null ? [] : [localMessage(outcome.formMessageId, 'ai', '', null, 'form')];
          void settleAnswer(queryClient, messagesKey, tempId, [answer, ...outcome.documents, ...form]);
          if (event.response_id) {
            store.setLastResponseId(key, target.id, event.response_id);
            void confirmStreamedAnswer(assistantUuid, target, event.final_text, event.response_id).catch(() => undefined);
          }
          release(controller);
        } else if (event.type === 'held') {
          // A person holds the conversation (live hand-off): the message is theirs, no answer follows.
          outcome.finished = 'complete';
          store.setThreadStatus(target.id, 'done-ai', '');
          void queryClient.invalidateQueries({ queryKey: messagesKey });
          release(controller);
        } else {
          outcome.finished = 'error';
          const text = event.error || COMMON_MESSAGES.unknownError;
          showError(text);
          setNotice({ threadId: target.id, text });
        }
      };

      try {
        await readChatStream(url, onEvent, controller.signal);
        if (outcome.finished === null) setNotice({ threadId: target.id, text: CHAT_TEXTS.streamInterrupted });
        // A partial answer (error) or one stored after the connection broke comes from the server.
        if (outcome.finished !== 'complete') void queryClient.invalidateQueries({ queryKey: messagesKey });
        return 'taken';
      } catch (error) {
        if (controller.signal.aborted) return 'taken';
        // Refused before the stream started: nothing was stored, the question goes back to the input.
        queryClient.setQueryData<ChatMessage[]>(messagesKey, (old = []) => old.filter((m) => m.id !== tempId));
        if (error instanceof ApiError && error.status === 404) {
          release(controller);
          useChatStore.getState().resetThread(key, target.id);
          if (firstAttempt) return 'thread-gone';
          showError(error.userMessage);
        }
        return 'refused';
      } finally {
        release(controller);
      }
    },
    [assistantUuid, key, queryClient, release],
  );

  const startThread = useCallback(
    (): Promise<ThreadEntry | undefined> =>
      fetchCsrfCookie()
        .then(() => ensureThread({ assistantUuid, publicMode }))
        .catch(() => undefined),
    [assistantUuid, publicMode],
  );

  const send = useCallback(
    async (text: string): Promise<boolean> => {
      const question = text.trim();
      const store = useChatStore.getState();
      // No thread yet (the public chat waits for the visitor): the question itself starts one.
      const current = store.threads[key] ?? (question ? await startThread() : undefined);
      if (!question || !current || streamRef.current) return false;
      if (!isIdle(store.threadStatus[current.id]?.status ?? 'done-ai')) return false;
      const result = await runStream(current, question, true);
      if (result !== 'thread-gone') return result === 'taken';
      // The thread is gone (docs/product/chat-and-voice.md): start a new one silently and ask there.
      const fresh = await ensureThread({ assistantUuid, publicMode }).catch(() => null);
      return fresh ? (await runStream(fresh, question, false)) === 'taken' : false;
    },
    [assistantUuid, publicMode, startThread, key, runStream],
  );

  const reset = useCallback(() => {
    streamRef.current?.controller.abort();
    release();
    setNotice(null);
    const current = useChatStore.getState().threads[key];
    if (!current) return;
    useChatStore.getState().resetThread(key);
    queryClient.removeQueries({ queryKey: chatKeys.messages(assistantUuid, current.id) });
  }, [assistantUuid, key, queryClient, release]);

  return {
    thread: entry,
    messages: ownStream ? thread.messages.filter((m) => m.status !== 'streaming') : thread.messages,
    loading: thread.loading,
    failed: thread.failed,
    failedReason: thread.failedReason,
    retry: thread.retry,
    status,
    statusMsg: msg,
    streamingText,
    notice: notice && notice.threadId === threadId ? notice.text : null,
    // Without a thread a question starts one: before the visitor's first interaction, and after a
    // creation that failed (the question tries again, as «Erneut versuchen» does).
    canSend: (entry !== undefined || !canStartThread || thread.failed) && !thread.loading && isIdle(status),
    send,
    startThread,
    reset,
  };
}
