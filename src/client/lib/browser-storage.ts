/**
 * What the office keeps in the browser: the live-login marker and the signed-in user's uuid shared
 * with the other tabs (lib/session-signal.ts) in local storage (the public chat
 * keeps its terms approval itself, public-chat/terms-approval.ts; the session is a cookie, so no
 * client token is stored). Storage can be unavailable (private mode, blocked cookies): every
 * access is guarded.
 */
export const STORAGE_KEYS = {
  liveLogin: 'liveLogin',
  session: 'mika-session',
} as const;

export interface LiveLoginMarker {
  status: boolean;
  teamName: string;
}

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // Storage unavailable: the value simply is not remembered.
  }
}

const local = () => window.localStorage;

export function readLiveLoginMarker(): LiveLoginMarker | null {
  const raw = read(local, STORAGE_KEYS.liveLogin);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<LiveLoginMarker> | null;
    if (!parsed || !parsed.status) return null;
    return { status: true, teamName: typeof parsed.teamName === 'string' ? parsed.teamName : '' };
  } catch {
    return null;
  }
}

export function writeLiveLoginMarker(marker: LiveLoginMarker | null): void {
  write(local, STORAGE_KEYS.liveLogin, marker ? JSON.stringify(marker) : null);
}

/** The uuid of the user the office tabs show ('' signed out); null when unknown or unreadable. */
export function readSessionMarker(): string | null {
  return read(local, STORAGE_KEYS.session);
}

export function writeSessionMarker(userUuid: string): void {
  write(local, STORAGE_KEYS.session, userUuid);
}
