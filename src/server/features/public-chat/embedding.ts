import type { Db } from '../../db/client.ts';
import { publishedAllowedDomains } from './public-chat.repository.ts';

/**
 * The valid host entries of an allowed-domains list ("firma.de, *.partner.de"), lower-cased; a
 * domain brings its www twin along (firma.de ↔ www.firma.de): a team lists its site as it says
 * it, and a chat refused on the other spelling shows as an empty box on their own pages.
 */
function domainList(allowedDomains: string): string[] {
  const listed = allowedDomains
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter((d) => /^(\*\.)?[a-z0-9.-]+(:\d+)?$/.test(d));
  const twins = listed.filter((d) => !d.startsWith('*.')).map((d) => (d.startsWith('www.') ? d.slice(4) : `www.${d}`));
  return [...new Set([...listed, ...twins])];
}

/** CSP frame-ancestors sources for an assistant's allowed domains ("firma.de, *.partner.de"). */
export function frameAncestors(allowedDomains: string): string {
  const domains = domainList(allowedDomains);
  if (domains.length === 0) return '*';
  return ["'self'", ...domains.flatMap((d) => [`https://${d}`, `http://${d}`])].join(' ');
}

/** Whether `host` ("shop.firma.de:8080") is one of the listed domains (with `*.` wildcards). */
export function hostMatches(allowedDomains: string, host: string): boolean {
  const h = host.toLowerCase();
  return domainList(allowedDomains).some((d) => (d.startsWith('*.') ? h.endsWith(d.slice(1)) : h === d));
}

/**
 * Whether a page of `origin` may talk to us directly: the origin's host is in the explicit
 * allowed-domains list of a published assistant of a team that still exists. An empty list
 * ("any website may embed") opens the iframe, not our live channel.
 */
export async function isEmbedOrigin(db: Db, origin: string): Promise<boolean> {
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  return (await publishedAllowedDomains(db)).some((domains) => hostMatches(domains, host));
}
