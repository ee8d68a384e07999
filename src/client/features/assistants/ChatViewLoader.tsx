import { Suspense } from 'react';
import { RouteFallback } from '../../components/RouteFallback.tsx';
import { lazyWithReload as lazy } from '../../lib/lazy-with-reload.ts';

// The chat view is its own chunk, built in features/chat.
const ChatView = lazy<{ assistantUuid: string }>(() => import('../chat/ChatView.tsx'));

/** The assistant area's chat view (spec 02 §2), loaded on demand. */
export function ChatViewLoader({ assistantUuid }: { assistantUuid: string }) {
  return (
    <Suspense fallback={<RouteFallback minHeight="50vh" />}>
      <ChatView assistantUuid={assistantUuid} />
    </Suspense>
  );
}
