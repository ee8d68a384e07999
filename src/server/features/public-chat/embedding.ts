/** CSP frame-ancestors sources for an assistant's allowed domains ("firma.de, *.partner.de"). */
export function frameAncestors(allowedDomains: string): string {
  const domains = allowedDomains
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter((d) => /^(\*\.)?[a-z0-9.-]+(:\d+)?$/.test(d));
  if (domains.length === 0) return '*';
  return ["'self'", ...domains.flatMap((d) => [`https://${d}`, `http://${d}`])].join(' ');
}
