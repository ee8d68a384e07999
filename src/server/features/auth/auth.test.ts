import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { mailOutbox, teams, users, userTokens } from '../../db/schema/index.ts';
import { Agent } from '../../../../tests/setup/agent.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createStaffedTeam, createUser, DEFAULT_PASSWORD, loginAs } from '../../../../tests/factories/index.ts';
import { COMMON_MESSAGES } from '../../../shared/messages.ts';
import { issueInvitationToken, LOGIN_RULES, REGISTER_RULES } from './auth.service.ts';
import { loadConfig } from '../../config.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const valid = (email: string) => ({
  name: 'Mara Muster',
  email,
  password: 'geheim1',
  password_confirmation: 'geheim1',
  terms: true,
});

async function latestMailTo(email: string) {
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(sql`${mailOutbox.id} desc`)
    .limit(1);
  return mail;
}

describe('POST /api/register', () => {
  it('creates a trial team with the user as verified owner and admin, and logs them in', async () => {
    const agent = new Agent(t.app);
    const res = await agent.post('/api/register', valid('mara@firma.de'));
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', title: COMMON_MESSAGES.registerSuccessTitle, btnUrl: '/' });

    const data = await agent.get('/api/user/data');
    expect(data.status).toBe(200);
    const body = data.json();
    expect(body.user).toMatchObject({ name: 'Mara Muster', email: 'mara@firma.de', is_admin: true, is_superadmin: false });
    expect(body).toMatchObject({ slug: 'trial', role: 'owner', protectionLevel: 0, billingPeriod: 'monthly' });
    expect(body.permissions).toEqual({ canCreateAssistant: true, canCreateUser: true, canTakeLive: true });
    // 14 days, give or take the seconds this test took.
    expect(body.trailSecondsRemaining).toBeGreaterThan(14 * 86_400 - 60);
    expect(body.trailSecondsRemaining).toBeLessThanOrEqual(14 * 86_400);
  });

  it('answers every validation rule of docs/product/accounts.md with its German message and stores nothing', async () => {
    const agent = new Agent(t.app);
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', COMMON_MESSAGES.nameRequired],
      [{ name: 'Al' }, 'name', COMMON_MESSAGES.nameMin],
      [{ email: '' }, 'email', COMMON_MESSAGES.emailRequired],
      [{ email: 'keine-mail' }, 'email', COMMON_MESSAGES.emailInvalid],
      [{ password: '', password_confirmation: '' }, 'password', COMMON_MESSAGES.passwordRequired],
      [{ password: '12345', password_confirmation: '12345' }, 'password', COMMON_MESSAGES.passwordMin],
      [{ password_confirmation: '' }, 'password_confirmation', COMMON_MESSAGES.confirmationRequired],
      [{ password_confirmation: 'anders1' }, 'password_confirmation', COMMON_MESSAGES.confirmationMismatch],
      [{ terms: false }, 'terms', COMMON_MESSAGES.termsRequired],
    ];
    for (const [patch, field, message] of cases) {
      const res = await agent.post('/api/register', { ...valid('neu@firma.de'), ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(422);
      expect(res.json().fields[field][0], JSON.stringify(patch)).toBe(message);
    }
    const missing = await agent.post('/api/register', {});
    expect(missing.status).toBe(422);
    expect(missing.json().fields.name[0]).toBe(COMMON_MESSAGES.nameRequired);
    expect(missing.json().fields.email[0]).toBe(COMMON_MESSAGES.emailRequired);

    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses an address that is already registered, whatever its case', async () => {
    const agent = new Agent(t.app);
    expect((await agent.post('/api/register', valid('doppelt@firma.de'))).status).toBe(200);
    const again = await new Agent(t.app).post('/api/register', valid('DOPPELT@Firma.de'));
    expect(again.status).toBe(422);
    expect(again.json().error).toBe(COMMON_MESSAGES.emailTaken);
  });

  it('refuses without the CSRF token and changes nothing', async () => {
    const agent = new Agent(t.app);
    const res = await agent.post('/api/register', valid('csrf@firma.de'), { csrf: false });
    expect(res.status).toBe(403);
    expect(res.json().error).toBe(COMMON_MESSAGES.csrfMismatch);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'csrf@firma.de'));
    expect(row).toBeUndefined();
  });
});

describe('registration throttling (finding 5)', () => {
  it('throttles registrations per client IP, with the German message and Retry-After', async () => {
    const { team } = await createStaffedTeam(t.database.db);
    const ip = '198.51.100.20';
    const attempts = t.config.registration.perIp.limit;
    for (let i = 0; i < attempts; i++) {
      // Taken addresses: every attempt counts although none creates an account (no hash, no mail).
      const taken = await createUser(t.database.db, team);
      const res = await new Agent(t.app, ip).post('/api/register', valid(taken.email));
      expect(res.status, res.body).toBe(422);
    }
    const blocked = await new Agent(t.app, ip).post('/api/register', valid('neu-nach-limit@firma.de'));
    expect(blocked.status).toBe(429);
    expect(blocked.json().error).toMatch(/^Zu viele Versuche\. Bitte versuche es in \d+ Minuten? erneut\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'neu-nach-limit@firma.de'))).toHaveLength(0);
    // Another client is not affected.
    expect((await new Agent(t.app, '198.51.100.21').post('/api/register', valid('neu-anderswo@firma.de'))).status).toBe(200);
  });

  it('throttles repeated attempts for one address', async () => {
    const ip = '198.51.100.22';
    for (let i = 0; i < REGISTER_RULES.perAddressAndIp.limit; i++) {
      await new Agent(t.app, ip).post('/api/register', valid('Wieder-Und-Wieder@firma.de'));
    }
    const blocked = await new Agent(t.app, ip).post('/api/register', valid('wieder-und-wieder@firma.de'));
    expect(blocked.status).toBe(429);
  });
});

describe('reset links (sibling of finding 5)', () => {
  it('throttles wrong reset links per client IP; the real link still works from elsewhere', async () => {
    const team = (await createStaffedTeam(t.database.db)).team;
    const user = await createUser(t.database.db, team, { email: 'link-user@example.com' });
    await new Agent(t.app, '198.51.100.30').post('/api/reset', { email: user.email });
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec((await latestMailTo(user.email))!.text)![1]!;
    const body = (tk: string) => ({ token: tk, password: 'neuesPw1', password_confirmation: 'neuesPw1' });
    const guesser = new Agent(t.app, '198.51.100.31');
    // Looking at wrong links counts as much as submitting them.
    for (let i = 0; i < LOGIN_RULES.linkFailuresPerIp.limit; i++) {
      const wrong =
        i % 2 === 0
          ? await guesser.post('/api/reset-password', body(`geraten-${i}-xxxxxxxxxxxx`))
          : await guesser.get(`/api/reset-password/geraten-${i}-xxxxxxxxxxxx`);
      expect(wrong.json().error).toBe(COMMON_MESSAGES.resetTokenInvalid);
    }
    expect((await guesser.get(`/api/reset-password/${token}`)).status).toBe(429);
    expect((await guesser.post('/api/reset-password', body(token))).status).toBe(429);
    expect((await new Agent(t.app, '198.51.100.32').post('/api/reset-password', body(token))).status).toBe(200);
  });
});

describe('registration domains and e-mail verification', () => {
  let restricted: TestApp;
  let smtpMails: { to: string; body: string }[];
  let smtpServer: SMTPServer;

  beforeAll(async () => {
    smtpMails = [];
    smtpServer = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let body = '';
        stream.on('data', (c: Buffer) => (body += c.toString()));
        stream.on('end', () => {
          smtpMails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtpServer.listen(0, '127.0.0.1', resolve));
    const port = (smtpServer.server.address() as AddressInfo).port;
    restricted = await createTestApp({
      REGISTRATION_DOMAINS: 'firma.de, @partner.de',
      REGISTRATION_CONTACT: 'vertrieb@mika.de',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
    });
  });
  afterAll(async () => {
    await restricted?.close();
    smtpServer?.close();
  });

  it('accepts only the approved domains, with the spec message naming the contact', async () => {
    const res = await new Agent(restricted.app).post('/api/register', valid('max@gmail.com'));
    expect(res.status).toBe(422);
    expect(res.json().error).toBe('Bitte wenden Sie sich an vertrieb@mika.de für eine Registrierung');
    const ok = await new Agent(restricted.app).post('/api/register', valid('max@partner.de'));
    expect(ok.status).toBe(200);
  });

  it('with SMTP configured sends a verification link and login waits for it', async () => {
    const agent = new Agent(restricted.app);
    const res = await agent.post('/api/register', valid('vera@firma.de'));
    expect(res.json()).toMatchObject({ title: COMMON_MESSAGES.registerVerifyTitle });
    expect((await agent.get('/api/user/data')).status).toBe(401);

    const login = await agent.post('/api/login', { email: 'vera@firma.de', password: 'geheim1' });
    expect(login.status).toBe(403);
    expect(login.json().error).toBe(COMMON_MESSAGES.notVerified);

    await expect.poll(() => smtpMails.find((m) => m.to === 'vera@firma.de')).toBeTruthy();
    const mail = smtpMails.find((m) => m.to === 'vera@firma.de')!;
    const link = /http:\/\/mika\.test(\/verify-email\/[A-Za-z0-9_-]+)/.exec(mail.body.replace(/=\r?\n/g, ''));
    expect(link).not.toBeNull();
    const verify = await agent.get(link![1]!);
    expect(verify.status).toBe(302);
    expect(verify.headers.location).toContain('/feedback?status=success');
    // The link works once.
    const again = await agent.get(link![1]!);
    expect(again.headers.location).toContain('status=error');

    expect((await agent.post('/api/login', { email: 'vera@firma.de', password: 'geheim1' })).status).toBe(200);
  });
});

describe('POST /api/login and /api/logout', () => {
  it('logs in with the right password only, and logout ends the session', async () => {
    const { employee } = await createStaffedTeam(t.database.db);
    const wrong = await new Agent(t.app).post('/api/login', { email: employee.email, password: 'falsch!' });
    expect(wrong.status).toBe(422);
    expect(wrong.json().error).toBe(COMMON_MESSAGES.invalidCredentials);

    const unknown = await new Agent(t.app).post('/api/login', { email: 'niemand@example.com', password: 'x' });
    expect(unknown.status).toBe(422);
    expect(unknown.json().error).toBe(COMMON_MESSAGES.invalidCredentials);

    const agent = await loginAs(t, employee);
    const sessionCookie = agent.cookies.get('mika_session');
    expect((await agent.get('/api/user/data')).json().user.email).toBe(employee.email);

    expect((await agent.post('/api/logout')).status).toBe(200);
    expect((await agent.get('/api/user/data')).json()).toEqual({ message: 'Unauthenticated.' });
    // The old cookie value is dead on the server too, not just forgotten by the browser.
    const replay = new Agent(t.app);
    replay.cookies.set('mika_session', sessionCookie!);
    expect((await replay.get('/api/user/data')).status).toBe(401);
  });

  it('rotates the session id at login', async () => {
    const { employee } = await createStaffedTeam(t.database.db);
    const agent = await loginAs(t, employee);
    const first = agent.cookies.get('mika_session');
    await agent.post('/api/login', { email: employee.email, password: DEFAULT_PASSWORD });
    expect(agent.cookies.get('mika_session')).not.toBe(first);
    const replay = new Agent(t.app);
    replay.cookies.set('mika_session', first!);
    expect((await replay.get('/api/user/data')).status).toBe(401);
  });

  it('throttles failures per account and IP without locking the user out elsewhere', async () => {
    const { employee } = await createStaffedTeam(t.database.db);
    const attacker = new Agent(t.app, '203.0.113.9');
    for (let i = 0; i < 5; i++) {
      expect((await attacker.post('/api/login', { email: employee.email, password: `falsch${i}` })).status).toBe(422);
    }
    const blocked = await attacker.post('/api/login', { email: employee.email, password: DEFAULT_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.json().error).toMatch(/^Zu viele Versuche\. Bitte versuche es in \d+ Minuten? erneut\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The real user on another address still gets in.
    await loginAs(t, employee, DEFAULT_PASSWORD, '198.51.100.7');
  });

  it('counts sign-ins per client IP up to the operator\'s setting (an office behind one address)', async () => {
    expect(loadConfig({}).loginsPerIp).toEqual({ limit: 50, windowMs: 15 * 60_000 });
    expect(() => loadConfig({ LOGINS_PER_IP_PER_15_MINUTES: '0' })).toThrow(/LOGINS_PER_IP_PER_15_MINUTES/);
    const office = await createTestApp({ LOGINS_PER_IP_PER_15_MINUTES: '3' });
    try {
      const { owner, admin, employee } = await createStaffedTeam(office.database.db);
      const officeIp = '192.0.2.40';
      for (const colleague of [owner, admin, employee]) await loginAs(office, colleague, DEFAULT_PASSWORD, officeIp);
      const fourthAgent = new Agent(office.app, officeIp);
      const fourth = await fourthAgent.post('/api/login', { email: owner.email, password: DEFAULT_PASSWORD });
      expect(fourth.status).toBe(429);
      expect(fourth.json().error).toMatch(/^Zu viele Versuche\. Bitte versuche es in \d+ Minuten? erneut\.$/);
      expect(fourthAgent.cookies.has('mika_session')).toBe(false);
      // From another address the same person signs in.
      await loginAs(office, owner, DEFAULT_PASSWORD, '192.0.2.41');
    } finally {
      await office.close();
    }
  });

  it('refuses users of a deleted team', async () => {
    const { team, employee } = await createStaffedTeam(t.database.db);
    const agent = await loginAs(t, employee);
    await t.database.db.update(teams).set({ deletedAt: new Date() }).where(eq(teams.id, team.id));
    expect((await agent.get('/api/user/data')).status).toBe(401);
    expect((await new Agent(t.app).post('/api/login', { email: employee.email, password: DEFAULT_PASSWORD })).status).toBe(422);
  });
});

describe('password reset', () => {
  it('answers noemail for an unknown address', async () => {
    const res = await new Agent(t.app).post('/api/reset', { email: 'unbekannt@example.com' });
    expect(res.status).toBe(200);
    expect(res.body).toBe('noemail');
  });

  it('mails a single-use link that sets a new password and ends all sessions', async () => {
    const team = (await createStaffedTeam(t.database.db)).team;
    const user = await createUser(t.database.db, team, { email: 'reset-me@example.com' });
    const oldSession = await loginAs(t, user);

    const res = await new Agent(t.app).post('/api/reset', { email: 'Reset-Me@example.com' });
    expect(res.json()).toMatchObject({ status: 'success', title: COMMON_MESSAGES.resetSentTitle });
    const mail = await latestMailTo('reset-me@example.com');
    expect(mail?.subject).toBe('Passwort zurücksetzen');
    expect(mail?.html).toContain('<a href="http://mika.test/reset-password/');
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    // The page asks first whether the link works; looking changes nothing.
    const peek = await new Agent(t.app).get(`/api/reset-password/${token}`);
    expect(peek.status).toBe(200);
    expect(peek.json()).toEqual({ purpose: 'reset', name: user.name, team: team.name });
    expect((await new Agent(t.app).get(`/api/reset-password/${token}`)).status).toBe(200);

    const mismatch = await new Agent(t.app).post('/api/reset-password', {
      token,
      password: 'neuesPw1',
      password_confirmation: 'anderes',
    });
    expect(mismatch.json().fields.password_confirmation[0]).toBe(COMMON_MESSAGES.confirmationMismatch);

    const done = await new Agent(t.app).post('/api/reset-password', {
      token,
      password: 'neuesPw1',
      password_confirmation: 'neuesPw1',
    });
    expect(done.status).toBe(200);
    expect(done.json()).toMatchObject({ status: 'success', btnUrl: '/login', btnText: COMMON_MESSAGES.toLogin });

    expect((await oldSession.get('/api/user/data')).status).toBe(401);
    await loginAs(t, user, 'neuesPw1');
    const old = await new Agent(t.app).post('/api/login', { email: user.email, password: DEFAULT_PASSWORD });
    expect(old.status).toBe(422);

    const reused = await new Agent(t.app).post('/api/reset-password', {
      token,
      password: 'nochmal1',
      password_confirmation: 'nochmal1',
    });
    expect(reused.status).toBe(422);
    expect(reused.json().error).toBe(COMMON_MESSAGES.resetTokenInvalid);
    // …and the page says so before anything is typed.
    const spent = await new Agent(t.app).get(`/api/reset-password/${token}`);
    expect(spent.status).toBe(404);
    expect(spent.json().error).toBe(COMMON_MESSAGES.resetTokenInvalid);
  });

  it('shows an invitation link as one: the team and person it is for, for the welcome and the stricter rules', async () => {
    const team = (await createStaffedTeam(t.database.db)).team;
    const user = await createUser(t.database.db, team, { name: 'Ina Eingeladen' });
    await issueInvitationToken(t.database.db, user.id, 'einladung-xxxxxxxxxxxxxxxx', 60_000);
    const peek = await new Agent(t.app).get('/api/reset-password/einladung-xxxxxxxxxxxxxxxx');
    expect(peek.json()).toEqual({ purpose: 'invite', name: 'Ina Eingeladen', team: team.name });
    const weak = await new Agent(t.app).post('/api/reset-password', {
      token: 'einladung-xxxxxxxxxxxxxxxx',
      password: 'schwach1',
      password_confirmation: 'schwach1',
    });
    expect(weak.status).toBe(422);
    // The refused password spent nothing: the link still works.
    expect((await new Agent(t.app).get('/api/reset-password/einladung-xxxxxxxxxxxxxxxx')).status).toBe(200);
  });

  it('refuses an expired link and leaves the password unchanged', async () => {
    const team = (await createStaffedTeam(t.database.db)).team;
    const user = await createUser(t.database.db, team);
    await new Agent(t.app).post('/api/reset', { email: user.email });
    const mail = await latestMailTo(user.email);
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    await t.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, user.id));
    expect((await new Agent(t.app).get(`/api/reset-password/${token}`)).status).toBe(404);
    const res = await new Agent(t.app).post('/api/reset-password', {
      token,
      password: 'neuesPw1',
      password_confirmation: 'neuesPw1',
    });
    expect(res.status).toBe(422);
    await loginAs(t, user);
  });

  it('throttles reset requests per address and IP', async () => {
    const team = (await createStaffedTeam(t.database.db)).team;
    const user = await createUser(t.database.db, team);
    const agent = new Agent(t.app, '192.0.2.44');
    for (let i = 0; i < 3; i++) expect((await agent.post('/api/reset', { email: user.email })).status).toBe(200);
    const res = await agent.post('/api/reset', { email: user.email });
    expect(res.status).toBe(429);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mails).toHaveLength(3);
  });
});

describe('GET /api/user/data', () => {
  it('answers 401 with the message the client reloads on', async () => {
    const res = await new Agent(t.app).get('/api/user/data');
    expect(res.status).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('derives permissions from role and plan limits', async () => {
    const { team, owner, employee } = await createStaffedTeam(t.database.db, { plan: 'solo' });
    // Solo allows 2 users; the staffed team has 3 already.
    const ownerData = (await (await loginAs(t, owner)).get('/api/user/data')).json();
    expect(ownerData.permissions).toEqual({ canCreateAssistant: true, canCreateUser: false, canTakeLive: true });
    expect(ownerData.trailSecondsRemaining).toBe(0);
    expect(ownerData.teamName).toBe(team.name);
    const employeeData = (await (await loginAs(t, employee)).get('/api/user/data')).json();
    expect(employeeData.user.is_admin).toBe(false);
    expect(employeeData.permissions).toEqual({ canCreateAssistant: false, canCreateUser: false, canTakeLive: false });
  });
});
