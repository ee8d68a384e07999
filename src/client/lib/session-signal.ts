import { readSessionMarker, STORAGE_KEYS, writeSessionMarker } from './browser-storage.ts';

/**
 * Who the office's tabs are signed in as. The session is one cookie for the whole browser: when one
 * tab signs out, signs in as someone else or enters a team by live login (which acts as its owner),
 * every other open tab would go on showing the old account while its clicks act for the new one. So
 * the tab that learns its user announces it in local storage, and every other office tab showing
 * another user reloads: it then shows who it acts for (or the login).
 */

/** The user this page shows (their uuid, '' signed out); null before it knows. */
let shown: string | null = null;

/** This page now shows `userUuid` ('' after signing out): the other tabs follow. */
export function announceSession(userUuid: string): void {
  shown = userUuid;
  // Storage blocked: the other tabs find out with their next request, as without this signal.
  if (readSessionMarker() !== userUuid) writeSessionMarker(userUuid);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEYS.session || shown === null || event.newValue === shown) return;
    // Cleared storage (newValue null) tells nothing about the session.
    if (event.newValue === null) return;
    shown = null;
    window.location.reload();
  });
}
