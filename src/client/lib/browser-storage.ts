/**
 * What the client keeps in the browser (spec 01 §3): a client token in session storage, the
 * terms approval and the live-login marker in local storage. Storage can be unavailable
 * (private mode, blocked cookies): every access is guarded.
 */
export const STORAGE_KEYS = {
  clientToken: 'clientToken',
  termsApproved: 'termsApproved',
  liveLogin: 'liveLogin',
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
const session = () => window.sessionStorage;

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

export function readTermsApproved(): boolean {
  return read(local, STORAGE_KEYS.termsApproved) === 'true';
}

export function writeTermsApproved(approved: boolean): void {
  write(local, STORAGE_KEYS.termsApproved, approved ? 'true' : null);
}

export function readClientToken(): string | null {
  return read(session, STORAGE_KEYS.clientToken);
}

export function writeClientToken(token: string | null): void {
  write(session, STORAGE_KEYS.clientToken, token);
}
