import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';
import { AppError } from './app-error.ts';
import { SESSION_COOKIE } from './session.ts';
import { randomToken, safeEqual } from './crypto.ts';
import { csrfPolicy } from './access.ts';
import { COMMON_MESSAGES } from '../../shared/messages.ts';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit cookie as in Laravel Sanctum: GET /sanctum/csrf-cookie sets a readable cookie,
 * every state-changing request with a session (and every sign-in call, `config.csrf: 'always'`)
 * echoes it in X-XSRF-TOKEN.
 * Together with SameSite=Lax session cookies, a foreign site can neither read the token nor send it.
 */
export function registerCsrf(app: FastifyInstance, config: AppConfig) {
  app.get('/sanctum/csrf-cookie', { schema: { hide: true }, config: { access: 'public' } }, async (request, reply) => {
    const existing = request.cookies[CSRF_COOKIE];
    const token = existing && /^[A-Za-z0-9_-]{43}$/.test(existing) ? existing : randomToken(32);
    reply.setCookie(CSRF_COOKIE, token, {
      path: '/',
      httpOnly: false,
      sameSite: 'lax',
      secure: config.cookieSecure,
      maxAge: Math.floor(config.session.absoluteMs / 1000),
    });
    return reply.code(204).send();
  });

  // Decided on the route that matched (its declared access rule), never on the raw URL: the router
  // decodes `/%61pi/…` to `/api/…`, a prefix test on request.url does not.
  app.addHook('preValidation', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.is404) return;
    const policy = csrfPolicy(request);
    if (policy === 'never') return;
    // Without a session cookie there is nothing to forge: the call acts as an anonymous visitor
    // (the public chat in a third-party iframe, where browsers refuse our cookies, works this way).
    if (policy === 'session' && !request.cookies[SESSION_COOKIE]) return;
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, safeDecode(header) ?? '')) {
      throw new AppError('FORBIDDEN', COMMON_MESSAGES.csrfMismatch);
    }
  });
}

/** decodeURIComponent that answers undefined for a malformed escape instead of throwing. */
export function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
