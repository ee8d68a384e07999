// Regression tests for the findings of the security review (issue 10), one block per finding.
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { assistants, teams, users } from '../db/schema/index.ts';
import { Agent } from '../../../tests/setup/agent.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { createAssistant, createStaffedTeam, loginAs } from '../../../tests/factories/index.ts';
import { multipartBody } from '../../../tests/fixtures/media.ts';
import { COMMON_MESSAGES } from '../../shared/messages.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const validAssistant = {
  type: 'chat',
  name: 'Durch die Hintertür',
  role: 'Du bist eine hilfsbereite Assistenz für unser Team im Vertrieb.',
  task: 'Du beantwortest Fragen. '.repeat(12),
  style: 'professionell und sachlich',
};

/** A German error sentence, no stack trace, no SQL. */
function expectCleanError(res: { status: number; body: string }, label: string) {
  expect(res.status, `${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${label}: ${res.body}`).toBeLessThan(500);
  const body = JSON.parse(res.body);
  expect(typeof (body.error ?? body.message), label).toBe('string');
  expect(res.body, label).not.toMatch(/\bat \w+ \(|node_modules|select |insert into|violates|stack/i);
}

describe('finding 4: CSRF is decided on the matched route, not on the raw URL', () => {
  it('refuses a percent-encoded path without X-XSRF-TOKEN and changes nothing', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const agent = await loginAs(t, owner);
    for (const url of ['/%61pi/assistant', '/api/%61ssistant', '/%61%70%69/assistant']) {
      const res = await agent.request('POST', url, validAssistant, { csrf: false });
      expect(res.status, url).toBe(403);
      expect(res.json().error, url).toBe(COMMON_MESSAGES.csrfMismatch);
    }
    const own = await t.database.db.select().from(assistants).where(eq(assistants.teamId, team.id));
    expect(own).toHaveLength(0);
  });

  it('protects the sign-in calls under any spelling, also without a session', async () => {
    const { owner } = await createStaffedTeam(t.database.db);
    const res = await new Agent(t.app).request('POST', '/%61pi/login', { email: owner.email, password: 'x' }, { csrf: false });
    expect(res.status).toBe(403);
    expect(res.json().error).toBe(COMMON_MESSAGES.csrfMismatch);
  });

  it('answers a bad percent escape in X-XSRF-TOKEN with 403, not 500', async () => {
    const { owner } = await createStaffedTeam(t.database.db);
    const agent = await loginAs(t, owner);
    await agent.csrf();
    const res = await agent.request('POST', '/api/assistant', validAssistant, { csrf: false, headers: { 'x-xsrf-token': '%E0%A4%A' } });
    expect(res.status).toBe(403);
    expect(res.json().error).toBe(COMMON_MESSAGES.csrfMismatch);
  });
});

describe('finding 6: malformed input gets a German 4xx, never a 5xx', () => {
  it('refuses NUL characters and lone surrogates in text fields', async () => {
    const { owner } = await createStaffedTeam(t.database.db);
    const agent = await loginAs(t, owner);
    const cases: [string, 'POST' | 'PUT', string, unknown][] = [
      ['name with NUL', 'PUT', '/api/user', { user: { uuid: owner.uuid, name: 'Olga\u0000', email: owner.email } }],
      ['assistant with NUL', 'POST', '/api/assistant', { ...validAssistant, name: 'Mika\u0000' }],
      ['support with NUL', 'POST', '/api/email/support', { subject: 'Frage', message: `${'x'.repeat(40)}\u0000` }],
      ['assistant with lone surrogate', 'POST', '/api/assistant', { ...validAssistant, name: 'Mika \ud800' }],
    ];
    for (const [label, method, url, body] of cases) expectCleanError(await agent.request(method, url, body), label);
    const register = await new Agent(t.app, '192.0.2.60').post('/api/register', {
      name: 'Nul\u0000Person',
      email: 'nul@example.com',
      password: 'Geheim#2026',
      password_confirmation: 'Geheim#2026',
      terms: true,
    });
    expectCleanError(register, 'register with NUL');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(row!.name).toBe(owner.name);
  });

  it('refuses thread ids beyond the database integer range, also anonymously', async () => {
    const a = await createAssistant(t.database.db, null, { isPublic: true });
    const anon = new Agent(t.app);
    expectCleanError(await anon.get(`/api/messages/${a.uuid}/2147483648?token=abc`), 'messages');
    expectCleanError(await anon.get(`/api/messages/${a.uuid}/99999999999999999999?token=abc`), 'messages huge');
    expectCleanError(
      await anon.get(`/api/send/stream?assistantUuid=${a.uuid}&threadId=2147483648&token=abc&message=Hallo`),
      'stream',
    );
    expectCleanError(await anon.post('/api/save/stream', { assistantUuid: a.uuid, threadId: 2 ** 31, lastResponseId: 'x' }), 'save');
    expectCleanError(await anon.post('/api/send/msgtovoice', { assistantUuid: a.uuid, threadId: 2 ** 40, msgId: 2 ** 40 }), 'voice');
  });

  it('refuses a non-string token and lone surrogates in the contact form', async () => {
    const { team } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team, { isPublic: true, form: { active: true } });
    const visitor = new Agent(t.app, '192.0.2.61');
    const thread = (await visitor.post('/api/thread/create', { assistantUuid: a.uuid, public: true })).json();
    for (const token of [123, { $ne: null }, ['a'], true]) {
      expectCleanError(await visitor.post('/api/send/form', { assistantUuid: a.uuid, threadId: thread.id, token }), `token ${JSON.stringify(token)}`);
    }
    const surrogate = await visitor.post('/api/send/form', {
      assistantUuid: a.uuid,
      threadId: thread.id,
      token: thread.token,
      firstname: 'Anna',
      lastname: 'Muster\udc00',
      company: 'Firma',
      email: 'anna@example.com',
      notes: 'Hallo \ud83d',
    });
    expectCleanError(surrogate, 'lone surrogate');
  });

  it('answers multipart without a boundary or cut off in the middle with 4xx', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    const noBoundary = await agent.request('POST', '/api/assistant/logo', 'irgendwas', { headers: { 'content-type': 'multipart/form-data' } });
    expectCleanError(noBoundary, 'no boundary');
    const { payload, contentType } = multipartBody({ assistantUuid: a.uuid }, { field: 'file', name: 'logo.png', data: Buffer.alloc(5000, 1) });
    const truncated = await agent.request('POST', '/api/assistant/logo', payload.subarray(0, 200), { headers: { 'content-type': contentType } });
    expectCleanError(truncated, 'truncated');
    const audio = await agent.request('POST', '/api/send/audio', payload.subarray(0, 120), { headers: { 'content-type': contentType } });
    expectCleanError(audio, 'truncated audio');
  });
});

describe('finding 7: failed queries are logged without their parameters', () => {
  it('logs the error class and the query, never the e-mail, name or password hash', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
    try {
      // Fault injection: the database refuses this one user row (a failing row shows its values in `detail`).
      await logged.database.db.execute(sql`ALTER TABLE users ADD CONSTRAINT no_greta CHECK (name <> 'Greta Geheimnis') NOT VALID`);
      const res = await new Agent(logged.app, '192.0.2.70').post('/api/register', {
        name: 'Greta Geheimnis',
        email: 'greta.geheimnis@example.com',
        password: 'Geheim#2026',
        password_confirmation: 'Geheim#2026',
        terms: true,
      });
      expect(res.status).toBe(500);
      expect(res.json()).toEqual({ error: COMMON_MESSAGES.unknownError });
      const log = lines.join('');
      expect(log).toContain('"query":"insert into users"');
      expect(log).toContain('"code":"23514"');
      for (const secret of ['greta.geheimnis', 'Greta Geheimnis', '$argon2', 'Failing row']) expect(log).not.toContain(secret);

      // Sibling: tokens in paths (verification link, reset link of the client) are not logged either.
      await logged.app.inject({ url: '/verify-email/GeheimerBestaetigungsToken123' });
      await logged.app.inject({ url: '/reset-password/GeheimerResetToken456?x=1' });
      const all = lines.join('');
      expect(all).toContain('"url":"/verify-email/:token"');
      expect(all).not.toContain('GeheimerBestaetigungsToken123');
      expect(all).not.toContain('GeheimerResetToken456');
    } finally {
      await logged.close();
    }
  });
});

describe('finding 10: Socket.IO only accepts browsers of our own origin', () => {
  it('refuses a WebSocket from a foreign origin and accepts the app’s own', async () => {
    const live = await createTestApp();
    try {
      await live.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(live.app.server.address() as AddressInfo).port}`;
      const tryConnect = (origin: string) =>
        new Promise<boolean>((resolve) => {
          const socket = connect(base, { path: '/socket.io', transports: ['websocket'], extraHeaders: { origin }, reconnection: false });
          socket.on('connect', () => {
            socket.close();
            resolve(true);
          });
          socket.on('connect_error', () => {
            socket.close();
            resolve(false);
          });
        });
      expect(await tryConnect('https://evil.example')).toBe(false);
      expect(await tryConnect('http://mika.test')).toBe(true);
      // A site listed in a published Mika's allowed domains talks to us directly; once its team is
      // deleted, it does not.
      const { team } = await createStaffedTeam(live.database.db, { plan: 'team' });
      await createAssistant(live.database.db, team, { isPublic: true, allowedDomains: 'shop.einbetten.example, *.partner.example' });
      expect(await tryConnect('https://shop.einbetten.example')).toBe(true);
      expect(await tryConnect('https://www.partner.example')).toBe(true);
      expect(await tryConnect('https://einbetten.example')).toBe(false);
      await live.database.db.update(teams).set({ deletedAt: new Date() }).where(eq(teams.id, team.id));
      expect(await tryConnect('https://shop.einbetten.example')).toBe(false);
    } finally {
      await live.close();
    }
  });
});
