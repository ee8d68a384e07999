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
/** Below MUI's sm breakpoint (theme.breakpoints.down('sm')): a phone. */
export const PHONE_SCREEN = '(max-width: 599.95px)';

/** The person asked for less motion (checked when an animation starts). */
export const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
