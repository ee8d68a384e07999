import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { Agent } from '../../../../tests/setup/agent.ts';
import { addKnowledge } from '../../../../tests/setup/knowledge.ts';
import { askInThread, openThread } from '../../../../tests/setup/chat.ts';
import { createAssistant, createStaffedTeam, createTeam, createUser, loginAs } from '../../../../tests/factories/index.ts';
import { FAKE_MP3, startFakeOpenAI, type FakeOpenAI } from '../../../../tests/fixtures/fake-openai.ts';
import { aiProviders, assistants, usageRecords, type User } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/client.ts';
import { AI_PROVIDER_MESSAGES } from '../../../shared/messages.ts';
import type { ProviderList, ProviderSetting } from '../../../shared/schemas/ai-providers.ts';
import { retrieveKnowledge } from '../knowledge/index.ts';
import { vectorsEnabled } from '../knowledge/vectors.ts';
import { GUIDE_SEED_KEY } from '../assistants/index.ts';
import { createPrivacyGate } from '../../ai/privacy-gate.ts';

// Issue 28: AI providers set up in Insight ("KI-Anbieter"). The app starts offline (no AI_*); a
// superadmin points chat at a fake OpenAI server through the API, tests the connection, and the
// next answer comes from it without a restart. Keys go in and never come out — not in an answer,
// not in the log.

const KEY = 'sk-mika-Geheim-7f3a9c2e41b8d05';
const WRONG = 'sk-falsch-0000-1111-2222-3333';

let t: TestApp;
let fake: FakeOpenAI;
let operator: User;
let support: Agent;
const log: string[] = [];
const answers: string[] = [];

beforeAll(async () => {
  fake = await startFakeOpenAI();
  const stream = new Writable({
    write(chunk, _enc, done) {
      log.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ AI_OFFLINE_WORD_DELAY_MS: '0', LOG_LEVEL: 'debug', LIVE_LOGIN_MINUTES: '60' }, { logStream: stream });
  const operatorTeam = await createTeam(t.database.db, { plan: 'agency', name: 'Mika Betrieb' });
  operator = await createUser(t.database.db, operatorTeam, { isAdmin: true, isSuperadmin: true, role: 'owner', name: 'Sina Support' });
  support = await loginAs(t, operator);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** Every answer body is kept: none may ever contain the key. */
async function call(agent: Agent, method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) {
  const res = await agent.request(method, url, body);
  answers.push(res.body);
  return res;
}
async function until(done: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 15_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const setting = (list: ProviderList, capability: string) => list.providers.find((p) => p.capability === capability)!;

describe('KI-Anbieter through the API', () => {
  it('starts from the environment (offline), then a stored chat provider answers at once, tested, key kept', async () => {
    const start = (await call(support, 'GET', '/api/insight/providers')).json<ProviderList>();
    expect((await call(support, 'GET', '/api/capabilities')).json().processors).toEqual([]);
    expect(start.providers.map((p) => p.capability)).toEqual(['chat', 'speech', 'transcription', 'image', 'embedding', 'rerank']);
    expect(setting(start, 'chat')).toMatchObject({ provider: 'offline', source: 'default', offline: true, hasKey: false, contextTokens: 128_000 });
    expect(setting(start, 'rerank')).toMatchObject({ provider: 'offline', source: 'default', offline: true });

    const { team, owner } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team);
    const user = await loginAs(t, owner);
    const thread = await openThread(user, a.uuid);
    const offline = await askInThread(user, a.uuid, thread, 'Hallo?');
    expect(offline.streamed).toContain('Offline-Modus');

    // A loopback http:// URL is trusted configuration for the operator (a local Ollama).
    const put = await call(support, 'PUT', '/api/insight/providers', {
      capability: 'chat',
      provider: 'openai',
      baseUrl: fake.url,
      apiKey: KEY,
      model: 'gpt-fake',
      contextTokens: 32_000,
    });
    expect(put.status, put.body).toBe(200);
    expect(put.json().message).toBe(AI_PROVIDER_MESSAGES.saved);
    expect(setting(put.json(), 'chat')).toMatchObject<Partial<ProviderSetting>>({
      provider: 'openai',
      baseUrl: fake.url,
      model: 'gpt-fake',
      contextTokens: 32_000,
      hasKey: true,
      source: 'stored',
      offline: false,
    });
    // Sealed at rest: the row holds no readable key.
    const [row] = await t.database.db.select().from(aiProviders).where(eq(aiProviders.capability, 'chat'));
    expect(row!.apiKeySecret).toMatch(/^v1\./);
    expect(row!.apiKeySecret).not.toContain(KEY);

    fake.reply({ text: 'OK' });
    const test = await call(support, 'POST', '/api/insight/providers/test', { capability: 'chat' });
    expect(test.json()).toEqual({ ok: true, message: AI_PROVIDER_MESSAGES.testChatOk('OK') });
    expect(fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${KEY}`);

    // The next answer comes from the provider, without a restart; the capabilities say so too.
    fake.reply({ text: 'Antwort vom eingestellten Anbieter.' });
    const answer = await askInThread(user, a.uuid, thread, 'Und jetzt?');
    expect(answer.streamed).toBe('Antwort vom eingestellten Anbieter.');
    expect(fake.requests.at(-1)!.body.model).toBe('gpt-fake');
    const caps = (await call(user, 'GET', '/api/capabilities')).json();
    expect(caps).toMatchObject({ offline: false, chat: { available: true, provider: 'openai', model: 'gpt-fake' } });
    // The processing record's sub-processors follow: the provider at its host, location unknown.
    expect(caps.processors).toEqual([
      { name: '127.0.0.1', purpose: 'KI-Modell: Chat- und Aufgabenantworten', data: expect.stringContaining('Nachrichten und Verlauf'), location: 'unknown' },
    ]);

    // apiKey omitted keeps the stored key.
    const again = await call(support, 'PUT', '/api/insight/providers', { capability: 'chat', provider: 'openai', baseUrl: fake.url, model: 'gpt-fake-2' });
    expect(again.status, again.body).toBe(200);
    fake.reply({ text: 'Zweites Modell.' });
    expect((await askInThread(user, a.uuid, thread, 'Noch was?')).streamed).toBe('Zweites Modell.');
    expect(fake.requests.at(-1)!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(fake.requests.at(-1)!.body.model).toBe('gpt-fake-2');
  });

  it('a wrong key: the test shows the provider\'s error in German, without the key', async () => {
    fake.requireKey(KEY);
    try {
      const put = await call(support, 'PUT', '/api/insight/providers', { capability: 'chat', provider: 'openai', baseUrl: fake.url, apiKey: WRONG, model: 'gpt-fake' });
      expect(put.status, put.body).toBe(200);
      const res = await call(support, 'POST', '/api/insight/providers/test', { capability: 'chat' });
      expect(res.status).toBe(200);
      const { ok, message } = res.json<{ ok: boolean; message: string }>();
      expect(ok).toBe(false);
      expect(message).toMatch(/^Der Anbieter hat den API-Schlüssel abgelehnt: HTTP 401 – Incorrect API key provided: \[Schlüssel verborgen\]/);
      expect(message).not.toContain(WRONG);
      expect(message).not.toContain('3333');
      // An unreachable provider is said so, too.
      await call(support, 'PUT', '/api/insight/providers', { capability: 'chat', provider: 'openai', baseUrl: 'http://127.0.0.1:1/v1', model: 'gpt-fake' });
      const down = (await call(support, 'POST', '/api/insight/providers/test', { capability: 'chat' })).json();
      expect(down.ok).toBe(false);
      expect(down.message).toMatch(/^Der Anbieter ist nicht erreichbar: /);
    } finally {
      fake.requireKey(null);
      await call(support, 'PUT', '/api/insight/providers', { capability: 'chat', provider: 'openai', baseUrl: fake.url, apiKey: KEY, model: 'gpt-fake' });
    }
  });

  it('"Verbindung testen" makes one small real call for every capability', async () => {
    const cases: [string, string, string, string][] = [
      ['speech', 'openai', 'tts-test', AI_PROVIDER_MESSAGES.testSpeechOk(FAKE_MP3.length)],
      ['transcription', 'openai-compatible', 'whisper-test', AI_PROVIDER_MESSAGES.testTranscriptionOk],
      ['image', 'openai', 'gpt-image-test', AI_PROVIDER_MESSAGES.testModelsOk(2)],
      ['rerank', 'openai-compatible', 'rerank-test', AI_PROVIDER_MESSAGES.testRerankOk],
    ];
    for (const [capability, provider, model, message] of cases) {
      const before = fake.requests.length;
      const put = await call(support, 'PUT', '/api/insight/providers', { capability, provider, baseUrl: fake.url, apiKey: KEY, model });
      expect(put.status, put.body).toBe(200);
      expect((await call(support, 'POST', '/api/insight/providers/test', { capability })).json(), capability).toEqual({ ok: true, message });
      const sent = fake.requests.slice(before);
      expect(sent.length, capability).toBe(1);
      expect(sent[0].headers.authorization).toBe(`Bearer ${KEY}`);
    }
    const caps = (await call(support, 'GET', '/api/capabilities')).json();
    expect(caps).toMatchObject({ speech: { available: true, model: 'tts-test' }, transcription: { available: true }, image: { available: true, provider: 'openai' } });
    // Back to offline: nothing is asked.
    for (const capability of ['speech', 'transcription', 'image', 'rerank']) {
      await call(support, 'PUT', '/api/insight/providers', { capability, provider: 'offline' });
      const before = fake.requests.length;
      expect((await call(support, 'POST', '/api/insight/providers/test', { capability })).json()).toEqual({ ok: true, message: AI_PROVIDER_MESSAGES.offlineOk });
      expect(fake.requests.length).toBe(before);
    }
    expect((await call(support, 'GET', '/api/capabilities')).json()).toMatchObject({ speech: { available: false }, image: { available: false } });
  });

  it('refuses bad input in German and changes nothing; user URLs keep the outbound guard', async () => {
    const before = await t.database.db.select().from(aiProviders);
    const cases: [unknown, string, string][] = [
      [{ capability: 'chat', provider: 'recraft', model: 'x' }, 'provider', AI_PROVIDER_MESSAGES.providerInvalid],
      [{ capability: 'embedding', provider: 'openai-compatible', model: 'nomic' }, 'baseUrl', AI_PROVIDER_MESSAGES.baseUrlRequired],
      [{ capability: 'chat', provider: 'openai', baseUrl: 'ftp://example.com', model: 'x' }, 'baseUrl', AI_PROVIDER_MESSAGES.baseUrlInvalid],
      [{ capability: 'chat', provider: 'openai', baseUrl: 'https://example.com/v1' }, 'model', AI_PROVIDER_MESSAGES.modelRequired],
      [{ capability: 'chat', provider: 'openai', model: 'x', contextTokens: 10 }, 'contextTokens', AI_PROVIDER_MESSAGES.contextInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(support, 'PUT', '/api/insight/providers', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json().error).toBe(message);
      expect(res.json().fields?.[field], res.body).toEqual([message]);
    }
    expect(await t.database.db.select().from(aiProviders)).toEqual(before);
    // The same loopback address typed as an MCP server (a team's tool) is still refused.
    const { team } = await createStaffedTeam(t.database.db);
    const mcp = await call(support, 'POST', '/api/insight/mcp', { teamUuid: team.uuid, name: 'Intern', url: fake.url });
    expect(mcp.status).toBe(422);
  });

  it('refuses owner, admin, employee and a live login (403), anonymous (401)', async () => {
    const { team, owner, admin, employee } = await createStaffedTeam(t.database.db);
    const live = await loginAs(t, operator);
    expect((await live.post('/api/insight/livelogin', { teamUuid: team.uuid })).status).toBe(200);
    const before = await t.database.db.select().from(aiProviders);
    const calls: ['GET' | 'PUT' | 'POST', string, unknown][] = [
      ['GET', '/api/insight/providers', undefined],
      ['PUT', '/api/insight/providers', { capability: 'chat', provider: 'openai', baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'x', model: 'boese' }],
      ['POST', '/api/insight/providers/test', { capability: 'chat' }],
    ];
    for (const [who, agent, status] of [
      ['owner', await loginAs(t, owner), 403],
      ['admin', await loginAs(t, admin), 403],
      ['employee', await loginAs(t, employee), 403],
      ['live login', live, 403],
      ['anonymous', new Agent(t.app), 401],
    ] as const) {
      for (const [method, url, body] of calls) {
        const res = await call(agent, method, url, body);
        expect(res.status, `${who} ${method} ${url}`).toBe(status);
      }
    }
    expect(await t.database.db.select().from(aiProviders)).toEqual(before);
  });

  it('feeds the chat setting\'s contextTokens to /v1', async () => {
    const { team, admin } = await createStaffedTeam(t.database.db, { plan: 'agency' });
    const a = await createAssistant(t.database.db, team);
    const secret = (await (await loginAs(t, admin)).post('/api/apikeys', { name: 'CRM', scope: 'all', assistants: [] })).json().secret as string;
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        payload: { model: a.uuid, messages: [{ role: 'user', content: 'Die Lieferung der Ersatzteile verzögert sich um drei Wochen. '.repeat(150) }] },
      });
    await call(support, 'PUT', '/api/insight/providers', { capability: 'chat', provider: 'openai', baseUrl: fake.url, model: 'gpt-fake', contextTokens: 1000 });
    const refused = await ask();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'context_length_exceeded' });
    expect(refused.json().error.message).toContain('maximum context length is 1000 tokens');
    await call(support, 'PUT', '/api/insight/providers', { capability: 'chat', provider: 'openai', baseUrl: fake.url, model: 'gpt-fake', contextTokens: 128_000 });
    fake.reply({ text: 'Passt.' });
    const fits = await ask();
    expect(fits.statusCode, fits.body).toBe(200);
    expect(fits.json().choices[0].message.content).toBe('Passt.');
  });
});

describe('switching the embedding model', () => {
  it('re-embeds the knowledge in the background; retrieval keeps working meanwhile', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const user = await loginAs(t, owner);
    const a = await createAssistant(t.database.db, team);
    const put = await call(support, 'PUT', '/api/insight/providers', { capability: 'embedding', provider: 'openai', baseUrl: fake.url, apiKey: KEY, model: 'emb-eins' });
    expect(put.status, put.body).toBe(200);
    expect((await call(support, 'POST', '/api/insight/providers/test', { capability: 'embedding' })).json()).toEqual({ ok: true, message: AI_PROVIDER_MESSAGES.testEmbeddingOk(64) });
    await addKnowledge(user, a.uuid, {
      name: 'Personal.txt',
      data: Buffer.from('Urlaubsanspruch: Alle Mitarbeitenden erhalten 30 Erholungstage jährlich.\n\nKantine: Die Kantine öffnet um 11 Uhr.'),
    });
    if (!(await vectorsEnabled(t.deps))) {
      // A PostgreSQL server without pgvector: nothing to re-embed, retrieval is lexical throughout.
      expect(t.database.kind).toBe('postgres');
      await call(support, 'PUT', '/api/insight/providers', { capability: 'embedding', provider: 'openai', baseUrl: fake.url, model: 'emb-zwei' });
      expect((await call(support, 'GET', '/api/insight/providers')).json<ProviderList>().reembedding).toEqual({ pending: 0 });
      const found = await retrieveKnowledge(t.deps, a.id, 'Wie viele Erholungstage gibt es?', { gate: createPrivacyGate([]) });
      expect(found.map((p) => p.text).join(' ')).toContain('30 Erholungstage');
      return;
    }
    const models = async () =>
      rowsOf<{ model: string }>(await t.database.db.execute(sql`select model from knowledge_vectors where assistant_id = ${a.id}`)).map((r) => r.model);
    expect(new Set(await models())).toEqual(new Set(['openai:emb-eins']));

    // The new model is slow with the passages: the job is still running while the Mika is asked.
    fake.delayEmbeddings((inputs) => (inputs.some((i) => i.includes('Urlaubsanspruch')) ? 2500 : 0));
    const gate = createPrivacyGate([]);
    const switched = await call(support, 'PUT', '/api/insight/providers', { capability: 'embedding', provider: 'openai', baseUrl: fake.url, model: 'emb-zwei' });
    expect(switched.status).toBe(200);
    expect(setting(switched.json(), 'embedding')).toMatchObject({ model: 'emb-zwei', hasKey: true });
    // The help Mika (Mika Wegweiser, seeded with the user guide) is older and re-embedded first, at once.
    const guide = (await t.database.db.select({ id: assistants.id }).from(assistants).where(eq(assistants.seedKey, GUIDE_SEED_KEY)))[0]!.id;
    const guideModels = async () =>
      rowsOf<{ model: string }>(await t.database.db.execute(sql`select model from knowledge_vectors where assistant_id = ${guide}`)).map((r) => r.model);
    await until(async () => (await guideModels()).length > 0 && (await guideModels()).every((m) => m === 'openai:emb-zwei'), 'help Mika re-embedded');
    const meanwhile = await retrieveKnowledge(t.deps, a.id, 'Wie viele Erholungstage gibt es?', { gate });
    expect(meanwhile.map((p) => p.text).join(' ')).toContain('30 Erholungstage');
    // …answered lexically: the old model's vectors are still there and are not compared with the new one's.
    expect(new Set(await models())).toEqual(new Set(['openai:emb-eins']));
    expect((await call(support, 'GET', '/api/insight/providers')).json<ProviderList>().reembedding.pending).toBe(1);
    fake.delayEmbeddings(() => 0);

    // Done: every vector is of the new model (none of the old one mixes in), and it was booked.
    await until(async () => (await models()).every((m) => m === 'openai:emb-zwei'), 'knowledge re-embedded');
    expect((await models()).length).toBeGreaterThan(0);
    const usage = await t.database.db
      .select()
      .from(usageRecords)
      .where(and(eq(usageRecords.assistantId, a.id), eq(usageRecords.model, 'openai:emb-zwei')));
    expect(usage.length).toBe(1);
    expect((await call(support, 'GET', '/api/insight/providers')).json<ProviderList>().reembedding).toEqual({ pending: 0 });
    const after = await retrieveKnowledge(t.deps, a.id, 'Wie viele Erholungstage gibt es?', { gate });
    expect(after.map((p) => p.text).join(' ')).toContain('30 Erholungstage');
    const embedded = fake.requests.filter((r) => String(r.path).endsWith('/embeddings') && r.body.model === 'emb-zwei');
    expect(embedded.length).toBeGreaterThan(0);
  });
});

describe('the key', () => {
  it('never appears in any answer or in the log', () => {
    expect(answers.length).toBeGreaterThan(20);
    for (const body of answers) {
      expect(body).not.toContain(KEY);
      expect(body).not.toContain(WRONG);
    }
    const text = log.join('');
    expect(text).toContain('AI provider changed in Insight');
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(WRONG);
    expect(text).not.toContain('Geheim-7f3a');
  });
});
