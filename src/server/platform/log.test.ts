import { describe, expect, it } from 'vitest';
import { loggedUrl, queryName, serializeError } from './log.ts';

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
