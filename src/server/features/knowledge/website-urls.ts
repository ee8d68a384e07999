// Page URLs as the crawler keeps them: one spelling per page (no fragment, default port dropped,
// campaign and click-tracking parameters dropped, the rest of the query kept), and the team's
// include/exclude path patterns ("/blog/*", "*" any characters).

/** Parameters that only say where a visitor came from: the page is the same without them. */
const TRACKING_PARAM = /^(utm_\w+|fbclid|gclid|gclsrc|dclid|gbraid|wbraid|msclkid|yclid|twclid|igshid|mc_cid|mc_eid|_hsenc|_hsmi|_ga|_gl|mkt_tok|pk_\w+|mtm_\w+)$/i;

export function normalizePageUrl(raw: string): string | null {
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    url.hash = '';
    for (const name of [...url.searchParams.keys()]) if (TRACKING_PARAM.test(name)) url.searchParams.delete(name);
    return url.href;
  } catch {
    return null;
  }
}

/** A site's host as people mean it: www.beispiel.de and beispiel.de are one website. */
export const siteHost = (url: string) => new URL(url).host.toLowerCase().replace(/^www\./, '');

/**
 * A URL of the site in the site's own spelling: on `origin`'s host as it is; on its www twin
 * (beispiel.de ↔ www.beispiel.de) or in plain http moved to `origin`, as the twin redirects there
 * anyway. Null for any other host. Sites served on www.firma.de often link and list pages as
 * https://firma.de/… (the CMS's configured address): those are the site's pages too.
 */
export function onSite(url: string, origin: URL): string | null {
  const parsed = new URL(url);
  if (parsed.host !== origin.host && siteHost(url) !== siteHost(origin.href)) return null;
  if (parsed.origin === origin.origin) return url;
  parsed.protocol = origin.protocol;
  parsed.host = origin.host;
  return parsed.href;
}

/** A path without its last slash (`/shop/` and `/shop` are one page to people). */
const pathOf = (url: URL) => url.pathname.replace(/\/$/, '') || '/';

/** Two start addresses of one site: the same siteHost, path (see pathOf) and query. */
export function sameSite(a: string, b: string): boolean {
  const key = (u: string) => {
    const url = new URL(u);
    return `${siteHost(u)}${pathOf(url)}${url.search}`;
  };
  return key(a) === key(b);
}

/**
 * Whether `canonical` names the same document as `url` in another spelling: same origin and path,
 * another query (sorting, a comment reply link, a session id). A canonical to another path is not
 * followed: sites that point every page's canonical at the home page are common.
 */
export function isQueryVariantOf(url: string, canonical: string): boolean {
  const [a, b] = [new URL(url), new URL(canonical)];
  return a.href !== b.href && a.origin === b.origin && pathOf(a) === pathOf(b) && a.search !== b.search;
}

const patternRegex = (pattern: string) =>
  new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}${pattern.endsWith('*') ? '' : '(/.*)?'}$`);

/** Whether a path passes: it matches an include pattern (or there are none) and no exclude pattern. */
export function matchesPatterns(path: string, include: string[], exclude: string[]): boolean {
  if (include.length > 0 && !include.some((p) => patternRegex(p).test(path))) return false;
  return !exclude.some((p) => patternRegex(p).test(path));
}
