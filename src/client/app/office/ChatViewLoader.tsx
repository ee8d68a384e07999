import { Suspense } from 'react';
import { RouteFallback } from '../../components/RouteFallback.tsx';
import { lazyMui } from '../../lib/lazy-mui.tsx';

// The chat view is its own chunk: features/chat with the voice slots (with MUI: lazyMui).
const ChatView = lazyMui<{ assistantUuid: string }>(() => import('./OfficeChatView.tsx'));

/** The assistant area's chat view (docs/product/library-and-wizard.md), loaded on demand. */
export function ChatViewLoader({ assistantUuid }: { assistantUuid: string }) {
  return (
    <Suspense fallback={<RouteFallback minHeight="50vh" />}>
      <ChatView assistantUuid={assistantUuid} />
    </Suspense>
  );
}
