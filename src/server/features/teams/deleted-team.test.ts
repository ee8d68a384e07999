import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, isNull, and } from 'drizzle-orm';
import { sessions, teams, users, userTokens } from '../../db/schema/index.ts';
import { Agent } from '../../../../tests/setup/agent.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createAssistant, createStaffedTeam, DEFAULT_PASSWORD, loginAs } from '../../../../tests/factories/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const softDelete = (teamId: number) => t.database.db.update(teams).set({ deletedAt: new Date() }).where(eq(teams.id, teamId));

describe('a soft-deleted team is gone everywhere', () => {
  it('its public chat, embed, visitor threads and sessions stop working', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team, { isPublic: true, form: { active: true }, allowedDomains: 'kunde.example' });
    const visitor = new Agent(t.app, '192.0.2.90');
    const thread = (await visitor.post('/api/thread/create', { assistantUuid: a.uuid, public: true })).json();
    const ownerA = await loginAs(t, owner);
    expect((await visitor.get(`/api/assistant/${a.uuid}`)).status).toBe(200);

    await softDelete(team.id);

    expect((await visitor.get(`/api/assistant/${a.uuid}`)).status).toBe(404);
    expect((await visitor.get(`/api/forminfo/${a.uuid}`)).status).toBe(404);
    expect((await visitor.post('/api/thread/create', { assistantUuid: a.uuid, public: true })).status).toBe(404);
    expect((await visitor.get(`/api/messages/${a.uuid}/${thread.id}?token=${thread.token}`)).status).toBe(404);
    const stream = `/api/send/stream?assistantUuid=${a.uuid}&threadId=${thread.id}&token=${thread.token}&message=Hallo`;
    expect((await visitor.get(stream)).status).toBe(404);
    // The embed page no longer names the team's domains as allowed ancestors.
    const page = await visitor.get(`/chat/${a.uuid}`);
    expect(String(page.headers['content-security-policy'] ?? '')).not.toContain('kunde.example');
    // Sessions end at once and are removed.
    expect((await ownerA.get('/api/user/data')).status).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, owner.id))).toHaveLength(0);
  });

  it('frees the e-mail addresses of its users for new accounts and invalidates their links', async () => {
    const deleted = await createStaffedTeam(t.database.db);
    const other = await createStaffedTeam(t.database.db, { plan: 'agency' });
    const reset = await new Agent(t.app, '192.0.2.91').post('/api/reset', { email: deleted.employee.email });
    expect(reset.status).toBe(200);
    await softDelete(deleted.team.id);
    const open = await t.database.db
      .select()
      .from(userTokens)
      .where(and(inArray(userTokens.userId, [deleted.owner.id, deleted.admin.id, deleted.employee.id]), isNull(userTokens.usedAt)));
    expect(open).toHaveLength(0);

    // Registering again with the owner's address (any case) works …
    const again = await new Agent(t.app, '192.0.2.92').post('/api/register', {
      name: 'Olga Neuanfang',
      email: deleted.owner.email.toUpperCase(),
      password: 'geheim1',
      password_confirmation: 'geheim1',
      terms: true,
    });
    expect(again.status, again.body).toBe(200);
    await loginAs(t, { email: deleted.owner.email } as never, 'geheim1', '192.0.2.93');
    // … and so do creating a user and changing one's address to a freed one.
    const adminA = await loginAs(t, other.owner, DEFAULT_PASSWORD, '192.0.2.94');
    const created = await adminA.post('/api/user', {
      name: 'Erika Wieder',
      email: deleted.employee.email,
      invitation: false,
      password: { password: 'Sicher#2026', password_confirmation: 'Sicher#2026' },
    });
    expect(created.status, created.body).toBe(200);
    const moved = await adminA.put('/api/user', { user: { uuid: other.employee.uuid, name: other.employee.name, email: deleted.admin.email } });
    expect(moved.status, moved.body).toBe(200);
    // A live address stays taken.
    const taken = await adminA.put('/api/user', { user: { uuid: other.admin.uuid, name: other.admin.name, email: deleted.employee.email } });
    expect(taken.status).toBe(422);
    // The old rows are kept for the record.
    const old = await t.database.db.select().from(users).where(eq(users.teamId, deleted.team.id));
    expect(old).toHaveLength(3);
    expect(old.every((u) => u.deletedAt !== null)).toBe(true);
  });
});
