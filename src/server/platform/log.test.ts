import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/setup/test-app.ts';
import { loggedUrl, queryName, serializeError } from './log.ts';
import { TEST_SELLER_ENV } from '../../../tests/setup/seller-env.ts';

describe('what reaches the log', () => {
  it('names queries by kind and table, without their text', () => {
    expect(queryName('insert into "users" ("name") values ($1)')).toBe('insert into users');
    expect(queryName('update "sessions" set "last_seen_at" = $1 where "id" = $2')).toBe('update sessions');
    expect(queryName('delete from "sessions" where "user_id" = $1')).toBe('delete from sessions');
    expect(queryName('select "id", "email" from "users" inner join "teams" on …')).toBe('select from users');
  });

  it('keeps only class, message, code and stack of other errors: a provider error’s prompt stays out', () => {
    const err = Object.assign(new Error('Bad Request'), {
      statusCode: 400,
      requestBodyValues: { messages: [{ role: 'user', content: 'Mein Passwort ist Sonne123' }] },
      responseBody: '{"error":"…Sonne123…"}',
    });
    const logged = JSON.stringify(serializeError(err));
    expect(logged).toContain('Bad Request');
    expect(logged).toContain('"statusCode":400');
    expect(logged).not.toContain('Sonne123');
  });

  it('logs route patterns, and of unmatched URLs only the first segment', () => {
    expect(loggedUrl({ url: '/verify-email/abc?x=1', routeOptions: { url: '/verify-email/:token' } })).toBe('/verify-email/:token');
    expect(loggedUrl({ url: '/reset-password/geheim?x=1' })).toBe('/reset-password/…');
    expect(loggedUrl({ url: '/login' })).toBe('/login');
    expect(loggedUrl({ url: '/?token=1' })).toBe('/');
  });
});

describe('log format', () => {
  const capture = () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    return { lines, stream };
  };

  it('development (pretty): one readable line per request, no JSON, no query string', async () => {
    const { lines, stream } = capture();
    const t = await createTestApp({ LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' }, { logStream: stream });
    try {
      await t.app.inject({ url: '/sanctum/csrf-cookie?token=GeheimesToken' });
      await t.app.inject({ url: '/api/user/data' });
      const requests = lines.filter((l) => / (GET|POST) /.test(l));
      expect(requests).toHaveLength(2);
      expect(requests[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/sanctum\/csrf-cookie 204 \d+(\.\d)? ms$/);
      expect(requests[1]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/user\/data 401 \d+(\.\d)? ms$/);
      expect(lines.join('\n')).not.toContain('GeheimesToken');
      expect(lines.some((l) => l.startsWith('{'))).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('warns once when requests come through a proxy that TRUST_PROXY does not name', async () => {
    const { lines, stream } = capture();
    const t = await createTestApp({ LOG_LEVEL: 'warn', NODE_ENV: 'production', ...TEST_SELLER_ENV }, { logStream: stream });
    try {
      await t.app.inject({ url: '/healthz' });
      expect(lines).toEqual([]);
      await t.app.inject({ url: '/healthz', headers: { 'x-forwarded-for': '198.51.100.99' } });
      await t.app.inject({ url: '/healthz', headers: { 'x-forwarded-for': '198.51.100.98' } });
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40, proxy: '127.0.0.1', msg: expect.stringContaining('Set TRUST_PROXY') });
    } finally {
      await t.close();
    }
    const trusted = capture();
    const behind = await createTestApp({ LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1' }, { logStream: trusted.stream });
    try {
      await behind.app.inject({ url: '/healthz', headers: { 'x-forwarded-for': '198.51.100.99' } });
      expect(trusted.lines).toEqual([]);
    } finally {
      await behind.close();
    }
  });

  it('production (json): one JSON object per request with method, route, status and time', async () => {
    const { lines, stream } = capture();
    const t = await createTestApp({ LOG_LEVEL: 'info', NODE_ENV: 'production', ...TEST_SELLER_ENV }, { logStream: stream });
    try {
      expect(t.config.logFormat).toBe('json');
      await t.app.inject({ url: '/api/user/data' });
      const entries = lines.map((l) => JSON.parse(l) as Record<string, any>).filter((e) => e.req);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ level: 30, msg: 'request completed', req: { method: 'GET', url: '/api/user/data' }, res: { statusCode: 401 } });
      expect(typeof entries[0]!.responseTime).toBe('number');
    } finally {
      await t.close();
    }
  });
});
