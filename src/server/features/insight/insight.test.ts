import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { Agent } from '../../../../tests/setup/agent.ts';
import { addKnowledge } from '../../../../tests/setup/knowledge.ts';
import { createAssistant, createStaffedTeam, createTeam, createUser, DEFAULT_PASSWORD, loginAs } from '../../../../tests/factories/index.ts';
import { auditLog, assistants, creditLedger, knowledgeFiles, mailOutbox, sessions, teams, threads, users } from '../../db/schema/index.ts';
import { INSIGHT_MESSAGES } from '../../../shared/messages.ts';
import { enqueueDuePurges } from './team-deletion.ts';

// The operator area (issue 15, docs/product/operator-area.md): every call as superadmin with its effect where the team
// sees it, and refused for everyone else; live login; deletion, restore and purge.

let t: TestApp;
let support: Agent;
let operator: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp({ AI_OFFLINE_WORD_DELAY_MS: '0', LIVE_LOGIN_MINUTES: '60', TEAM_RETENTION_DAYS: '30' });
  const operatorTeam = await createTeam(t.database.db, { plan: 'agency', name: 'Mika Betrieb' });
  operator = await createUser(t.database.db, operatorTeam, { isAdmin: true, isSuperadmin: true, role: 'owner', name: 'Sina Support' });
  support = await loginAs(t, operator);
});
afterAll(async () => t?.close());

const teamRow = async (id: number) => (await t.database.db.select().from(teams).where(eq(teams.id, id)))[0]!;
const auditOf = (teamId: number) => t.database.db.select().from(auditLog).where(eq(auditLog.teamId, teamId));

describe('Insight list and detail', () => {
  it('lists teams 100 per page with usage, searchable by team name and e-mail, sortable', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db, { name: 'Bäckerei Sonnenschein' });
    await createAssistant(t.database.db, team);
    const byName = await support.get('/api/insight?search=sonnenschein');
    expect(byName.status).toBe(200);
    const row = byName.json().data.find((r: { uuid: string }) => r.uuid === team.uuid);
    expect(row).toMatchObject({ name: 'Bäckerei Sonnenschein', amount_used_users: 3, amount_used_mikas: 1, owner_email: owner.email, deleted_at: null });
    expect(row.subscription_info).toContain('Team');
    const byMail = (await support.get(`/api/insight?search=${encodeURIComponent(owner.email.toUpperCase())}`)).json();
    expect(byMail.data.map((r: { uuid: string }) => r.uuid)).toEqual([team.uuid]);
    // A search term's wildcards are taken literally.
    expect((await support.get('/api/insight?search=%25')).json().total).toBe(0);

    for (let i = 0; i < 101; i++) await createTeam(t.database.db, { name: `Seitenteam ${String(i).padStart(3, '0')}`, credits: 0 });
    const first = (await support.get('/api/insight?search=Seitenteam&sort=name&direction=desc')).json();
    expect(first).toMatchObject({ per_page: 100, total: 101, last_page: 2, current_page: 1 });
    expect(first.data).toHaveLength(100);
    expect(first.data[0].name).toBe('Seitenteam 100');
    const second = (await support.get('/api/insight?search=Seitenteam&sort=name&direction=desc&page=2')).json();
    expect(second.data.map((r: { name: string }) => r.name)).toEqual(['Seitenteam 000']);
    expect((await support.get('/api/insight?sort=passwort')).status).toBe(422);
  });

  it('shows a team with its plans, amounts and extras; an unknown team is 404', async () => {
    const { team } = await createStaffedTeam(t.database.db, { plan: 'team' });
    const detail = (await support.get(`/api/insight/getinsightofteam/${team.uuid}`)).json();
    expect(detail).toMatchObject({ uuid: team.uuid, currentPriceId: 'team:monthly', amount_mikas: 5, amount_users: 5, amount_extra_users: 0, billing_provider: 'invoice' });
    expect(detail.prices.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining(['trial', 'solo:monthly', 'agency:yearly', 'other']));
    expect((await support.get('/api/insight/getinsightofteam/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('operator changes, visible to the team at once and audited', () => {
  it('plan, included services, extras and trial', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db, { plan: 'solo' });
    const ownerA = await loginAs(t, owner);

    let res = await support.post('/api/insight/updatesubscription', { teamUuid: team.uuid, newPriceId: 'agency:yearly' });
    expect(res.json()).toEqual({ status: 'success', message: 'Abo wurde angepasst' });
    let data = (await ownerA.get('/api/user/data')).json();
    expect(data).toMatchObject({ slug: 'agency', billingPeriod: 'yearly' });
    expect((await ownerA.get('/api/shop')).json()).toMatchObject({ userLimitRegular: 10, assistantLimitRegular: 10 });
    expect((await support.post('/api/insight/updatesubscription', { teamUuid: team.uuid, newPriceId: 'gold:monthly' })).status).toBe(422);

    res = await support.post('/api/insight/updateamountassets', { teamUuid: team.uuid, amountUsers: 12, amountMikas: 7, amountPublicLicences: 4 });
    expect(res.json().message).toBe('Leistungen wurde angepasst');
    expect((await ownerA.get('/api/shop')).json()).toMatchObject({ userLimitRegular: 12, assistantLimitRegular: 7 });
    expect((await support.post('/api/insight/updateamountassets', { teamUuid: team.uuid, amountUsers: -1, amountMikas: 7, amountPublicLicences: 4 })).status).toBe(422);

    // Extras: the minus at 0 is refused and changes nothing; add/cancel change the limits at once.
    res = await support.post('/api/insight/cancelextraitem', { teamUuid: team.uuid, qty: 1, itemType: 'user' });
    expect(res.status).toBe(422);
    expect(res.json().error).toBe(INSIGHT_MESSAGES.extrasBelowZero);
    res = await support.post('/api/insight/addextraitem', { teamUuid: team.uuid, qty: 2, itemType: 'user' });
    expect(res.json().message).toBe('Extras wurden angepasst');
    await support.post('/api/insight/addextraitem', { teamUuid: team.uuid, qty: 1, itemType: 'public_licence' });
    expect((await ownerA.get('/api/shop')).json()).toMatchObject({ userLimitRegular: 12, userAddons: 2 });
    expect((await teamRow(team.id)).amountExtraPublicLicences).toBe(1);
    await support.post('/api/insight/cancelextraitem', { teamUuid: team.uuid, qty: 2, itemType: 'user' });
    expect((await ownerA.get('/api/shop')).json()).toMatchObject({ userAddons: 0 });

    // Trial: only without a booked plan; then the countdown shows the new end.
    const inTwoMonths = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    res = await support.post('/api/insight/changetrialperiod', { teamUuid: team.uuid, trialEndsAt: inTwoMonths });
    expect(res.status).toBe(409);
    expect(res.json().error).toBe(INSIGHT_MESSAGES.trialOnlyForTrial);
    await support.post('/api/insight/updatesubscription', { teamUuid: team.uuid, newPriceId: 'trial' });
    res = await support.post('/api/insight/changetrialperiod', { teamUuid: team.uuid, trialEndsAt: inTwoMonths });
    expect(res.json().message).toBe('Testzeitraum wurde angepasst');
    data = (await ownerA.get('/api/user/data')).json();
    expect(data.slug).toBe('trial');
    expect(data.trailSecondsRemaining).toBeGreaterThan(59 * 86_400);
    expect((await support.post('/api/insight/changetrialperiod', { teamUuid: team.uuid, trialEndsAt: '2001-01-01' })).status).toBe(422);
    expect((await support.post('/api/insight/changetrialperiod', { teamUuid: team.uuid, trialEndsAt: '2099-02-30' })).status).toBe(422);

    const actions = (await auditOf(team.id)).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['plan.changed', 'amounts.changed', 'extras.added', 'extras.cancelled', 'trial.changed']),
    );
    const plan = (await auditOf(team.id)).find((e) => e.action === 'plan.changed')!;
    expect(plan.actorLabel).toContain(operator.email);
    expect(plan.detail).toMatchObject({ before: { plan: 'solo:monthly' }, after: { plan: 'agency:yearly' } });
    const list = (await support.get(`/api/insight/audit/${team.uuid}`)).json();
    expect(list[0].action).toBe('trial.changed');
    // The audit log is append-only, also for the database user of the app.
    await expect(t.database.db.delete(auditLog).where(eq(auditLog.teamId, team.id))).rejects.toThrow();
    await expect(t.database.db.update(auditLog).set({ action: 'x' }).where(eq(auditLog.teamId, team.id))).rejects.toThrow();
  });

  it('promotion codes: kept by superadmins, applied to a team, discount on its next invoices', async () => {
    const { team } = await createStaffedTeam(t.database.db, { plan: 'team' });
    expect((await support.post('/api/insight/promotioncodes', { code: 'WILLKOMMEN20', percent_off: 20, duration_months: 3 })).status).toBe(200);
    expect((await support.post('/api/insight/promotioncodes', { code: 'willkommen20', percent_off: 10 })).status).toBe(422);
    expect((await support.post('/api/insight/promotioncodes', { code: 'BEIDES', percent_off: 10, amount_off_cents: 500 })).status).toBe(422);
    let res = await support.post('/api/insight/applypromotioncode', { teamUuid: team.uuid, promotionCode: 'GIBTSNICHT' });
    expect(res.status).toBe(422);
    expect(res.json().error).toBe(INSIGHT_MESSAGES.promotionCodeUnknown);
    res = await support.post('/api/insight/applypromotioncode', { teamUuid: team.uuid, promotionCode: 'willkommen20' });
    expect(res.json().message).toBe('Gutschein wird angewendet');
    const detail = (await support.get(`/api/insight/getinsightofteam/${team.uuid}`)).json();
    expect(detail.discount).toMatchObject({ code: 'WILLKOMMEN20', percent_off: 20 });
    const codes = (await support.get('/api/insight/promotioncodes')).json();
    const code = codes.find((c: { code: string }) => c.code === 'WILLKOMMEN20');
    expect(code.redemptions).toBe(1);

    // The team's next booking is invoiced with the discount as a credit line.
    const { owner } = { owner: (await t.database.db.select().from(users).where(eq(users.teamId, team.id))).find((u) => u.role === 'owner')! };
    const ownerA = await loginAs(t, owner);
    expect(
      (
        await ownerA.put('/api/billing/address', {
          company: 'Rabatt GmbH',
          street: 'Hauptstraße 1',
          postcode: '10115',
          city: 'Berlin',
          country: 'DE',
          vat_id: '',
          invoice_email: 'rechnung@rabatt.example',
        })
      ).status,
    ).toBe(200);
    expect((await ownerA.post('/api/shop/user', { qty: 1 })).status).toBe(200);
    const invoices = (await ownerA.get('/api/billing/invoices')).json().invoices;
    // 59,00 € − 20 % = 47,20 € net.
    expect(invoices[0].total_cents).toBe(Math.floor((4720 * 119 + 50) / 100));

    expect((await support.delete(`/api/insight/promotioncodes/${code.id}`)).status).toBe(200);
    res = await support.post('/api/insight/applypromotioncode', { teamUuid: team.uuid, promotionCode: 'WILLKOMMEN20' });
    expect(res.status).toBe(422);
  });
});

describe('mail outbox for support', () => {
  it("shows the team's mails with every link token redacted, never another team's", async () => {
    const { team, employee } = await createStaffedTeam(t.database.db);
    const other = await createStaffedTeam(t.database.db);
    const visitor = new Agent(t.app, '192.0.2.170');
    expect((await visitor.post('/api/reset', { email: employee.email })).status).toBe(200);
    expect((await visitor.post('/api/reset', { email: other.employee.email })).status).toBe(200);
    const [stored] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, employee.email));
    const token = /\/reset-password\/([^\s/?#]+)/.exec(stored!.text)![1]!;

    const res = await support.get(`/api/insight/outbox/${team.uuid}`);
    expect(res.status).toBe(200);
    const outbox = res.json();
    expect(outbox.smtp).toBe(false);
    expect(outbox.mails.map((m: { to: string }) => m.to)).toEqual([employee.email]);
    expect(outbox.mails[0].text).toContain('/reset-password/[entfernt]');
    expect(res.body).not.toContain(token);
    expect(res.body).not.toContain(other.employee.email);
  });
});

describe('only superadmins', () => {
  it('refuses owner, admin, employee (403) and anonymous (401) and changes nothing', async () => {
    const { team, owner, admin, employee } = await createStaffedTeam(t.database.db, { plan: 'team' });
    const before = await teamRow(team.id);
    const calls: [string, string, unknown][] = [
      ['GET', '/api/insight', undefined],
      ['GET', `/api/insight/getinsightofteam/${team.uuid}`, undefined],
      ['GET', `/api/insight/outbox/${team.uuid}`, undefined],
      ['POST', '/api/insight/addextraitem', { teamUuid: team.uuid, qty: 5, itemType: 'mika' }],
      ['POST', '/api/insight/updateamountassets', { teamUuid: team.uuid, amountUsers: 99, amountMikas: 99, amountPublicLicences: 9 }],
      ['POST', '/api/insight/updatesubscription', { teamUuid: team.uuid, newPriceId: 'agency:yearly' }],
      ['POST', '/api/insight/changetrialperiod', { teamUuid: team.uuid, trialEndsAt: '2099-01-01' }],
      ['POST', '/api/insight/livelogin', { teamUuid: team.uuid }],
      ['DELETE', '/api/insight/team', { teamUuid: team.uuid, deleteStripeCustomer: 0, softDelete: 1 }],
    ];
    for (const [who, agent, status] of [
      ['owner', await loginAs(t, owner), 403],
      ['admin', await loginAs(t, admin), 403],
      ['employee', await loginAs(t, employee), 403],
      ['anonymous', new Agent(t.app), 401],
    ] as const) {
      for (const [method, url, body] of calls) {
        const res = await agent.request(method as 'GET', url, body);
        expect(res.status, `${who} ${method} ${url}`).toBe(status);
      }
    }
    expect(await teamRow(team.id)).toEqual(before);
    expect(await auditOf(team.id)).toHaveLength(0);
  });
});

describe('live login', () => {
  it('enters as the owner, sees the library, changes an assistant (audited), leaves', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db, { plan: 'team', name: 'Autohaus Kurz' });
    const a = await createAssistant(t.database.db, team, { name: 'Mika Werkstatt' });
    const op = await loginAs(t, operator);
    const res = await op.post('/api/insight/livelogin', { teamUuid: team.uuid, reason: 'Ticket 4711' });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ marker: { status: true, teamName: 'Autohaus Kurz' } });
    expect(op.cookies.has('mika_live')).toBe(true);

    const data = (await op.get('/api/user/data')).json();
    expect(data.user.email).toBe(owner.email);
    expect(data.liveLogin).toMatchObject({ teamName: 'Autohaus Kurz', operatorName: 'Sina Support' });
    const library = (await op.get('/api/assistants/')).json();
    expect(JSON.stringify(library)).toContain('Mika Werkstatt');

    // A change during the live login is audited with the operator as the actor.
    const edit = await op.put('/api/assistant', { assistant: { uuid: a.uuid, button_color: '#123456' } });
    expect(edit.status, edit.body).toBe(200);
    // Insight is closed during a live login: no nested live login.
    const nested = await op.post('/api/insight/livelogin', { teamUuid: team.uuid });
    expect(nested.status).toBe(403);
    expect(nested.json().error).toBe(INSIGHT_MESSAGES.liveLoginNested);
    // E-mail address and password stay untouched.
    const pw = await op.put('/api/user', {
      user: { uuid: owner.uuid, name: owner.name, email: owner.email },
      password: { password: 'Neu#Geheim2026', password_confirmation: 'Neu#Geheim2026' },
    });
    expect(pw.status).toBe(403);
    expect(pw.json().error).toBe(INSIGHT_MESSAGES.liveLoginForbidden);
    const mail = await op.put('/api/user', { user: { uuid: owner.uuid, name: owner.name, email: 'uebernahme@example.com' } });
    expect(mail.status).toBe(403);
    // Nor does it mint access that outlives it: no new user with a password, no API key (issue 25).
    const admin = await op.post('/api/user', {
      name: 'Hintertür',
      email: 'hintertuer@example.com',
      is_admin: true,
      invitation: false,
      password: { password: 'Sicher#2026', password_confirmation: 'Sicher#2026' },
    });
    expect(admin.status).toBe(403);
    expect(admin.json().error).toBe(INSIGHT_MESSAGES.liveLoginGrantsAccess);
    const key = await op.post('/api/apikeys', { name: 'Hintertür', scope: 'all' });
    expect(key.status).toBe(403);
    expect(key.json().error).toBe(INSIGHT_MESSAGES.liveLoginGrantsAccess);
    expect((await loginAs(t, owner).then((o) => o.get('/api/apikeys'))).json()).toMatchObject({ keys: [] });
    await loginAs(t, owner, DEFAULT_PASSWORD);

    expect((await op.post('/api/livelogin/end')).json().message).toBe('Live-Login beendet');
    const back = (await op.get('/api/user/data')).json();
    expect(back.user.email).toBe(operator.email);
    expect(back.liveLogin).toBeNull();

    const entries = await auditOf(team.id);
    const started = entries.find((e) => e.action === 'live_login.started')!;
    expect(started.detail).toMatchObject({ reason: 'Ticket 4711' });
    const changes = entries.filter((e) => e.action === 'live_login.request');
    expect(changes.map((e) => e.detail.path)).toContain('/api/assistant');
    expect(changes.every((e) => e.actorUserId === operator.id && e.liveSessionId === started.liveSessionId)).toBe(true);
    expect(entries.some((e) => e.action === 'live_login.ended' && e.detail.how === 'left')).toBe(true);

    // The team's admins see the access under Datenschutz → Support-Zugriffe.
    const ownerA = await loginAs(t, owner);
    const accesses = (await ownerA.get('/api/dataprotection/supportaccess')).json();
    expect(accesses).toHaveLength(1);
    expect(accesses[0]).toMatchObject({ operator: 'Sina Support', reason: 'Ticket 4711', changes: 1 });
    expect(accesses[0].ended_at).not.toBeNull();
  });

  it('ends when it expires, when the superadmin right goes, and is never a session of its own', async () => {
    const { team } = await createStaffedTeam(t.database.db, { plan: 'team' });
    const second = await createUser(t.database.db, (await t.database.db.select().from(teams).where(eq(teams.id, operator.teamId)))[0]!, {
      isSuperadmin: true,
      isAdmin: true,
    });
    const op = await loginAs(t, second);
    await op.post('/api/insight/livelogin', { teamUuid: team.uuid });
    const liveToken = op.cookies.get('mika_live')!;
    // The live cookie alone (without the operator's session, or as a session cookie) is nothing.
    const thief = new Agent(t.app);
    thief.cookies.set('mika_live', liveToken);
    expect((await thief.get('/api/user/data')).status).toBe(401);
    thief.cookies.set('mika_session', liveToken);
    expect((await thief.get('/api/user/data')).status).toBe(401);

    // Expiry.
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.operatorUserId, second.id));
    const expired = await op.get('/api/user/data');
    expect(expired.json().user.email).toBe(second.email);
    expect(op.cookies.has('mika_live')).toBe(false);
    expect((await auditOf(team.id)).some((e) => e.action === 'live_login.ended' && e.detail.how === 'expired')).toBe(true);

    // Revoked right.
    await op.post('/api/insight/livelogin', { teamUuid: team.uuid });
    expect((await op.get('/api/user/data')).json().liveLogin).not.toBeNull();
    await t.database.db.update(users).set({ isSuperadmin: false }).where(eq(users.id, second.id));
    const revoked = (await op.get('/api/user/data')).json();
    expect(revoked.user.email).toBe(second.email);
    expect(revoked.liveLogin).toBeNull();
    expect((await t.database.db.select().from(sessions).where(eq(sessions.operatorUserId, second.id)))).toHaveLength(0);
  });
});

describe('team deletion', () => {
  it('soft: members cannot sign in, the public chat is gone, the row shows deleted-at; restore brings it back', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db, { plan: 'team' });
    const pub = await createAssistant(t.database.db, team, { isPublic: true });
    const visitor = new Agent(t.app, '192.0.2.150');
    expect((await visitor.get(`/api/assistant/${pub.uuid}`)).status).toBe(200);

    const res = await support.delete('/api/insight/team', { teamUuid: team.uuid, deleteStripeCustomer: 0, softDelete: 1 });
    expect(res.json()).toEqual({ status: 'success', message: 'Team wurde mit allen Daten gelöscht' });
    expect((await new Agent(t.app).post('/api/login', { email: owner.email, password: DEFAULT_PASSWORD })).status).not.toBe(200);
    expect((await visitor.get(`/api/assistant/${pub.uuid}`)).status).toBe(404);
    const row = (await support.get(`/api/insight?search=${encodeURIComponent(team.name)}`)).json().data[0];
    expect(row.deleted_at).not.toBeNull();
    const detail = (await support.get(`/api/insight/getinsightofteam/${team.uuid}`)).json();
    expect(Date.parse(detail.purge_at) - Date.parse(detail.deleted_at)).toBe(30 * 86_400_000);
    // Stripe is not configured: deleting its customer is refused.
    expect((await support.delete('/api/insight/team', { teamUuid: team.uuid, deleteStripeCustomer: 1, softDelete: 0 })).status).toBe(422);

    expect((await support.post('/api/insight/restoreteam', { teamUuid: team.uuid })).json().message).toBe('Team wurde wiederhergestellt');
    expect((await new Agent(t.app).post('/api/login', { email: owner.email, password: DEFAULT_PASSWORD })).status).toBe(200);
    expect((await visitor.get(`/api/assistant/${pub.uuid}`)).status).toBe(200);
  });

  it('the operator cannot delete their own team', async () => {
    const own = await t.database.db.select().from(teams).where(eq(teams.id, operator.teamId));
    const res = await support.delete('/api/insight/team', { teamUuid: own[0]!.uuid, deleteStripeCustomer: 0, softDelete: 1 });
    expect(res.status).toBe(409);
  });

  it('hard: no row and no file of the team remains; other teams keep theirs', async () => {
    const doomed = await createStaffedTeam(t.database.db, { plan: 'team' });
    const kept = await createStaffedTeam(t.database.db, { plan: 'team' });
    const doomedA = await createAssistant(t.database.db, doomed.team);
    const keptA = await createAssistant(t.database.db, kept.team);
    await addKnowledge(await loginAs(t, doomed.owner), doomedA.uuid, { name: 'geheim.txt', data: Buffer.from('Interne Preisliste des Teams.') });
    await addKnowledge(await loginAs(t, kept.owner), keptA.uuid, { name: 'bleibt.txt', data: Buffer.from('Diese Datei bleibt.') });
    const [doomedFile] = await t.database.db.select().from(knowledgeFiles).where(eq(knowledgeFiles.assistantId, doomedA.id));
    const [keptFile] = await t.database.db.select().from(knowledgeFiles).where(eq(knowledgeFiles.assistantId, keptA.id));
    const dir = path.join(t.config.dataDir, 'private', 'knowledge');
    const exists = (name: string) => fs.stat(path.join(dir, name)).then(() => true, () => false);
    expect(await exists(doomedFile!.storedName)).toBe(true);

    const res = await support.delete('/api/insight/team', { teamUuid: doomed.team.uuid, deleteStripeCustomer: 0, softDelete: 0 });
    expect(res.status).toBe(200);
    // The purge runs as a job (it survives a restart); wait for it.
    for (let i = 0; i < 100 && (await t.database.db.select().from(teams).where(eq(teams.id, doomed.team.id))).length > 0; i++) {
      await new Promise((r) => setTimeout(r, 200));
    }
    const db = t.database.db;
    const remaining = {
      users: await db.select().from(users).where(eq(users.teamId, doomed.team.id)),
      assistants: await db.select().from(assistants).where(eq(assistants.teamId, doomed.team.id)),
      knowledgeFiles: await db.select().from(knowledgeFiles).where(eq(knowledgeFiles.assistantId, doomedA.id)),
      credits: await db.select().from(creditLedger).where(eq(creditLedger.teamId, doomed.team.id)),
      threads: await db.select().from(threads).where(eq(threads.assistantId, doomedA.id)),
    };
    for (const [table, rows] of Object.entries(remaining)) expect(rows, table).toHaveLength(0);
    expect(await teamRowMissing(doomed.team.id)).toBe(true);
    expect(await exists(doomedFile!.storedName)).toBe(false);
    expect(await exists(keptFile!.storedName)).toBe(true);
    expect((await t.database.db.select().from(assistants).where(eq(assistants.id, keptA.id)))).toHaveLength(1);
    // The audit entries outlive the team.
    expect((await auditOf(doomed.team.id)).map((e) => e.action)).toEqual(expect.arrayContaining(['team.deleted', 'team.purged']));
    // A hard-deleted team cannot be restored.
    expect((await support.post('/api/insight/restoreteam', { teamUuid: doomed.team.uuid })).status).toBe(404);
  });

  it('soft-deleted teams are purged after the retention period by the scheduled job', async () => {
    const old = await createStaffedTeam(t.database.db, { plan: 'team' });
    const recent = await createStaffedTeam(t.database.db, { plan: 'team' });
    await support.delete('/api/insight/team', { teamUuid: old.team.uuid, deleteStripeCustomer: 0, softDelete: 1 });
    await support.delete('/api/insight/team', { teamUuid: recent.team.uuid, deleteStripeCustomer: 0, softDelete: 1 });
    await t.database.db.update(teams).set({ deletedAt: new Date(Date.now() - 31 * 86_400_000) }).where(eq(teams.id, old.team.id));
    expect(await enqueueDuePurges(t.deps)).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 100 && !(await teamRowMissing(old.team.id)); i++) await new Promise((r) => setTimeout(r, 200));
    expect(await teamRowMissing(old.team.id)).toBe(true);
    expect(await teamRowMissing(recent.team.id)).toBe(false);
  });
});

async function teamRowMissing(id: number) {
  return (await t.database.db.select().from(teams).where(eq(teams.id, id))).length === 0;
}
