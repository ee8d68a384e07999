import { useSyncExternalStore } from 'react';
import { useParams } from 'react-router';

/** Spec 01 §2/§9: window height minus 80 on a route with an assistant parameter (public chat), else minus 300. */
export const CHAT_HEIGHT_OFFSET = { withAssistantParam: 80, office: 300 } as const;
/** Below this the panel would be unusable; the page scrolls instead. */
export const CHAT_MIN_HEIGHT = 420;

export function chatHeight(windowHeight: number, hasAssistantParam: boolean): number {
  const offset = hasAssistantParam ? CHAT_HEIGHT_OFFSET.withAssistantParam : CHAT_HEIGHT_OFFSET.office;
  return Math.max(CHAT_MIN_HEIGHT, windowHeight - offset);
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
const windowHeight = () => window.innerHeight;

/** window.innerHeight, following resizes. */
export const useWindowHeight = () => useSyncExternalStore(subscribe, windowHeight, () => 800);

/** The chat height for the current route (an `assistantUuid` route parameter: the public chat). */
export function useChatHeight(): number {
  const { assistantUuid } = useParams<{ assistantUuid?: string }>();
  return chatHeight(useWindowHeight(), Boolean(assistantUuid));
}
