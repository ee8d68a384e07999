import { AUTH_PAGE_PATHS, LEGAL_PAGES } from '../../shared/constants.ts';

/** Pages that work without a session; a 401 there must never reload the page. */
const PUBLIC_PREFIXES: readonly string[] = [...AUTH_PAGE_PATHS, '/logout', '/chat'];

export function isPublicPath(pathname: string): boolean {
  const first = `/${pathname.split('/')[1] ?? ''}`;
  if (PUBLIC_PREFIXES.includes(first)) return true;
  return (LEGAL_PAGES as readonly string[]).includes(first.slice(1));
}
