import { useCallback, useState, useSyncExternalStore } from 'react';

/** docs/product/chat-and-voice.md: window height minus 80 on a route with an assistant parameter (public chat), else minus 300. */
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

/**
 * The office chat fills the section: from the panel's top to the window's bottom, minus the
 * office's bottom padding (docs/decisions/013: the spec's "minus 300" described the original's
 * layout; its intent is a chat that uses the room there is).
 */
export function useFillHeight(bottomGap: number): { ref: (node: HTMLElement | null) => void; height: number } {
  const windowHeight = useWindowHeight();
  const [top, setTop] = useState<number | null>(null);
  const ref = useCallback((node: HTMLElement | null) => {
    if (node) setTop(node.getBoundingClientRect().top + window.scrollY);
  }, []);
  const fallback = chatHeight(windowHeight, false);
  return { ref, height: top === null ? fallback : Math.max(CHAT_MIN_HEIGHT, Math.round(windowHeight - top - bottomGap)) };
}
