/**
 * The office library's first requests, started while its code still loads (docs/decisions/012).
 * Its own tiny entry (no imports), loaded by index.html as an async module script. On `/` it
 * preloads the code the library needs after the main chunk (OfficePage with the library; listed
 * by the build in the script's data-preload attribute) and asks for the user data, then — only
 * when that answer says the session is valid — the assistant list, the shop (plan limit) and the
 * capabilities, the GETs the library makes anyway.
 * `api-client.ts` takes each answer once (`takeEarlyResponse`) and handles it exactly as its own
 * fetch (401 included). Other paths are left alone. Nothing is cached: the promises live in this
 * page only.
 */
import type { EarlyRequest } from './lib/early-requests.ts';

// The headers api-client.ts sends with every GET (the answers must not differ).
const HEADERS = { Accept: 'application/json, text/plain, */*', 'X-Requested-With': 'XMLHttpRequest' };

const early = new Map<string, EarlyRequest>();
window.__mikaEarly = early;
const get = (url: string) => {
  const response = fetch(url, { headers: HEADERS, credentials: 'same-origin' });
  response.catch(() => undefined); // a failure is reported when the app takes it
  early.set(url, { at: performance.now(), response });
  return response;
};

if (location.pathname === '/') {
  const script = document.querySelector<HTMLScriptElement>('script[data-preload]');
  for (const href of script?.dataset.preload?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = ''; // as the build's own modulepreload links
    link.href = href;
    document.head.append(link);
  }
  get('/api/user/data').then(
    (response) => {
      if (!response.ok) return;
      // What the library shows next to the user: its list, the plan's limit, the AI capabilities.
      void get('/api/assistants/');
      void get('/api/shop');
      void get('/api/capabilities');
    },
    () => undefined,
  );
}
