import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { ChatMessage } from '../../shared/schemas/chat.ts';
import { ApiError, FeedbackRedirectError, UnauthenticatedError } from '../lib/api-client.ts';
import { showError } from './snackbar-store.ts';
import { useChatStore, type ThreadEntry } from './chat-store.ts';
import { chatKeys, createThread, fetchMessages } from '../lib/chat/index.ts';

/** Which conversation: the office's with an assistant, or a visitor's on its public chat page. */
export interface ThreadScope {
  assistantUuid: string;
  publicMode: boolean;
}

/**
 * The store key: the assistant uuid (docs/product/chat-and-voice.md, docs/product/library-and-wizard.md). A visitor thread of the public page is kept apart,
 * so a signed-in user who opens the public page does not continue the office conversation there.
 */
export const threadKey = (scope: ThreadScope) => (scope.publicMode ? `public:${scope.assistantUuid}` : scope.assistantUuid);

// One creation per conversation at a time (StrictMode runs effects twice; two panels may mount).
const creating = new Map<string, Promise<ThreadEntry>>();

/** The thread entry of a conversation; created on the server the first time it is needed (docs/product/chat-and-voice.md). */
export function ensureThread(scope: ThreadScope): Promise<ThreadEntry> {
  const key = threadKey(scope);
  const existing = useChatStore.getState().threads[key];
  if (existing) return Promise.resolve(existing);
  let pending = creating.get(key);
  if (!pending) {
    pending = createThread(scope.assistantUuid, scope.publicMode)
      .then((thread) => {
        const entry: ThreadEntry = { id: thread.id, token: thread.token };
        useChatStore.getState().setThread(key, entry);
        return entry;
      })
      .finally(() => creating.delete(key));
    creating.set(key, pending);
  }
  return pending;
}

/**
 * Why the conversation could not start or load, when the server said so (a visitor limit, empty
 * credits): the snackbar that said it goes away, the failure box stays. A network failure or a
 * server error has no reason worth repeating.
 */
function failureReason(failure: unknown): string | null {
  return failure instanceof ApiError && failure.refused ? failure.userMessage : null;
}

/**
 * The assistant's thread and its stored messages. A thread the server no longer knows (404) is
 * dropped silently and a new one started.
 */
export function useChatThread(scope: ThreadScope, canStart = true) {
  const { assistantUuid, publicMode } = scope;
  const key = threadKey(scope);
  const entry = useChatStore((state) => state.threads[key]);
  const [creationError, setCreationError] = useState<{ key: string; error: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (entry || !canStart) return;
    let active = true;
    ensureThread({ assistantUuid, publicMode }).then(
      () => active && setCreationError(null),
      (error: unknown) => active && setCreationError({ key, error }),
    );
    return () => {
      active = false;
    };
  }, [assistantUuid, publicMode, key, entry, attempt, canStart]);

  const messagesQuery = useQuery({
    queryKey: chatKeys.messages(assistantUuid, entry?.id),
    enabled: entry !== undefined,
    staleTime: 0,
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status > 0),
    queryFn: async (): Promise<ChatMessage[]> => {
      if (!entry) return [];
      try {
        return await fetchMessages(assistantUuid, entry);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) {
          useChatStore.getState().resetThread(key, entry.id);
          return [];
        }
        const handledElsewhere = error instanceof UnauthenticatedError || error instanceof FeedbackRedirectError;
        if (error instanceof ApiError && !handledElsewhere) showError(error.userMessage);
        throw error;
      }
    },
  });

  const { refetch } = messagesQuery;
  const retry = useCallback(() => {
    setCreationError(null);
    setAttempt((n) => n + 1);
    if (entry) void refetch();
  }, [entry, refetch]);

  const creationFailed = creationError?.key === key && !entry;
  const failed = creationFailed || messagesQuery.isError;
  return {
    entry,
    messages: messagesQuery.data ?? [],
    loading: !failed && (entry ? messagesQuery.isPending : canStart),
    failed,
    failedReason: failed ? failureReason(creationFailed ? creationError.error : messagesQuery.error) : null,
    retry,
  };
}
