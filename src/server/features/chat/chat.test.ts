import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { messages, usageRecords } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { parseSse } from '../../../../tests/setup/sse.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../../../tests/fixtures/fake-openai.ts';
import { createAssistant, createStaffedTeam, grantRights, loginAs } from '../../../../tests/factories/index.ts';
import type { Agent } from '../../../../tests/setup/agent.ts';
import { ASSISTANT_MESSAGES, CONVERSATION_MESSAGES } from '../../../shared/messages.ts';
import { AI_PROGRESS_EVENT, JOIN_THREAD_EVENT } from '../../../shared/events.ts';
import { OFFLINE_NOTICE, offlineExplanation } from '../../ai/offline-engine.ts';

const TASK =
  'Du beantwortest Fragen zu unseren Lieferzeiten. Standardlieferungen dauern drei Werktage. ' +
  'Expresslieferungen kommen am nächsten Werktag an, wenn die Bestellung vor 14 Uhr eingeht. ' +
  'Rücksendungen sind innerhalb von 30 Tagen kostenlos möglich.';

async function openThread(agent: Agent, assistantUuid: string) {
  const res = await agent.post('/api/thread/create', { assistantUuid });
  expect(res.status, res.body).toBe(200);
  return res.json<{ id: number; token: string }>();
}

function streamUrl(assistantUuid: string, thread: { id: number; token: string }, message: string) {
  const q = new URLSearchParams({ assistantUuid, threadId: String(thread.id), token: thread.token, message });
  return `/api/send/stream?${q.toString()}`;
}

describe('chat with the offline engine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AI_OFFLINE_WORD_DELAY_MS: '0' });
  });
  afterAll(async () => t?.close());

  it('streams a German, clearly labelled answer that never quotes the instructions, and stores both messages', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const intro = 'Hallo! Ich bin Mika Logistik und helfe bei Fragen zu Versand und Lieferung.';
    const a = await createAssistant(t.database.db, team, { task: TASK, name: 'Mika Logistik', intro });
    const agent = await loginAs(t, owner);
    expect((await agent.get('/api/capabilities')).json()).toMatchObject({ offline: true, chat: { provider: 'offline' } });

    const thread = await openThread(agent, a.uuid);
    const res = await agent.get(streamUrl(a.uuid, thread, 'Wie lange dauert eine Expresslieferung?'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const { events, done } = parseSse(res.body);
    expect(done).toBe(true);
    const deltas = events.filter((e) => e.type === 'text').map((e) => e.text as string);
    expect(deltas.length).toBeGreaterThan(5);
    const complete = events.find((e) => e.type === 'complete');
    expect(deltas.join('')).toBe(complete.final_text);
    expect(complete.final_text).toContain(OFFLINE_NOTICE);
    // Role and task are instructions to a model, not content: offline, the assistant says plainly
    // that it has no matching knowledge, what offline mode can do, and (to an admin) whom to ask.
    expect(complete.final_text).not.toContain('Expresslieferungen kommen am nächsten Werktag an');
    expect(complete.final_text).not.toContain('Rücksendungen');
    expect(complete.final_text).toContain(offlineExplanation('admin'));

    const list = (await agent.get(`/api/messages/${a.uuid}/${thread.id}?token=${thread.token}`)).json().messages;
    expect(list.map((m: any) => [m.origin, m.type])).toEqual([
      ['user', 'txt'],
      ['ai', 'txt'],
    ]);
    expect(list[1].text).toBe(complete.final_text);
    expect(list[1].response_id).toBe(complete.response_id);

    // save/stream is idempotent and stores nothing new.
    const body = { assistantUuid: a.uuid, threadId: thread.id, token: thread.token, lastResponseId: complete.response_id, message: complete.final_text };
    expect((await agent.post('/api/save/stream', body)).json()).toEqual({ status: 'success', id: list[1].id });
    expect((await agent.post('/api/save/stream', body)).status).toBe(200);
    expect((await t.database.db.select().from(messages).where(eq(messages.threadId, thread.id))).length).toBe(2);
  });

  it('takes a full-length question with multibyte text through a real HTTP connection', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    const thread = await openThread(agent, a.uuid);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const res = await fetch(`${base}${streamUrl(a.uuid, thread, 'ä'.repeat(8000))}`, {
      headers: { cookie: `mika_session=${agent.cookies.get('mika_session')}` },
    });
    expect(res.status).toBe(200);
    expect(parseSse(await res.text()).done).toBe(true);
  });

  it('refuses an empty message with a German error and stores nothing', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    const thread = await openThread(agent, a.uuid);
    const res = await agent.get(streamUrl(a.uuid, thread, '   '));
    expect(res.status).toBe(422);
    expect(res.json().error).toBe(CONVERSATION_MESSAGES.messageRequired);
    expect(await t.database.db.select().from(messages).where(eq(messages.threadId, thread.id))).toHaveLength(0);
  });

  it('keeps threads private: wrong token, another user, another team, no use right', async () => {
    const { team, owner, employee } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team);
    const ownerAgent = await loginAs(t, owner);
    const thread = await openThread(ownerAgent, a.uuid);
    const ok = `/api/messages/${a.uuid}/${thread.id}?token=${thread.token}`;
    expect((await ownerAgent.get(ok)).status).toBe(200);
    expect((await ownerAgent.get(`/api/messages/${a.uuid}/${thread.id}?token=falsch`)).status).toBe(404);
    expect((await ownerAgent.get(`/api/messages/${a.uuid}/${thread.id}`)).status).toBe(404);

    // A colleague with the use right still cannot read the owner's thread, even with its token.
    await grantRights(t.database.db, employee, a, { canUse: true });
    const colleague = await loginAs(t, employee);
    expect((await colleague.get(ok)).status).toBe(404);
    expect((await colleague.get(streamUrl(a.uuid, thread, 'Hallo'))).status).toBe(404);

    const other = await createStaffedTeam(t.database.db);
    const stranger = await loginAs(t, other.owner);
    expect((await stranger.get(ok)).status).toBe(404);
    expect((await stranger.post('/api/thread/create', { assistantUuid: a.uuid })).status).toBe(404);

    await grantRights(t.database.db, employee, a, { canUse: false });
    const denied = await colleague.post('/api/thread/create', { assistantUuid: a.uuid });
    expect(denied.status).toBe(403);
    expect(denied.json().error).toBe(ASSISTANT_MESSAGES.noPermission);
  });
});

describe('chat against an OpenAI-compatible provider', () => {
  let t: TestApp;
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await createTestApp({ AI_PROVIDER: 'openai', AI_BASE_URL: fake.url, AI_API_KEY: 'test-key', AI_CHAT_MODEL: 'gpt-test' });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('streams the model answer, sends role, task, style and history, and books tokens', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team, { task: TASK, style: 'sehr höflich und freundlich' });
    const agent = await loginAs(t, owner);
    expect((await agent.get('/api/capabilities')).json().chat).toEqual({ available: true, provider: 'openai', model: 'gpt-test' });
    const thread = await openThread(agent, a.uuid);

    fake.reply({ text: 'Die **Expresslieferung** kommt morgen.' });
    const first = parseSse((await agent.get(streamUrl(a.uuid, thread, 'Wann kommt Express?'))).body);
    expect(first.events.find((e) => e.type === 'complete').final_text).toBe('Die **Expresslieferung** kommt morgen.');

    fake.reply({ text: 'Gern geschehen!' });
    await agent.get(streamUrl(a.uuid, thread, 'Danke!'));
    const req = fake.requests.at(-1)!;
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer test-key');
    expect(req.body.model).toBe('gpt-test');
    const system = req.body.messages[0];
    expect(system.role).toBe('system');
    expect(system.content).toContain(TASK);
    expect(system.content).toContain('wertschätzend');
    expect(req.body.messages.slice(1).map((m: any) => [m.role, m.content])).toEqual([
      ['user', 'Wann kommt Express?'],
      ['assistant', 'Die **Expresslieferung** kommt morgen.'],
      ['user', 'Danke!'],
    ]);
    const stored = await t.database.db.select().from(messages).where(eq(messages.threadId, thread.id));
    const ai = stored.filter((m) => m.origin === 'ai');
    expect(ai[0]).toMatchObject({ status: 'complete', model: 'openai:gpt-test', inputTokens: 42 });
    // Usage is booked in integer units with the answer.
    const usage = await t.database.db.select().from(usageRecords).where(eq(usageRecords.messageId, ai[0]!.id));
    expect(usage).toEqual([
      expect.objectContaining({ capability: 'chat', model: 'openai:gpt-test', inputTokens: 42, outputTokens: 4, teamId: team.id }),
    ]);
  });

  it('stores what came when the provider fails mid-stream, and tells the user', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    const thread = await openThread(agent, a.uuid);
    fake.reply({ text: 'Eins zwei drei vier fünf sechs', failAfterChunks: 3 });
    const { events, done } = parseSse((await agent.get(streamUrl(a.uuid, thread, 'Zähl mal'))).body);
    expect(done).toBe(true);
    expect(events.at(-1)).toEqual({ type: 'error', error: CONVERSATION_MESSAGES.providerInterrupted });
    const stored = await t.database.db.select().from(messages).where(eq(messages.threadId, thread.id));
    expect(stored.map((m) => m.origin)).toEqual(['user', 'ai']);
    expect(stored[1]).toMatchObject({ status: 'partial', text: 'Eins zwei drei ' });
  });

  it('reports a provider that refuses at once, keeping the question', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    const thread = await openThread(agent, a.uuid);
    fake.reply({ status: 500 });
    const { events } = parseSse((await agent.get(streamUrl(a.uuid, thread, 'Hallo?'))).body);
    expect(events).toEqual([{ type: 'error', error: CONVERSATION_MESSAGES.providerFailed }]);
    const stored = await t.database.db.select().from(messages).where(eq(messages.threadId, thread.id));
    expect(stored.map((m) => [m.origin, m.text])).toEqual([['user', 'Hallo?']]);
  });

  it('finishes and stores the answer when the browser disconnects mid-stream, and publishes live progress', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team, { thinkingExpressions: 'Ich grüble …' });
    const agent = await loginAs(t, owner);
    const thread = await openThread(agent, a.uuid);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

    const socket = connect(base, { path: '/socket.io', transports: ['websocket'] });
    const progress: any[] = [];
    socket.on(AI_PROGRESS_EVENT, (e) => progress.push(e));
    const wrong = await socket.emitWithAck(JOIN_THREAD_EVENT, { threadId: thread.id, token: 'falsch' });
    expect(wrong.ok).toBe(false);
    const joined = await socket.emitWithAck(JOIN_THREAD_EVENT, { threadId: thread.id, token: thread.token });
    expect(joined.ok).toBe(true);

    fake.reply({ text: 'Das ist eine lange und langsame Antwort mit vielen Wörtern.', chunkDelayMs: 40 });
    const controller = new AbortController();
    const res = await fetch(`${base}${streamUrl(a.uuid, thread, 'Erzähl langsam')}`, {
      headers: { cookie: `mika_session=${agent.cookies.get('mika_session')}` },
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();

    await expect
      .poll(async () => (await agent.get(`/api/messages/${a.uuid}/${thread.id}?token=${thread.token}`)).json().messages[1]?.status, {
        timeout: 5000,
      })
      .toBe('complete');
    const list = (await agent.get(`/api/messages/${a.uuid}/${thread.id}?token=${thread.token}`)).json().messages;
    expect(list[1]).toMatchObject({ status: 'complete', text: 'Das ist eine lange und langsame Antwort mit vielen Wörtern.' });
    await expect.poll(() => progress.map((p) => p.status)).toEqual(['start-ai', 'request-ai', 'done-ai']);
    expect(progress[0]).toEqual({ threadId: thread.id, status: 'start-ai', msg: 'Ich grüble …' });
    // A connected browser must not keep a stopping server alive: closing the app tells it the
    // server is going away (rather than the browser noticing a dead connection much later).
    const disconnected = new Promise<string>((r) => socket.once('disconnect', r));
    await t.app.close();
    expect(await disconnected).toBe('io server disconnect');
    socket.close();
  });
});
