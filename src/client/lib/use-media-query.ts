import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now; re-renders when it changes (no MUI needed). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** MUI's md breakpoint: the permanent side navigation from here on. */
export const WIDE_SCREEN = '(min-width: 900px)';
