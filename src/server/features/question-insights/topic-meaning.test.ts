import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { askedQuestions, usageRecords } from '../../db/schema/index.ts';
import { createAssistant, createStaffedTeam, loginAs } from '../../../../tests/factories/index.ts';
import { Agent } from '../../../../tests/setup/agent.ts';
import { askInThread, openThread, type TestThread } from '../../../../tests/setup/chat.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { fakeProviderEnv, lastUserContent, startFakeOpenAI, type FakeOpenAI } from '../../../../tests/fixtures/fake-openai.ts';
import type { Insight } from '../../../shared/schemas/question-insights.ts';
import { buildInsight, buildStaleInsights, groupQuestions } from './index.ts';

// Topics by meaning (issue 33, decision 045): with an embedding model, questions that share no word
// but mean the same become one topic, and a chat model names it. The fake provider speaks OpenAI's
// protocol; its embedding model knows the synonyms below ("Wie teuer ist Porto?" means "Was kostet
// der Versand?").

let t: TestApp;
let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  Object.assign(fake.synonyms, { wie: 'was', teuer: 'kostet', ist: 'der', porto: 'versand' });
  t = await createTestApp(fakeProviderEnv(fake, { AI_EMBEDDING_MODEL: 'emb-test', LOG_LEVEL: 'error' }));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const VERSAND = ['Was kostet der Versand?', 'Was kostet der Versand?', 'Was kostet der Versand?'];
const PORTO = ['Wie teuer ist Porto?', 'Wie teuer ist Porto?'];
const LADEN = ['Wann öffnet der Laden?', 'Wann öffnet der Laden am Samstag?'];

async function ask(visitor: Agent, uuid: string, thread: TestThread, questions: string[]) {
  for (const q of questions) expect((await askInThread(visitor, uuid, thread, q)).complete, q).toBeTruthy();
}

const titleRequests = () => fake.requests.filter((r) => String(r.path).endsWith('/chat/completions') && JSON.stringify(r.body).includes('kurzen deutschen Titel'));
const embeddingInputs = () => fake.requests.filter((r) => String(r.path).endsWith('/embeddings')).map((r) => JSON.stringify((r.body as { input: unknown }).input));

describe('topics by meaning', () => {
  it('joins differently worded questions by their vectors, titles the topics once, and keeps the join in a build without the model', async () => {
    // Offline (by their words) the two phrasings are two topics.
    const lexical = groupQuestions([...VERSAND, ...PORTO]);
    expect(new Set(lexical.keys).size).toBe(2);

    const { team, owner } = await createStaffedTeam(t.database.db, { plan: 'team' });
    const mika = await createAssistant(t.database.db, team, { isPublic: true });
    const visitor = new Agent(t.app, '198.51.100.60');
    const thread = await openThread(visitor, mika.uuid, { public: true });
    await ask(visitor, mika.uuid, thread, [...VERSAND, ...PORTO, ...LADEN, 'Bitte Rückruf an max.muster@example.com']);

    fake.reply({
      text: (body) => {
        const asked = lastUserContent(body);
        return /Versand|Porto/u.test(asked) ? 'Versandkosten' : /Laden/u.test(asked) ? '„Öffnungszeiten“.' : 'Titel: Rückruf';
      },
    });
    const titlesBefore = titleRequests().length;
    expect(await buildStaleInsights(t.deps)).toBeGreaterThanOrEqual(1);
    const admin = await loginAs(t, owner);
    const insight = (await admin.get(`/api/insights/${mika.uuid}?days=7`)).json<Insight>();
    expect(insight.topics.map((x) => [x.label, x.count])).toEqual([
      ['Versandkosten', 5],
      ['Öffnungszeiten', 2],
      ['Rückruf', 1],
    ]);
    // Every question got its vector; contact data never went to the embedding model.
    const rows = await t.database.db.select().from(askedQuestions).where(eq(askedQuestions.assistantId, mika.id));
    expect(rows.every((r) => r.embeddingModel !== null && (r.embedding?.length ?? 0) > 0)).toBe(true);
    expect(embeddingInputs().join('\n')).not.toContain('max.muster@example.com');
    // Vectors and titles are booked as the team's usage.
    const usage = await t.database.db.select().from(usageRecords).where(and(eq(usageRecords.assistantId, mika.id), eq(usageRecords.teamId, team.id)));
    expect(usage.filter((u) => u.capability === 'embedding').reduce((n, u) => n + u.inputTokens, 0)).toBeGreaterThan(0);
    const asked = titleRequests().length - titlesBefore;
    expect(asked).toBe(3);

    // A new question on a known topic: embedded, no title asked again.
    await ask(visitor, mika.uuid, thread, ['Wie teuer ist Porto?']);
    await buildStaleInsights(t.deps);
    expect(titleRequests().length - titlesBefore).toBe(asked);
    const again = (await admin.get(`/api/insights/${mika.uuid}?days=7`)).json<Insight>();
    expect(again.topics[0]).toMatchObject({ label: 'Versandkosten', count: 6 });

    // A build without the models (as an erasure runs it) keeps the joined topics and their titles.
    await buildInsight({ db: t.database.db }, mika.id);
    const without = (await admin.get(`/api/insights/${mika.uuid}?days=7`)).json<Insight>();
    expect(without.topics.map((x) => [x.label, x.count])).toEqual([
      ['Versandkosten', 6],
      ['Öffnungszeiten', 2],
      ['Rückruf', 1],
    ]);
  });

  it('a vote shows in the counts within seconds, not only at the next minute', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db, { plan: 'team' });
    const mika = await createAssistant(t.database.db, team, { isPublic: true });
    const visitor = new Agent(t.app, '198.51.100.61');
    const thread = await openThread(visitor, mika.uuid, { public: true });
    const { complete } = await askInThread(visitor, mika.uuid, thread, 'Was kostet der Versand?');
    await buildStaleInsights(t.deps);
    const admin = await loginAs(t, owner);
    const read = async () => (await admin.get(`/api/insights/${mika.uuid}?days=7`)).json<Insight>().feedback;
    expect(await read()).toEqual({ up: 0, down: 0 });
    const voted = await visitor.post('/api/feedback', { assistantUuid: mika.uuid, threadId: thread.id, token: thread.token, messageId: complete!.message_id, value: -1 });
    expect(voted.status, voted.body).toBe(200);
    // The vote queued this Mika's build: the counts follow without the minute's run.
    await expect.poll(read, { timeout: 30_000, interval: 250 }).toEqual({ up: 0, down: 1 });
  });
});
