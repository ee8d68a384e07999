import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { usageRecords } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { addKnowledge } from '../../../../tests/setup/knowledge.ts';
import { askInThread, openThread } from '../../../../tests/setup/chat.ts';
import { createAssistant, createStaffedTeam, createTeam, createUser, loginAs } from '../../../../tests/factories/index.ts';
import type { Agent } from '../../../../tests/setup/agent.ts';
import { fakeProviderEnv, startFakeOpenAI, type FakeOpenAI } from '../../../../tests/fixtures/fake-openai.ts';
import { startFakeRerank, type FakeRerank } from '../../../../tests/fixtures/fake-rerank.ts';
import { vectorsEnabled } from './vectors.ts';

// Rerank in an answer (docs/knowledge.md, "Rerank"): a chat model and an embedding model (the fake
// OpenAI server) plus a rerank model set up in Insight → KI-Anbieter (a fake server speaking
// Cohere's v2 protocol). Without the reranker the answer's sources come in the fused order; with it
// in the reranker's order; when it fails, in the fused order again, with a warning in the log.

let t: TestApp;
let fake: FakeOpenAI;
let reranker: FakeRerank;
let support: Agent;
const log: string[] = [];

beforeAll(async () => {
  fake = await startFakeOpenAI({ text: 'Gern, hier sind die Versandkosten.' });
  reranker = await startFakeRerank('cohere');
  const stream = new Writable({
    write(chunk, _enc, done) {
      log.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ ...fakeProviderEnv(fake, { AI_EMBEDDING_MODEL: 'emb-test' }), LOG_LEVEL: 'warn' }, { logStream: stream });
  const operatorTeam = await createTeam(t.database.db, { plan: 'agency', name: 'Mika Betrieb' });
  support = await loginAs(t, await createUser(t.database.db, operatorTeam, { isAdmin: true, isSuperadmin: true, role: 'owner', name: 'Sina Support' }));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await reranker?.close();
});

const FILES = {
  'Versand-Inland.txt': 'Versandkosten Inland: Ein Paket innerhalb Deutschlands kostet 4,90 Euro.',
  'Versand-Österreich.txt': 'Versandkosten nach Österreich: 9,90 Euro pro Paket, Laufzeit zwei bis vier Werktage.',
  'Versand-Schweiz.txt': 'Versandkosten in die Schweiz: 14,50 Euro pro Paket zuzüglich Zollgebühren, die der Empfänger trägt.',
  'Versand-Übersee.txt': 'Versandkosten nach Übersee berechnen wir nach Gewicht und Größe; bitte fragen Sie vorher an.',
};
const QUESTION = 'Wie hoch sind die Versandkosten pro Paket?';

/** The file a text sent to the reranker comes from. */
const fileOf = (text: string) => Object.entries(FILES).find(([, content]) => text.includes(content))?.[0];

async function setRerank(body: Record<string, unknown>) {
  const res = await support.request('PUT', '/api/insight/providers', { capability: 'rerank', ...body });
  expect(res.status, res.body).toBe(200);
}

describe('rerank over the fused candidates', () => {
  it('orders the answer’s passages and sources as the reranker says; without it, or when it fails, the fused order stands', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const agent = await loginAs(t, owner);
    const a = await createAssistant(t.database.db, team, { name: 'Mika Versand' });
    for (const [name, text] of Object.entries(FILES)) await addKnowledge(agent, a.uuid, { name, data: Buffer.from(text) });
    const ask = async () => {
      const thread = await openThread(agent, a.uuid);
      const sent = fake.requests.length;
      const { complete } = await askInThread(agent, a.uuid, thread, QUESTION);
      const chat = fake.requests.slice(sent).find((r) => String(r.path).endsWith('/chat/completions'));
      const system = String(chat?.body.messages.find((m: any) => m.role === 'system')?.content ?? '');
      // The files in the order the model was given them ([1] …, [2] …).
      const prompted = [...system.matchAll(/\[\d+\] \(([^,)]+)/g)].map((m) => m[1]);
      return { thread, sources: (complete?.sources ?? []).map((s: { file: string }) => s.file) as string[], prompted };
    };

    // Without a rerank model: the fused order, and the reranker is never asked.
    const fused = await ask();
    const fusedOrder = fused.sources;
    expect([...fusedOrder].sort()).toEqual(Object.keys(FILES).sort());
    expect(fused.prompted).toEqual(fusedOrder);
    // The same question gives the same order (the test below relies on it).
    expect((await ask()).sources).toEqual(fusedOrder);
    expect(reranker.requests).toHaveLength(0);

    // Rerank set up in Insight: it sees the fused candidates and puts the last first.
    await setRerank({ provider: 'cohere', baseUrl: reranker.url, apiKey: 'co-test-key', model: 'rerank-multilingual-v3.0' });
    reranker.scoreBy((_q, _d, index) => index);
    // The processing record names the reranker and what it receives.
    const processors = (await support.get('/api/capabilities')).json().processors;
    expect(processors).toContainEqual({
      name: '127.0.0.1',
      purpose: 'KI-Modell: Sortierung der Suchtreffer im Wissen',
      data: 'Fragen und Auszüge aus Wissensdateien – geschützte Begriffe durch Platzhalter ersetzt',
      location: 'unknown',
    });
    const reranked = await ask();
    expect(reranked.sources).toEqual([...fusedOrder].reverse());
    expect(reranked.prompted).toEqual([...fusedOrder].reverse());
    expect(reranker.requests).toHaveLength(1);
    const [request] = reranker.requests;
    expect(request!.path).toBe('/v2/rerank');
    expect(request!.headers.authorization).toBe('Bearer co-test-key');
    expect(request!.body).toMatchObject({ model: 'rerank-multilingual-v3.0', query: QUESTION, top_n: 6 });
    expect((request!.body.documents as string[]).map(fileOf)).toEqual(fusedOrder);

    // Booked like embeddings: the rerank call, and the question's embedding, with the thread.
    const booked = await t.database.db
      .select()
      .from(usageRecords)
      .where(and(eq(usageRecords.assistantId, a.id), eq(usageRecords.threadId, reranked.thread.id)));
    expect(booked.find((r) => r.capability === 'rerank')).toMatchObject({ teamId: team.id, model: 'cohere:rerank-multilingual-v3.0' });
    expect(booked.find((r) => r.capability === 'rerank')!.inputTokens).toBeGreaterThan(0);
    if (await vectorsEnabled(t.deps)) expect(booked.filter((r) => r.capability === 'embedding')).toHaveLength(1);

    // A failing reranker: the fused order again, and the log says why.
    reranker.fail(500);
    const warnings = log.length;
    const fallback = await ask();
    expect(fallback.sources).toEqual(fusedOrder);
    expect(reranker.requests).toHaveLength(2);
    const warned = log.slice(warnings).join('\n');
    expect(warned).toContain('rerank failed: the knowledge passages keep the fused order');
    expect(warned).toContain('"statusCode":500');
    expect(warned).not.toContain('co-test-key');
    reranker.fail(null);

    // Switched off again: nothing is asked.
    await setRerank({ provider: 'offline' });
    expect((await ask()).sources).toEqual(fusedOrder);
    expect(reranker.requests).toHaveLength(2);
  });

  it('sends the reranker the question and passages masked by the privacy list', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const agent = await loginAs(t, owner);
    await agent.post('/api/filter', { firstKey: 'main', filterString: 'Anna Schmidt, Projekt Falke', protectionLevel: 1 });
    const a = await createAssistant(t.database.db, team);
    await addKnowledge(agent, a.uuid, { name: 'Projekte.txt', data: Buffer.from('Projekt Falke: Leitung hat Anna Schmidt, Abgabe im März.') });
    await addKnowledge(agent, a.uuid, { name: 'Termine.txt', data: Buffer.from('Abgabe der Quartalsberichte im März, Leitung hat die Buchhaltung.') });
    await setRerank({ provider: 'cohere', baseUrl: reranker.url, model: 'rerank-multilingual-v3.0' });
    try {
      const before = reranker.requests.length;
      const thread = await openThread(agent, a.uuid);
      // Both files share words with the question (found lexically too, without vectors).
      await askInThread(agent, a.uuid, thread, 'Wann ist die Abgabe, die Anna Schmidt im Projekt Falke leitet? Wer hat die Leitung?');
      const sent = reranker.requests.slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.body.documents).toHaveLength(2);
      for (const word of ['Anna', 'Schmidt', 'Falke']) expect(JSON.stringify(sent[0]!.body), word).not.toContain(word);
    } finally {
      await setRerank({ provider: 'offline' });
    }
  });
});
