import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { assistants, teams } from '../../db/schema/index.ts';
import { Agent } from '../../../../tests/setup/agent.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import {
  createAssistant,
  createStaffedTeam,
  createTeam,
  createUser,
  grantRights,
  loginAs,
} from '../../../../tests/factories/index.ts';
import { ASSISTANT_MESSAGES } from '../../../shared/messages.ts';
import { multipartBody, pngHeaderOnly } from '../../../../tests/fixtures/media.ts';
import sharp from 'sharp';
import { LOGO_MAX_EDGE } from './assistant.service.ts';
import { CHAT_STYLES } from '../../../shared/schemas/assistants.ts';
import type { Assistant, Team } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const validCreate = (type: 'chat' | 'task' | 'image' = 'chat') => ({
  type,
  is_public: 0,
  name: 'Mika Vertrieb',
  role: 'Du bist unsere Vertriebsassistenz für Angebote und Kundenanfragen.',
  task: 'Du hilfst beim Schreiben von Angeboten, beantwortest Fragen zu unseren Produkten. '.repeat(4),
  style: CHAT_STYLES[0],
  can_talk: 0,
});

describe('assistant rights matrix', () => {
  let team: Team;
  let own: Assistant;
  let published: Assistant;
  let defaultAssistant: Assistant | undefined;
  const agents: Record<string, Agent> = {};

  beforeAll(async () => {
    const staffed = await createStaffedTeam(t.database.db, { plan: 'team' });
    team = staffed.team;
    own = await createAssistant(t.database.db, team, { name: 'Mika Intern' });
    published = await createAssistant(t.database.db, team, { name: 'Mika Öffentlich', isPublic: true });
    [defaultAssistant] = await t.database.db.select().from(assistants).where(eq(assistants.isDefault, true)).limit(1);

    const user = await createUser(t.database.db, team, { name: 'Nutzt Nur' });
    await grantRights(t.database.db, user, own, { canUse: true });
    const editor = await createUser(t.database.db, team, { name: 'Darf Anpassen' });
    await grantRights(t.database.db, editor, own, { canUse: true, canEdit: true });

    const other = await createStaffedTeam(t.database.db);
    const operatorTeam = await createTeam(t.database.db, { plan: 'other' });
    const superadmin = await createUser(t.database.db, operatorTeam, { isAdmin: true, isSuperadmin: true, role: 'owner' });
    const trialTeam = await createTeam(t.database.db, { plan: 'trial' });
    const trialAdmin = await createUser(t.database.db, trialTeam, { isAdmin: true, isSuperadmin: true, role: 'owner' });

    agents.anonymous = new Agent(t.app);
    agents.employee = await loginAs(t, staffed.employee);
    agents.canUse = await loginAs(t, user);
    agents.canEdit = await loginAs(t, editor);
    agents.admin = await loginAs(t, staffed.admin);
    agents.owner = await loginAs(t, staffed.owner);
    agents.otherAdmin = await loginAs(t, other.admin);
    agents.superadmin = await loginAs(t, superadmin);
    agents.trialSuperadmin = await loginAs(t, trialAdmin);
  });

  async function statusOf(who: string, call: (a: Agent) => Promise<{ status: number }>) {
    return (await call(agents[who]!)).status;
  }

  it('lists the default assistants and only the own team’s, with the caller’s rights', async () => {
    expect(await statusOf('anonymous', (a) => a.get('/api/assistants/'))).toBe(401);
    const list = (await agents.canUse!.get('/api/assistants/')).json().assistants as Record<string, unknown>[];
    const names = list.map((a) => a.name);
    expect(names).toContain('Mika Intern');
    expect(names).toContain('Mika Allrounder');
    expect(list.filter((a) => a.is_default === 1).length).toBeGreaterThanOrEqual(4);
    const mine = list.find((a) => a.uuid === own.uuid)!;
    expect(mine).toMatchObject({ can_use: true, can_edit: false, amount_exceeded: false });
    expect(list.find((a) => a.uuid === published.uuid)).toMatchObject({ can_use: false, can_edit: false });

    const otherList = (await agents.otherAdmin!.get('/api/assistants/')).json().assistants as { uuid: string }[];
    expect(otherList.map((a) => a.uuid)).not.toContain(own.uuid);

    const adminMine = ((await agents.admin!.get('/api/assistants/')).json().assistants as Record<string, unknown>[]).find(
      (a) => a.uuid === own.uuid,
    );
    expect(adminMine).toMatchObject({ can_use: true, can_edit: true });
  });

  it('GET /api/assistant/{uuid}: public fields for anyone on published assistants, 404 otherwise', async () => {
    const anonymousPublic = await agents.anonymous!.get(`/api/assistant/${published.uuid}`);
    expect(anonymousPublic.status).toBe(200);
    expect(anonymousPublic.json().name).toBe('Mika Öffentlich');
    expect(anonymousPublic.json()).not.toHaveProperty('role');
    expect(anonymousPublic.json()).not.toHaveProperty('team_id');
    expect(await statusOf('anonymous', (a) => a.get(`/api/assistant/${own.uuid}`))).toBe(404);
    expect(await statusOf('otherAdmin', (a) => a.get(`/api/assistant/${own.uuid}`))).toBe(404);
    expect(await statusOf('employee', (a) => a.get(`/api/assistant/${own.uuid}`))).toBe(200);
    expect(await statusOf('anonymous', (a) => a.get('/api/assistant/00000000-0000-4000-8000-000000000000'))).toBe(404);
  });

  it('GET /api/assistantdata/{uuid} needs the edit right; other teams get 404', async () => {
    const expected: Record<string, number> = {
      anonymous: 401,
      employee: 403,
      canUse: 403,
      canEdit: 200,
      admin: 200,
      owner: 200,
      otherAdmin: 404,
      superadmin: 404,
    };
    for (const [who, status] of Object.entries(expected)) {
      expect(await statusOf(who, (a) => a.get(`/api/assistantdata/${own.uuid}`)), who).toBe(status);
    }
    const denied = await agents.canUse!.get(`/api/assistantdata/${own.uuid}`);
    expect(denied.json().error).toBe(ASSISTANT_MESSAGES.noPermission);
    const detail = (await agents.canEdit!.get(`/api/assistantdata/${own.uuid}`)).json();
    expect(detail).toMatchObject({ name: 'Mika Intern', style: 'professionell und sachlich', provides_form: 0 });
  });

  it('default assistants are editable only by a superadmin, never in trial', async () => {
    const url = `/api/assistantdata/${defaultAssistant!.uuid}`;
    expect(await statusOf('superadmin', (a) => a.get(url))).toBe(200);
    const trial = await agents.trialSuperadmin!.get(url);
    expect(trial.status).toBe(403);
    expect(trial.json().error).toBe(ASSISTANT_MESSAGES.defaultNotEditable);
    expect(await statusOf('admin', (a) => a.get(url))).toBe(403);
    expect(await statusOf('owner', (a) => a.delete(`/api/assistant/${defaultAssistant!.uuid}`))).toBe(403);
  });

  it('PUT /api/assistant and /api/assistanttype follow the edit right', async () => {
    const expected: Record<string, number> = {
      anonymous: 401,
      employee: 403,
      canUse: 403,
      canEdit: 200,
      admin: 200,
      otherAdmin: 404,
    };
    for (const [who, status] of Object.entries(expected)) {
      const res = await agents[who]!.put('/api/assistant', { assistant: { uuid: own.uuid, button_color: '#112233' } });
      expect(res.status, who).toBe(status);
      const type = await agents[who]!.put('/api/assistanttype', { uuid: own.uuid, type: 'chat' });
      expect(type.status, who).toBe(status);
    }
    const [stored] = await t.database.db.select().from(assistants).where(eq(assistants.id, own.id));
    expect(stored!.buttonColor).toBe('#112233');
  });

  it('saves the whole property form with server-side validation', async () => {
    const form = {
      uuid: own.uuid,
      type: 'chat',
      name: 'Mika Intern 2',
      role: 'Du bist unsere interne Assistenz für alle Fragen rund ums Büro.',
      task: 'Du hilfst bei Fragen zu Urlaubsanträgen, Reisekosten und internen Abläufen. '.repeat(4),
      special: 'Antworte immer mit einer kurzen Zusammenfassung am Ende.',
      style: CHAT_STYLES[3],
      intro: 'Hallo, ich bin Mika Intern.',
      thinking_expressions: 'Moment …, Ich schaue nach …',
      can_talk: 1,
      owner_email: 'chefin@example.com',
    };
    const ok = await agents.admin!.put('/api/assistant', { assistant: form });
    expect(ok.status, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Mika Intern 2', can_talk: 1, style: CHAT_STYLES[3], owner_email: 'chefin@example.com' });

    const bad = await agents.admin!.put('/api/assistant', { assistant: { ...form, name: 'Mi', role: 'kurz', task: 'kurz', style: '' } });
    expect(bad.status).toBe(422);
    expect(bad.json().fields).toMatchObject({
      'assistant.name': [ASSISTANT_MESSAGES.nameMin],
      'assistant.role': [ASSISTANT_MESSAGES.roleMin],
      'assistant.task': [ASSISTANT_MESSAGES.taskMin],
      'assistant.style': [ASSISTANT_MESSAGES.styleRequired],
    });
    const [stored] = await t.database.db.select().from(assistants).where(eq(assistants.id, own.id));
    expect(stored!.name).toBe('Mika Intern 2');
  });

  it('only admins delete, and only their own team’s assistants', async () => {
    const victim = await createAssistant(t.database.db, team, { name: 'Wird gelöscht' });
    expect(await statusOf('canEdit', (a) => a.delete(`/api/assistant/${victim.uuid}`))).toBe(403);
    expect(await statusOf('otherAdmin', (a) => a.delete(`/api/assistant/${victim.uuid}`))).toBe(404);
    expect(await statusOf('admin', (a) => a.delete(`/api/assistant/${victim.uuid}`))).toBe(200);
    expect(await statusOf('admin', (a) => a.get(`/api/assistantdata/${victim.uuid}`))).toBe(404);
  });
});

describe('creating assistants', () => {
  it('validates every wizard rule on the server with the German messages', async () => {
    const { owner } = await createStaffedTeam(t.database.db);
    const agent = await loginAs(t, owner);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ type: undefined }, 'type', ASSISTANT_MESSAGES.typeRequired],
      [{ type: 'video' }, 'type', ASSISTANT_MESSAGES.typeRequired],
      [{ name: 'Mi' }, 'name', ASSISTANT_MESSAGES.nameMin],
      [{ role: 'zu kurz' }, 'role', ASSISTANT_MESSAGES.roleMin],
      [{ task: 'zu kurz' }, 'task', ASSISTANT_MESSAGES.taskMin],
      [{ style: '' }, 'style', ASSISTANT_MESSAGES.styleRequired],
      [{ style: 'erfunden' }, 'style', ASSISTANT_MESSAGES.styleRequired],
    ];
    for (const [patch, field, message] of cases) {
      const res = await agent.post('/api/assistant', { ...validCreate(), ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(422);
      expect(res.json().fields[field], JSON.stringify(patch)).toEqual([message]);
    }
    // Image assistants skip role, task and style.
    const image = await agent.post('/api/assistant', { type: 'image', name: 'Mika Bild' });
    expect(image.status, image.body).toBe(200);
    // Task assistants need role and task, but no style.
    expect((await agent.post('/api/assistant', { ...validCreate('task'), style: '' })).status).toBe(200);
  });

  it('creates with a generated avatar served safely, as admin only', async () => {
    const { owner, employee } = await createStaffedTeam(t.database.db);
    expect((await (await loginAs(t, employee)).post('/api/assistant', validCreate())).status).toBe(403);
    const agent = await loginAs(t, owner);
    const res = await agent.post('/api/assistant', validCreate());
    expect(res.status).toBe(200);
    const { uuid } = res.json();
    const detail = (await agent.get(`/api/assistantdata/${uuid}`)).json();
    expect(detail).toMatchObject({ name: 'Mika Vertrieb', type: 'chat', is_default: 0, can_edit: true });
    expect(detail.intro).toContain('Mika Vertrieb');
    expect(detail.image).toMatch(/^\/storage\/avatars\/[\w-]+\.svg$/);
    const avatar = await agent.get(detail.image);
    expect(avatar.status).toBe(200);
    expect(avatar.headers['content-type']).toBe('image/svg+xml');
    expect(avatar.headers['content-security-policy']).toContain('sandbox');
    expect(avatar.body).toContain('<svg');
  });

  it('enforces the plan limit below, at and above it', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db, { plan: 'solo' }); // 2 Mikas
    const agent = await loginAs(t, owner);
    expect((await agent.post('/api/assistant', validCreate())).status).toBe(200);
    expect((await agent.get('/api/user/data')).json().permissions.canCreateAssistant).toBe(true);
    const second = await agent.post('/api/assistant', validCreate());
    expect(second.status).toBe(200);

    // At the limit: no third one, and the client is told.
    const third = await agent.post('/api/assistant', validCreate());
    expect(third.status).toBe(403);
    expect(third.json().error).toBe(ASSISTANT_MESSAGES.limitReached);
    expect((await agent.get('/api/user/data')).json().permissions.canCreateAssistant).toBe(false);
    const shop = (await agent.get('/api/shop')).json();
    expect(shop).toMatchObject({ assistantLimitRegular: 2, assistantAddons: 0, userLimitRegular: 2, userAddons: 0 });

    // Above it (the operator lowered the plan): everything but delete is refused.
    await t.database.db.update(teams).set({ amountMikas: 1 }).where(eq(teams.id, team.id));
    const list = (await agent.get('/api/assistants/')).json().assistants as { amount_exceeded: boolean }[];
    expect(list.every((a) => a.amount_exceeded)).toBe(true);
    const edit = await agent.get(`/api/assistantdata/${second.json().uuid}`);
    expect(edit.json().error).toBe(ASSISTANT_MESSAGES.overLimit(2, 1));
    const put = await agent.put('/api/assistant', { assistant: { uuid: second.json().uuid, button_color: '#000000' } });
    expect(put.status).toBe(403);
    expect((await agent.delete(`/api/assistant/${second.json().uuid}`)).status).toBe(200);
    expect((await agent.get('/api/assistants/')).json().assistants.every((a: { amount_exceeded: boolean }) => !a.amount_exceeded)).toBe(true);
  });
});

describe('POST /api/assistant/logo', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );

  async function upload(agent: Agent, assistantUuid: string, file?: { name: string; data: Buffer }) {
    const { payload, contentType } = multipartBody({ assistantUuid }, file && { field: 'file', ...file });
    return agent.request('POST', '/api/assistant/logo', payload, { headers: { 'content-type': contentType } });
  }

  it('accepts a real PNG and serves it; rejects wrong type, fake content, missing and oversized files', async () => {
    const { team, owner, employee } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);

    const ok = await upload(agent, a.uuid, { name: 'logo.png', data: PNG });
    expect(ok.status, ok.body).toBe(200);
    const served = await agent.get(ok.json().logo);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const gif = await upload(agent, a.uuid, { name: 'logo.gif', data: PNG });
    expect(gif.json().error).toBe(ASSISTANT_MESSAGES.logoType);
    const fake = await upload(agent, a.uuid, { name: 'logo.png', data: Buffer.from('<script>alert(1)</script>') });
    expect(fake.status).toBe(422);
    expect(fake.json().error).toBe(ASSISTANT_MESSAGES.logoType);
    const missing = await upload(agent, a.uuid);
    expect(missing.json().error).toBe(ASSISTANT_MESSAGES.fileRequired);
    const big = await upload(agent, a.uuid, { name: 'logo.png', data: Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]) });
    expect(big.status).toBe(413);
    expect(big.json().error).toBe(ASSISTANT_MESSAGES.fileTooLarge);
    expect((await upload(await loginAs(t, employee), a.uuid, { name: 'logo.png', data: PNG })).status).toBe(403);

    const [stored] = await t.database.db.select().from(assistants).where(eq(assistants.id, a.id));
    // The row keeps the storage key; the answer gives the URL made from it.
    expect(`/storage/${stored!.logo}`).toBe(ok.json().logo);
  });
  it('refuses images of huge dimensions and re-encodes the logo it stores (finding 10)', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    const bomb = await upload(agent, a.uuid, { name: 'logo.png', data: pngHeaderOnly(30_000, 30_000) });
    expect(bomb.status, bomb.body).toBe(422);
    expect(bomb.json().error).toBe(ASSISTANT_MESSAGES.logoDimensions);
    const [unchanged] = await t.database.db.select().from(assistants).where(eq(assistants.id, a.id));
    expect(unchanged!.logo).toBe(a.logo);

    // A large but sane picture is stored re-encoded and scaled down; trailing bytes do not survive.
    const big = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const smuggled = Buffer.concat([big, Buffer.from('<script>alert(1)</script>')]);
    const ok = await upload(agent, a.uuid, { name: 'logo.jpg', data: smuggled });
    expect(ok.status, ok.body).toBe(200);
    const stored = (await t.app.inject({ url: ok.json().logo })).rawPayload;
    expect(stored.includes('<script>')).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(LOGO_MAX_EDGE);
  });
});
