import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

/** docs/product/chat-and-voice.md: while an answer streams, scroll to the bottom at most every 300 ms. */
export const SCROLL_THROTTLE_MS = 300;
/** Closer than this to the bottom counts as "reading the newest message". */
const STICK_DISTANCE_PX = 120;

/**
 * Keeps a scroll container at the bottom: at once when `layoutKey` changes (a new message, the
 * pending answer, a notice) or the container changes size, throttled while text streams in.
 * Someone who scrolled up to read stays where they are until the next change of the layout.
 * Returns the container's ref.
 */
export function useAutoScroll<T extends HTMLElement>(layoutKey: string, streamingText: string) {
  const container = useRef<T>(null);
  const lastScroll = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stick = useRef(true);

  const scrollNow = useCallback(() => {
    const el = container.current;
    if (!el) return;
    lastScroll.current = Date.now();
    el.scrollTop = el.scrollHeight;
  }, []);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const onScroll = () => {
      stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_DISTANCE_PX;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    // The window or the embed's panel changes size: who was reading the newest message keeps it in view.
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => stick.current && scrollNow());
    resized?.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      resized?.disconnect();
    };
  }, [scrollNow]);

  useLayoutEffect(() => {
    stick.current = true;
    // Still before the next paint, but in the frame's own layout: reading scrollHeight here would
    // force a second layout inside the render's task (docs/decisions/012: Total Blocking Time).
    const frame = requestAnimationFrame(scrollNow);
    return () => cancelAnimationFrame(frame);
  }, [layoutKey, scrollNow]);

  // Streaming text: throttled, with a trailing call so the last words are never left below the fold.
  useEffect(() => {
    if (!streamingText || !stick.current) return;
    const wait = SCROLL_THROTTLE_MS - (Date.now() - lastScroll.current);
    if (wait <= 0) {
      scrollNow();
      return;
    }
    timer.current ??= setTimeout(() => {
      timer.current = undefined;
      if (stick.current) scrollNow();
    }, wait);
  }, [streamingText, scrollNow]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return container;
}
