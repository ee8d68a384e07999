import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { assistants, teamHiddenAssistants, teams, type Assistant } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createAssistant, createStaffedTeam, grantRights, loginAs } from '../../../../tests/factories/index.ts';
import { askInThread, openThread } from '../../../../tests/setup/chat.ts';
import type { Agent } from '../../../../tests/setup/agent.ts';
import { COMMON_MESSAGES, ASSISTANT_MESSAGES, CONVERSATION_MESSAGES } from '../../../shared/messages.ts';
import { GUIDE_SEED_KEY } from './assistant.seed.ts';

// An admin hides a default Mika for the team (decision 030): gone for every member of that team —
// library, side menu (the same list), rights tab, API keys, chat — and back once shown again. Other
// teams are untouched; a team's own Mika is deleted, not hidden.

let t: TestApp;
let guide: Assistant;
beforeAll(async () => {
  t = await createTestApp({ AI_OFFLINE_WORD_DELAY_MS: '0' });
  guide = (await t.database.db.select().from(assistants).where(eq(assistants.seedKey, GUIDE_SEED_KEY)))[0]!;
});
afterAll(async () => t?.close());

const uuidsOf = async (agent: Agent, url = '/api/assistants/') => {
  const res = await agent.get(url);
  expect(res.status, res.body).toBe(200);
  return (res.json().assistants as { uuid: string }[]).map((a) => a.uuid);
};
const hide = (agent: Agent, uuid: string, hidden: boolean) => agent.put(`/api/assistant/${uuid}/hidden`, { hidden });

describe('hiding a default Mika for the team', () => {
  it('an admin hides the help Mika: the team’s members no longer see it, the admin finds it under the hidden ones and shows it again', async () => {
    const { team, admin, employee } = await createStaffedTeam(t.database.db, { plan: 'team' });
    const other = await createStaffedTeam(t.database.db, { plan: 'team' });
    const adminAgent = await loginAs(t, admin);
    const employeeAgent = await loginAs(t, employee);
    const otherAgent = await loginAs(t, other.employee);
    expect(await uuidsOf(employeeAgent)).toContain(guide.uuid);

    const res = await hide(adminAgent, guide.uuid, true);
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', hidden: true, message: ASSISTANT_MESSAGES.hidden(guide.name) });

    expect(await uuidsOf(employeeAgent)).not.toContain(guide.uuid);
    expect(await uuidsOf(adminAgent)).not.toContain(guide.uuid);
    expect(await uuidsOf(adminAgent, '/api/assistants/hidden')).toEqual([guide.uuid]);
    // Other defaults stay, and another team still has the help Mika.
    expect((await uuidsOf(employeeAgent)).length).toBeGreaterThan(0);
    expect(await uuidsOf(otherAgent)).toContain(guide.uuid);
    expect(await uuidsOf(await loginAs(t, other.admin), '/api/assistants/hidden')).toEqual([]);
    // Hiding twice changes nothing.
    expect((await hide(adminAgent, guide.uuid, true)).status).toBe(200);
    expect(await t.database.db.select().from(teamHiddenAssistants).where(eq(teamHiddenAssistants.teamId, team.id))).toHaveLength(1);

    const shown = await hide(adminAgent, guide.uuid, false);
    expect(shown.status, shown.body).toBe(200);
    expect(shown.json()).toEqual({ status: 'success', hidden: false, message: ASSISTANT_MESSAGES.shown(guide.name) });
    expect(await uuidsOf(employeeAgent)).toContain(guide.uuid);
    expect(await uuidsOf(adminAgent, '/api/assistants/hidden')).toEqual([]);
  });

  it('only admins hide or list hidden Mikas (403), with the CSRF token; another team’s Mika answers 404; the team’s own Mika is deleted, not hidden', async () => {
    const { team, admin, employee } = await createStaffedTeam(t.database.db, { plan: 'team' });
    const other = await createStaffedTeam(t.database.db, { plan: 'team' });
    const own = await createAssistant(t.database.db, team, { name: 'Mika Eigen' });
    const employeeAgent = await loginAs(t, employee);
    const adminAgent = await loginAs(t, admin);

    const refused = await hide(employeeAgent, guide.uuid, true);
    expect(refused.status).toBe(403);
    expect((await employeeAgent.get('/api/assistants/hidden')).status).toBe(403);
    const forged = await adminAgent.put(`/api/assistant/${guide.uuid}/hidden`, { hidden: true }, { csrf: false });
    expect(forged.status).toBe(403);
    expect(forged.json().error).toBe(COMMON_MESSAGES.csrfMismatch);
    expect(await uuidsOf(employeeAgent)).toContain(guide.uuid);

    // Another team's Mika does not exist for this admin, hidden or not.
    const stranger = await loginAs(t, other.admin);
    expect((await hide(stranger, own.uuid, true)).status).toBe(404);
    expect((await hide(stranger, own.uuid, true)).json().error).toBe(ASSISTANT_MESSAGES.notFound);
    expect((await hide(adminAgent, '00000000-0000-4000-8000-000000000000', true)).status).toBe(404);

    const ownRefused = await hide(adminAgent, own.uuid, true);
    expect(ownRefused.status).toBe(403);
    expect(ownRefused.json().error).toBe(ASSISTANT_MESSAGES.hideOnlyDefault);
    expect(await uuidsOf(adminAgent)).toContain(own.uuid);

    const bad = await adminAgent.put(`/api/assistant/${guide.uuid}/hidden`, { hidden: 'ja' });
    expect(bad.status).toBe(422);
    expect(bad.json().fields.hidden).toEqual([ASSISTANT_MESSAGES.hiddenRequired]);
    expect(await t.database.db.select().from(teamHiddenAssistants).where(eq(teamHiddenAssistants.teamId, team.id))).toHaveLength(0);
  });

  it('a hidden Mika cannot be used by the team: chat, a running conversation, its page and the rights tab answer as for an unknown Mika', async () => {
    const { admin, employee } = await createStaffedTeam(t.database.db, { plan: 'team' });
    await grantRights(t.database.db, employee, guide, { canUse: true });
    const employeeAgent = await loginAs(t, employee);
    const adminAgent = await loginAs(t, admin);
    const thread = await openThread(employeeAgent, guide.uuid);
    expect((await askInThread(employeeAgent, guide.uuid, thread, 'Wie lade ich Wissen hoch?')).complete).toBeDefined();

    expect((await hide(adminAgent, guide.uuid, true)).status).toBe(200);

    const q = new URLSearchParams({ assistantUuid: guide.uuid, threadId: String(thread.id), token: thread.token, message: 'Und wie lege ich einen User an?' });
    const send = await employeeAgent.get(`/api/send/stream?${q}`);
    expect(send.status).toBe(404);
    expect(send.json().error).toBe(CONVERSATION_MESSAGES.threadNotFound);
    expect((await employeeAgent.get(`/api/messages/${guide.uuid}/${thread.id}?token=${thread.token}`)).status).toBe(404);
    expect((await employeeAgent.post('/api/thread/create', { assistantUuid: guide.uuid })).status).toBe(404);
    expect((await adminAgent.post('/api/thread/create', { assistantUuid: guide.uuid })).status).toBe(404);
    expect((await employeeAgent.get(`/api/assistant/${guide.uuid}`)).status).toBe(404);

    // The rights tab lists no hidden Mika and sets no right on it.
    const rights = await adminAgent.get(`/api/user/${employee.uuid}`);
    expect((rights.json().assistants as { uuid: string }[]).map((a) => a.uuid)).not.toContain(guide.uuid);
    const grant = await adminAgent.post(`/api/user/${employee.uuid}/permissions`, { assistant_id: guide.id, permission_type: 'can_use', value: true });
    expect(grant.status).toBe(404);

    // Shown again, the conversation goes on where it stopped (the rights were kept).
    expect((await hide(adminAgent, guide.uuid, false)).status).toBe(200);
    expect((await askInThread(employeeAgent, guide.uuid, thread, 'Und wie lege ich einen User an?')).complete).toBeDefined();
  });

  it('API keys of the team neither list nor call a hidden Mika', async () => {
    const { admin } = await createStaffedTeam(t.database.db, { plan: 'agency' });
    const adminAgent = await loginAs(t, admin);
    const created = await adminAgent.post('/api/apikeys', { name: 'CRM', scope: 'all' });
    expect(created.status, created.body).toBe(200);
    const authorization = `Bearer ${created.json().secret}`;
    const models = async () =>
      ((await t.app.inject({ method: 'GET', url: '/v1/models', headers: { authorization } })).json().data as { id: string }[]).map((m) => m.id);
    expect(await models()).toContain(guide.uuid);

    expect((await hide(adminAgent, guide.uuid, true)).status).toBe(200);
    expect(await models()).not.toContain(guide.uuid);
    const call = await t.app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { authorization, 'content-type': 'application/json' },
      payload: { model: guide.uuid, messages: [{ role: 'user', content: 'Hallo' }] },
    });
    expect(call.statusCode).toBe(404);
    // Nor can a new key be scoped to it.
    const scoped = await adminAgent.post('/api/apikeys', { name: 'Nur Wegweiser', scope: 'selected', assistants: [guide.uuid] });
    expect(scoped.status).toBe(422);
  });

  it('the rows go with the team', async () => {
    const { team, admin } = await createStaffedTeam(t.database.db, { plan: 'team' });
    expect((await hide(await loginAs(t, admin), guide.uuid, true)).status).toBe(200);
    await t.database.db.delete(teams).where(eq(teams.id, team.id));
    const left = await t.database.db
      .select()
      .from(teamHiddenAssistants)
      .where(and(eq(teamHiddenAssistants.teamId, team.id), eq(teamHiddenAssistants.assistantId, guide.id)));
    expect(left).toEqual([]);
  });
});
