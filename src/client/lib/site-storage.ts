/**
 * What the chat keeps in the browser (the conversation per Mika, the visitor's consent): local
 * storage, or, where the browser refuses it, a partitioned cookie.
 *
 * On a customer's website the chat frame is a third party. Browsers that block third-party site
 * data (Chrome in a private window, Brave, the Chromium of our journeys) refuse it local storage:
 * every access throws. They do allow a cookie with the `Partitioned` attribute (CHIPS): it belongs to
 * this frame *on this website only*, so a visitor moving from page to page of the shop keeps the
 * consent and the conversation, and no other website sees them. It needs a secure context; where
 * even that is refused, nothing is remembered and the chat works for the page's lifetime.
 *
 * The cookie is sent along to Mika's server, which reads nothing from it.
 */

/** As long as the server keeps a visitor's conversation by default (docs/product/data-protection.md). */
const COOKIE_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;
/** A cookie holds about 4 KB; a larger value is not kept this way. */
const COOKIE_MAX_VALUE = 3_500;

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) {
      try {
        return decodeURIComponent(part.slice(prefix.length));
      } catch {
        return null;
      }
    }
  }
  return null;
}

function writeCookie(name: string, value: string | null): void {
  const attributes = 'Path=/; Secure; SameSite=None; Partitioned';
  if (value === null) document.cookie = `${name}=; Max-Age=0; ${attributes}`;
  else if (value.length <= COOKIE_MAX_VALUE) {
    document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${COOKIE_MAX_AGE_SECONDS}; ${attributes}`;
  }
}

/** Runs `local` on local storage; if the browser refuses it, `fallback`; if that fails too, `otherwise`. */
function attempt<T>(local: (storage: Storage) => T, fallback: () => T, otherwise: T): T {
  try {
    return local(window.localStorage);
  } catch {
    try {
      return fallback();
    } catch {
      return otherwise;
    }
  }
}

export const siteStorage = {
  getItem: (name: string): string | null =>
    attempt(
      (storage) => storage.getItem(name),
      () => readCookie(name),
      null,
    ),
  setItem: (name: string, value: string): void =>
    attempt(
      (storage) => storage.setItem(name, value),
      () => writeCookie(name, value),
      undefined,
    ),
  removeItem: (name: string): void =>
    attempt(
      (storage) => storage.removeItem(name),
      () => writeCookie(name, null),
      undefined,
    ),
};
