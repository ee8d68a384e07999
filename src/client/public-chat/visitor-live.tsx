import type { ChatLive } from '../features/chat/live.ts';

type Subscribe = ChatLive['subscribe'];

/**
 * The live channel for a public chat whose Mika offers the hand-off: a person's messages, the
 * take-over and the return reach the visitor at once. The socket client loads only then (the public
 * chat's first load never carries it, docs/decisions/044); until it is there nothing is missed that
 * the stored messages do not show.
 */
export const visitorLive: ChatLive = {
  subscribe: (threadId, token, listener, answerListener) => {
    let unsubscribe: (() => void) | undefined;
    let active = true;
    void import('../lib/live-channel.ts').then(({ subscribeToThread }: { subscribeToThread: Subscribe }) => {
      if (active) unsubscribe = subscribeToThread(threadId, token, listener, answerListener);
    });
    return () => {
      active = false;
      unsubscribe?.();
    };
  },
  indicator: null,
};
