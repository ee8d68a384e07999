import { useSyncExternalStore } from 'react';
import { fetchCsrfCookie } from '../lib/api-client.ts';

/**
 * German data-protection guidance for chat widgets: the public chat sets no cookie, writes no
 * storage and creates no thread until the visitor interacts with it (a click, tap or key press
 * inside the chat). Until then it only reads: the assistant, and a conversation already stored.
 * The first interaction fetches the CSRF cookie; the chat may start its thread once that is there.
 */
let ready = false;
let started = false;
const listeners = new Set<() => void>();
const EVENTS = ['pointerdown', 'keydown'] as const;

function start() {
  if (started) return;
  started = true;
  for (const type of EVENTS) window.removeEventListener(type, start, true);
  void fetchCsrfCookie().then(() => {
    ready = true;
    for (const listener of listeners) listener();
  });
}

export function watchFirstInteraction() {
  for (const type of EVENTS) window.addEventListener(type, start, true);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True once the visitor has interacted with the chat (and the CSRF cookie is in place). */
export const useInteracted = () => useSyncExternalStore(subscribe, () => ready);
