// Page URLs as the crawler keeps them: one spelling per page (no fragment, default port dropped,
// query kept), and the team's include/exclude path patterns ("/blog/*", "*" any characters).

export function normalizePageUrl(raw: string): string | null {
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

const patternRegex = (pattern: string) =>
  new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}${pattern.endsWith('*') ? '' : '(/.*)?'}$`);

/** Whether a path passes: it matches an include pattern (or there are none) and no exclude pattern. */
export function matchesPatterns(path: string, include: string[], exclude: string[]): boolean {
  if (include.length > 0 && !include.some((p) => patternRegex(p).test(path))) return false;
  return !exclude.some((p) => patternRegex(p).test(path));
}
