import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';
import { AppError } from './app-error.ts';
import { randomToken, safeEqual } from './crypto.ts';
import { M } from '../../shared/messages.ts';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit cookie as in Laravel Sanctum: GET /sanctum/csrf-cookie sets a readable cookie,
 * every state-changing request echoes it in X-XSRF-TOKEN. Together with SameSite=Lax session
 * cookies, a foreign site can neither read the token nor send it.
 */
export function registerCsrf(app: FastifyInstance, config: AppConfig, exemptPrefixes: string[] = []) {
  app.get('/sanctum/csrf-cookie', { schema: { hide: true } }, async (request, reply) => {
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

  app.addHook('preValidation', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const url = request.url;
    if (!url.startsWith('/api/') && !url.startsWith('/logout')) return;
    if (exemptPrefixes.some((p) => url.startsWith(p))) return;
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, decodeURIComponent(header))) {
      throw new AppError('FORBIDDEN', M.csrfMismatch);
    }
  });
}
