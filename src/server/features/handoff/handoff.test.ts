import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { assistants, auditLog, creditReservations, messages, threadHandoffs, usageRecords } from '../../db/schema/index.ts';
import { Agent } from '../../../../tests/setup/agent.ts';
import { askInThread, openThread } from '../../../../tests/setup/chat.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createAssistant, createStaffedTeam, grantRights, loginAs } from '../../../../tests/factories/index.ts';
import { fakeProviderEnv, startFakeOpenAI, type FakeOpenAI } from '../../../../tests/fixtures/fake-openai.ts';
import { ASK_PERSON_FUNCTION } from '../../ai/person-request.ts';
import { CANNOT_ANSWER_FUNCTION } from '../../ai/unanswered.ts';
import { HANDOFF_MESSAGES } from '../../../shared/messages.ts';
import { JOIN_LIVE_EVENT, LIVE_EVENT, type LiveThreadUpdated } from '../../../shared/schemas/handoff.ts';
import { isWithinHours } from './handoff-hours.ts';
import { asksForPerson } from './handoff-phrases.ts';
import { HANDOFF_IDLE_MS, sweepHandoffs } from './handoff.service.ts';

// Two apps: the offline one (the phrase list) and one whose model is the fake OpenAI server.
let t: TestApp;
let base: string;
let m: TestApp;
let mBase: string;
let fake: FakeOpenAI;
const sockets: Socket[] = [];
async function listening(app: TestApp) {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
}
beforeAll(async () => {
  fake = await startFakeOpenAI();
  [t, m] = await Promise.all([createTestApp({ AI_OFFLINE_WORD_DELAY_MS: '0' }), createTestApp(fakeProviderEnv(fake))]);
  [base, mBase] = await Promise.all([listening(t), listening(m)]);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await Promise.all([t?.close(), m?.close()]);
  await fake?.close();
});

const ALWAYS = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: '00:00', to: '23:59' }));

/** An office tab: a signed-in socket in the live rooms of its user's Mikas, collecting events. */
async function officeTab(agent: Agent, at = base) {
  const cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const socket = connect(at, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie } });
  sockets.push(socket);
  const events: LiveThreadUpdated[] = [];
  socket.on(LIVE_EVENT, (e: LiveThreadUpdated) => events.push(e));
  const ack = await socket.emitWithAck(JOIN_LIVE_EVENT, {});
  return { socket, events, ack };
}

async function until(check: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function setup(opts: { hours?: typeof ALWAYS; form?: boolean; enabled?: boolean } = {}, app = t) {
  const { team, owner, admin, employee } = await createStaffedTeam(app.database.db);
  const a = await createAssistant(app.database.db, team, { isPublic: true, name: 'Mika Empfang', ...(opts.form ? { form: { active: true } } : {}) });
  const ownerAgent = await loginAs(app, owner);
  const saved = await ownerAgent.put(`/api/handoff/${a.uuid}`, { enabled: opts.enabled ?? true, hours: opts.hours ?? ALWAYS, waitSeconds: 120, greeting: '' });
  expect(saved.status, saved.body).toBe(200);
  const visitor = new Agent(app.app, `203.0.113.${Math.floor(Math.random() * 200) + 1}`);
  const thread = await openThread(visitor, a.uuid, { public: true });
  return { team, owner, admin, employee, a, ownerAgent, visitor, thread };
}

const visitorMessages = async (visitor: Agent, uuid: string, thread: { id: number; token: string }) =>
  (await visitor.get(`/api/messages/${uuid}/${thread.id}?token=${thread.token}`)).json().messages as { origin: string; text: string; type: string; name?: string }[];

describe('hand-off settings', () => {
  it('saves per Mika with the edit right, refuses bad hours in German, defaults when never saved', async () => {
    const { team, owner, employee } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team, { isPublic: true });
    const agent = await loginAs(t, owner);
    expect((await agent.get(`/api/handoff/${a.uuid}`)).json()).toEqual({ enabled: false, hours: [], waitSeconds: 120, greeting: '' });
    const bad = await agent.put(`/api/handoff/${a.uuid}`, { enabled: true, hours: [{ day: 8, from: '09:00', to: '25:00' }], waitSeconds: 120, greeting: '' });
    expect(bad.status).toBe(422);
    expect(bad.body).toContain(HANDOFF_MESSAGES.dayInvalid);
    const ok = await agent.put(`/api/handoff/${a.uuid}`, { enabled: true, hours: [{ day: 5, from: '09:00', to: '17:30' }, { day: 1, from: '08:00', to: '12:00' }], waitSeconds: 60, greeting: 'Moment!' });
    expect(ok.json()).toMatchObject({ hours: [{ day: 1 }, { day: 5 }], message: HANDOFF_MESSAGES.saved });
    expect((await agent.get(`/api/handoff/${a.uuid}`)).json()).toMatchObject({ enabled: true, waitSeconds: 60, greeting: 'Moment!' });
    expect((await new Agent(t.app).get(`/api/handoff/${a.uuid}/offer`)).json()).toEqual({ enabled: true });
    expect((await (await loginAs(t, employee)).get(`/api/handoff/${a.uuid}`)).status).toBe(403);
  });

  it('opening hours: ISO days in Europe/Berlin, `to` inclusive of its minute', () => {
    const hours = [{ day: 5, from: '09:00', to: '17:30' }];
    // Friday 2026-11-27, winter time (UTC+1).
    expect(isWithinHours(hours, new Date('2026-11-27T16:30:59Z'))).toBe(true);
    expect(isWithinHours(hours, new Date('2026-11-27T16:31:00Z'))).toBe(false);
    expect(isWithinHours(hours, new Date('2026-11-27T07:59:00Z'))).toBe(false);
    expect(isWithinHours(hours, new Date('2026-11-28T10:00:00Z'))).toBe(false);
    // Summer time (UTC+2): Friday 2026-07-03 09:00 Berlin is 07:00 UTC.
    expect(isWithinHours(hours, new Date('2026-07-03T07:00:00Z'))).toBe(true);
    expect(isWithinHours([], new Date())).toBe(false);
  });

  it('recognises a small German phrase list', () => {
    expect(asksForPerson('Kann ich bitte mit einem Menschen sprechen?')).toBe(true);
    expect(asksForPerson('Ich will einen Mitarbeiter sprechen')).toBe(true);
    expect(asksForPerson('Was kostet der Versand?')).toBe(false);
  });
});

describe('who «Live» is for (the user data\'s canTakeLive)', () => {
  it('admins always; a member with the use right on a published Mika with the hand-off on; nobody else', async () => {
    const { team, owner, employee } = await createStaffedTeam(t.database.db, { plan: 'team' });
    const canTakeLive = async (agent: Agent) => (await agent.get('/api/user/data')).json().permissions.canTakeLive as boolean;
    const ownerAgent = await loginAs(t, owner);
    const employeeAgent = await loginAs(t, employee);
    expect(await canTakeLive(ownerAgent)).toBe(true);
    expect(await canTakeLive(employeeAgent)).toBe(false);
    // The use right on a published Mika without the hand-off: still nothing to take.
    const a = await createAssistant(t.database.db, team, { isPublic: true });
    await grantRights(t.database.db, employee, a, { canUse: true });
    expect(await canTakeLive(employeeAgent)).toBe(false);
    expect((await ownerAgent.put(`/api/handoff/${a.uuid}`, { enabled: true, hours: ALWAYS, waitSeconds: 120, greeting: '' })).status).toBe(200);
    expect(await canTakeLive(employeeAgent)).toBe(true);
    // Not published: nobody can write to it, nothing to take.
    await t.database.db.update(assistants).set({ isPublic: false }).where(eq(assistants.id, a.id));
    expect(await canTakeLive(employeeAgent)).toBe(false);
    // The hand-off on a published Mika the employee may not use: nothing either.
    await t.database.db.update(assistants).set({ isPublic: true }).where(eq(assistants.id, a.id));
    await grantRights(t.database.db, employee, a, { canUse: false });
    expect(await canTakeLive(employeeAgent)).toBe(false);
  });
});

describe('live hand-off', () => {
  it('nobody online or outside the hours: unavailable, the Mika says so and offers the contact form', async () => {
    const { a, visitor, thread, ownerAgent } = await setup({ form: true });
    expect((await visitor.post('/api/handoff/request', { assistantUuid: a.uuid, threadId: thread.id, token: thread.token })).json()).toEqual({ status: 'unavailable' });
    const list = await visitorMessages(visitor, a.uuid, thread);
    expect(list.map((m) => [m.origin, m.type, m.text])).toEqual([
      ['ai', 'txt', HANDOFF_MESSAGES.unavailableWithForm],
      ['ai', 'form', ''],
    ]);
    // Online, but outside the opening hours (a window that never contains now).
    const closed = await setup({ hours: [{ day: 1, from: '00:00', to: '00:00' }, { day: 7, from: '23:59', to: '23:59' }] });
    await officeTab(closed.ownerAgent);
    expect((await closed.visitor.post('/api/handoff/request', { assistantUuid: closed.a.uuid, threadId: closed.thread.id, token: closed.thread.token })).json()).toEqual({ status: 'unavailable' });
    void ownerAgent;
  });

  it('a member online: the visitor waits, a colleague takes over, messages both ways without the model, gives back, the Mika answers again', async () => {
    const { team, a, visitor, thread, ownerAgent, admin, employee } = await setup();
    const tab = await officeTab(ownerAgent);
    expect(tab.ack).toEqual({ ok: true, rooms: 1 });
    // Another team's admin sees nothing of it.
    const other = await createStaffedTeam(t.database.db);
    const strangerAgent = await loginAs(t, other.owner);
    const strangerTab = await officeTab(strangerAgent);

    // The visitor says it (phrase list; offline).
    const asked = await askInThread(visitor, a.uuid, thread, 'Ich möchte mit einem Menschen sprechen.');
    expect(asked.events.map((e) => e.type)).toEqual(['held']);
    await until(() => tab.events.some((e) => e.kind === 'requested' && e.threadId === thread.id), 'the request event');
    expect((await visitorMessages(visitor, a.uuid, thread)).map((m) => m.text)).toEqual(['Ich möchte mit einem Menschen sprechen.', HANDOFF_MESSAGES.defaultGreeting]);

    const listed = (await ownerAgent.get('/api/live/threads')).json();
    expect(listed).toEqual([expect.objectContaining({ threadId: thread.id, assistantUuid: a.uuid, requested: true, takenBy: null, lastMessage: HANDOFF_MESSAGES.defaultGreeting })]);
    expect((await strangerAgent.get('/api/live/threads')).json()).toEqual([]);
    expect((await strangerAgent.post(`/api/live/threads/${thread.id}/take`, {})).status).toBe(404);
    expect((await strangerAgent.get(`/api/live/threads/${thread.id}/messages`)).status).toBe(404);
    // An employee without the use right on this Mika cannot take it.
    const employeeAgent = await loginAs(t, employee);
    expect((await employeeAgent.post(`/api/live/threads/${thread.id}/take`, {})).status).toBe(403);

    // First wins; the second sees who has it.
    const adminAgent = await loginAs(t, admin);
    const [first, second] = await Promise.all([ownerAgent.post(`/api/live/threads/${thread.id}/take`, {}), adminAgent.post(`/api/live/threads/${thread.id}/take`, {})]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = first.status === 200 ? { agent: ownerAgent, name: 'Olga' } : { agent: adminAgent, name: 'Anton' };
    const loser = first.status === 200 ? second : first;
    expect(loser.json().error).toBe(HANDOFF_MESSAGES.takenByOther(winner.name));
    expect((await visitorMessages(visitor, a.uuid, thread)).at(-1)).toMatchObject({ origin: 'staff', name: winner.name, text: HANDOFF_MESSAGES.joined(winner.name) });

    // The visitor writes through the normal send call: stored, no model, no credits.
    const usageBefore = (await t.database.db.select().from(usageRecords).where(eq(usageRecords.teamId, team.id))).length;
    const refused = await askInThread(visitor, a.uuid, { ...thread, token: 'x'.repeat(thread.token.length) }, 'Nicht angenommen.');
    expect(refused.events).toEqual([]);
    // The take's own event first (it may still be on its way), so what follows is the message's.
    await until(() => tab.events.some((e) => e.kind === 'taken'), 'the take event');
    const eventsAtSend = tab.events.length;
    const held = await askInThread(visitor, a.uuid, thread, 'Meine Bestellung 4711 ist nicht angekommen.');
    expect(held.events.map((e) => e.type)).toEqual(['held']);
    // The text reaches the office before it is stored; a plain event follows once it is.
    await until(() => tab.events.slice(eventsAtSend).some((e) => e.kind === 'message' && !e.visitor), 'the stored message event');
    expect(tab.events.slice(eventsAtSend).map((e) => ({ kind: e.kind, text: e.visitor?.text }))).toEqual([
      { kind: 'message', text: 'Meine Bestellung 4711 ist nicht angekommen.' },
      { kind: 'message', text: undefined },
    ]);
    // A refused message (wrong token) was never announced.
    expect(tab.events.some((e) => e.visitor?.text === 'Nicht angenommen.')).toBe(false);
    expect((await t.database.db.select().from(usageRecords).where(eq(usageRecords.teamId, team.id))).length).toBe(usageBefore);
    expect(await t.database.db.select().from(creditReservations).where(eq(creditReservations.teamId, team.id))).toEqual([]);

    const sent = await winner.agent.post(`/api/live/threads/${thread.id}/message`, { text: 'Das prüfe ich sofort für Dich.' });
    expect(sent.json()).toMatchObject({ origin: 'staff', name: winner.name });
    expect((await (winner.agent === ownerAgent ? adminAgent : ownerAgent).post(`/api/live/threads/${thread.id}/message`, { text: 'Ich auch' })).status).toBe(409);
    const history = await visitorMessages(visitor, a.uuid, thread);
    expect(history.slice(-2).map((m) => [m.origin, m.text])).toEqual([
      ['user', 'Meine Bestellung 4711 ist nicht angekommen.'],
      ['staff', 'Das prüfe ich sofort für Dich.'],
    ]);
    const office = (await winner.agent.get(`/api/live/threads/${thread.id}/messages`)).json().messages;
    expect(office.map((m: { text: string }) => m.text)).toEqual(history.map((m) => m.text));

    // Given back: the Mika answers the next question.
    expect((await winner.agent.post(`/api/live/threads/${thread.id}/release`, {})).status).toBe(200);
    const eventsBefore = tab.events.length;
    const after = await askInThread(visitor, a.uuid, thread, 'Hallo, wer bist Du?');
    expect(after.complete).toBeTruthy();
    // The office hears of the question the Mika answers, too.
    await until(() => tab.events.slice(eventsBefore).some((e) => e.kind === 'message' && e.threadId === thread.id), 'the answered question');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.teamId, team.id));
    expect(audit.map((e) => e.action).sort()).toEqual(['handoff.returned', 'handoff.taken']);
    expect(strangerTab.events).toEqual([]);
  });

  it('a held thread nobody answers for 10 minutes goes back to the Mika with a note; a request nobody takes ends unavailable', async () => {
    const { team, a, visitor, thread, ownerAgent } = await setup();
    const tab = await officeTab(ownerAgent);
    expect((await visitor.post('/api/handoff/request', { assistantUuid: a.uuid, threadId: thread.id, token: thread.token })).json()).toEqual({ status: 'waiting' });
    await sweepHandoffs(t.deps, new Date(Date.now() + 121_000));
    expect((await visitorMessages(visitor, a.uuid, thread)).at(-1)?.text).toBe(HANDOFF_MESSAGES.unavailable);
    // The office hears which Mika's request ended (the sweep has no caller to name it).
    await until(() => tab.events.some((e) => e.kind === 'released' && e.threadId === thread.id), 'the ended request');
    expect(tab.events.filter((e) => e.kind === 'released')).toEqual([{ threadId: thread.id, assistantUuid: a.uuid, kind: 'released' }]);

    expect((await ownerAgent.post(`/api/live/threads/${thread.id}/take`, {})).status).toBe(200);
    await sweepHandoffs(t.deps, new Date(Date.now() + HANDOFF_IDLE_MS - 5_000));
    expect((await t.database.db.select().from(threadHandoffs).where(eq(threadHandoffs.threadId, thread.id)))[0]?.takenBy).not.toBeNull();
    await sweepHandoffs(t.deps, new Date(Date.now() + HANDOFF_IDLE_MS + 1_000));
    expect((await t.database.db.select().from(threadHandoffs).where(eq(threadHandoffs.threadId, thread.id)))[0]?.takenBy).toBeNull();
    expect((await visitorMessages(visitor, a.uuid, thread)).at(-1)?.text).toBe(HANDOFF_MESSAGES.returnedIdle);
    // The audit entry of the return names the thread's team, as one written in a request does.
    const returned = await t.database.db.select().from(auditLog).where(eq(auditLog.teamId, team.id));
    expect(returned.map((e) => ({ action: e.action, teamUuid: e.teamUuid, teamName: e.teamName, actor: e.actorLabel, detail: e.detail }))).toEqual([
      { action: 'handoff.taken', teamUuid: team.uuid, teamName: team.name, actor: expect.any(String), detail: { threadId: thread.id, assistantUuid: a.uuid } },
      { action: 'handoff.returned', teamUuid: team.uuid, teamName: team.name, actor: null, detail: { threadId: thread.id, assistantUuid: a.uuid, reason: 'idle' } },
    ]);
    await until(() => tab.events.filter((e) => e.kind === 'released').length === 2, 'the returned thread');
    expect(tab.events.filter((e) => e.kind === 'released').at(-1)).toEqual({ threadId: thread.id, assistantUuid: a.uuid, kind: 'released' });
  });

  it("the visitor's deletion of the conversation removes the staff messages too", async () => {
    const { a, visitor, thread, ownerAgent } = await setup();
    await ownerAgent.post(`/api/live/threads/${thread.id}/take`, {});
    await ownerAgent.post(`/api/live/threads/${thread.id}/message`, { text: 'Hallo, hier ist Olga.' });
    expect((await t.database.db.select().from(messages).where(eq(messages.threadId, thread.id))).some((m) => m.origin === 'staff')).toBe(true);
    const deleted = await visitor.request('DELETE', '/api/dataprotection/thread', { assistantUuid: a.uuid, threadId: thread.id, token: thread.token });
    expect(deleted.status, deleted.body).toBeLessThan(300);
    expect(await t.database.db.select().from(messages).where(eq(messages.threadId, thread.id))).toEqual([]);
    expect(await t.database.db.select().from(threadHandoffs).where(eq(threadHandoffs.threadId, thread.id))).toEqual([]);
  });
});

describe('with a real model: the wish for a person is the model\'s tool call', () => {
  const offered = (body: { tools?: { function?: { name: string } }[] }) => (body.tools ?? []).map((x) => x.function?.name);
  const lastChat = () => [...fake.requests].reverse().find((r) => r.path?.endsWith('/chat/completions'))!;

  it('the model calls the tool: the thread is requested, the office hears it, the visitor gets the greeting', async () => {
    const { a, visitor, thread, ownerAgent } = await setup({}, m);
    const tab = await officeTab(ownerAgent, mBase);
    fake.queue({ toolCalls: [{ name: ASK_PERSON_FUNCTION, arguments: '{}' }] });
    const requestsBefore = fake.requests.length;
    const asked = await askInThread(visitor, a.uuid, thread, 'Das ist mir zu kompliziert, gibt es da jemanden bei Euch?');
    expect(asked.events.map((e) => e.type)).toEqual(['held']);
    // One model call: the answer stops at the tool (no second step after it).
    expect(fake.requests.slice(requestsBefore).filter((r) => r.path?.endsWith('/chat/completions'))).toHaveLength(1);
    expect(offered(lastChat().body)).toEqual(expect.arrayContaining([ASK_PERSON_FUNCTION, CANNOT_ANSWER_FUNCTION]));
    await until(() => tab.events.some((e) => e.kind === 'requested' && e.threadId === thread.id), 'the request event');
    expect(tab.events.find((e) => e.kind === 'requested')).toEqual({ threadId: thread.id, assistantUuid: a.uuid, kind: 'requested' });
    expect((await visitorMessages(visitor, a.uuid, thread)).map((x) => [x.origin, x.text])).toEqual([
      ['user', 'Das ist mir zu kompliziert, gibt es da jemanden bei Euch?'],
      ['ai', HANDOFF_MESSAGES.defaultGreeting],
    ]);
    const [row] = await m.database.db.select().from(threadHandoffs).where(eq(threadHandoffs.threadId, thread.id));
    expect(row?.requestedAt).not.toBeNull();
    expect((await ownerAgent.get('/api/live/threads')).json()).toEqual([expect.objectContaining({ threadId: thread.id, requested: true })]);
  });

  it('nobody available: the Mika says so and offers the contact form, as for the button', async () => {
    const { a, visitor, thread } = await setup({ form: true }, m);
    fake.queue({ toolCalls: [{ name: ASK_PERSON_FUNCTION, arguments: '{}' }] });
    const asked = await askInThread(visitor, a.uuid, thread, 'Ich will sofort Ihren Chef sprechen!');
    expect(asked.events.at(-1)?.type).toBe('held');
    expect((await visitorMessages(visitor, a.uuid, thread)).map((x) => [x.origin, x.type, x.text])).toEqual([
      ['user', 'txt', 'Ich will sofort Ihren Chef sprechen!'],
      ['ai', 'txt', HANDOFF_MESSAGES.unavailableWithForm],
      ['ai', 'form', ''],
    ]);
    expect(await m.database.db.select().from(threadHandoffs).where(eq(threadHandoffs.threadId, thread.id))).toEqual([]);
  });

  it('free text alone starts nothing online: the model answers; a Mika without the hand-off is not offered the tool', async () => {
    const { a, visitor, thread } = await setup({}, m);
    fake.reply({ text: 'Gern helfe ich Dir selbst weiter.' });
    const asked = await askInThread(visitor, a.uuid, thread, 'Ich möchte mit einem Menschen sprechen.');
    expect(asked.complete).toMatchObject({ final_text: 'Gern helfe ich Dir selbst weiter.' });
    expect(await m.database.db.select().from(threadHandoffs).where(eq(threadHandoffs.threadId, thread.id))).toEqual([]);

    const off = await setup({ enabled: false }, m);
    await askInThread(off.visitor, off.a.uuid, off.thread, 'Hallo?');
    expect(offered(lastChat().body)).not.toContain(ASK_PERSON_FUNCTION);
    expect(offered(lastChat().body)).toContain(CANNOT_ANSWER_FUNCTION);
  });
});
