import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { usageRecords } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { addKnowledge } from '../../../../tests/setup/knowledge.ts';
import { askInThread, openThread } from '../../../../tests/setup/chat.ts';
import { createAssistant, createStaffedTeam, loginAs } from '../../../../tests/factories/index.ts';
import { fakeProviderEnv, startFakeOpenAI, type FakeOpenAI } from '../../../../tests/fixtures/fake-openai.ts';
import { searchPassages } from './retrieval.ts';
import { vectorsEnabled } from './vectors.ts';

// Knowledge vectors with an embedding model (a fake one that speaks OpenAI's embeddings protocol
// and knows a few synonyms): a question that shares no word with its passage is answered from it;
// filtered names never reach the embedding provider. On a PostgreSQL server without pgvector the
// same set-up stays lexical and says so once.

let t: TestApp;
let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  Object.assign(fake.synonyms, { freizeit: 'urlaub', urlaubsanspruch: 'urlaub', erholungstage: 'urlaub' });
  t = await createTestApp(fakeProviderEnv(fake, { AI_EMBEDDING_MODEL: 'emb-test' }));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const embeddingCalls = (since: number) => fake.requests.slice(since).filter((r) => String(r.path).endsWith('/embeddings'));
const chatCalls = (since: number) => fake.requests.slice(since).filter((r) => String(r.path).endsWith('/chat/completions'));

describe('knowledge vectors', () => {
  it('finds a passage that shares no word with the question through its meaning (or stays lexical without pgvector)', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const agent = await loginAs(t, owner);
    const a = await createAssistant(t.database.db, team);
    const before = fake.requests.length;
    await addKnowledge(agent, a.uuid, {
      name: 'Personal.txt',
      data: Buffer.from(
        'Kantine: Die Kantine öffnet werktags um 11 Uhr und schließt um 14 Uhr.\n\n' +
          'Urlaubsanspruch: Alle Mitarbeitenden erhalten 30 Erholungstage jährlich.\n\n' +
          'Parkplätze: Besucher parken auf dem Hof vor Halle 3.',
      ),
    });
    const enabled = await vectorsEnabled(t.deps);
    if (!enabled) {
      // A PostgreSQL server without the extension: nothing is embedded, answers stay lexical.
      expect(t.database.kind).toBe('postgres');
      expect(embeddingCalls(before)).toEqual([]);
      return;
    }
    expect(embeddingCalls(before).length).toBeGreaterThan(0);
    const [usage] = await t.database.db
      .select()
      .from(usageRecords)
      .where(and(eq(usageRecords.assistantId, a.id), eq(usageRecords.capability, 'embedding')));
    expect(usage?.inputTokens).toBeGreaterThan(0);

    const question = 'Wie viel Freizeit steht mir zu?';
    // The lexical rankings alone do not find it: no word, stem, prefix or compound part is shared.
    const lexical = await searchPassages(t.database.db, a.id, question, 5);
    expect(lexical.map((p) => p.text).join(' ')).not.toContain('Erholungstage');

    fake.reply({ text: 'Dreißig.' });
    const thread = await openThread(agent, a.uuid);
    const sent = fake.requests.length;
    const { complete } = await askInThread(agent, a.uuid, thread, question);
    // The question was embedded, and the passage it means is the first one the model is given.
    expect(embeddingCalls(sent)).toHaveLength(1);
    const prompt = JSON.stringify(chatCalls(sent)[0]!.body.messages);
    expect(prompt).toContain('30 Erholungstage');
    expect(complete.sources).toEqual([{ file: 'Personal.txt', location: '' }]);
  });

  it('the API embeds no question for an assistant without knowledge (and still for one with it)', async () => {
    const { team, admin } = await createStaffedTeam(t.database.db, { plan: 'agency' });
    const agent = await loginAs(t, admin);
    const bare = await createAssistant(t.database.db, team, { name: 'Mika Ohne Wissen' });
    const informed = await createAssistant(t.database.db, team, { name: 'Mika Mit Wissen' });
    await addKnowledge(agent, informed.uuid, { name: 'Urlaub.txt', data: Buffer.from('Urlaubsanspruch: 30 Erholungstage jährlich.') });
    const secret = (await agent.post('/api/apikeys', { name: 'Test', scope: 'all', assistants: [] })).json().secret as string;
    fake.reply({ text: 'Gern.' });
    const ask = async (model: string) => {
      const before = fake.requests.length;
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        headers: { authorization: `Bearer ${secret}` },
        payload: { model, messages: [{ role: 'user', content: 'Wie viel Freizeit steht mir zu?' }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      return embeddingCalls(before).length;
    };
    expect(await ask(bare.uuid)).toBe(0);
    expect(await ask(informed.uuid)).toBe((await vectorsEnabled(t.deps)) ? 1 : 0);
  });

  it('masks the privacy list in every text sent to the embedding model', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const agent = await loginAs(t, owner);
    await agent.post('/api/filter', { firstKey: 'main', filterString: 'Anna Schmidt, Projekt Falke', protectionLevel: 1 });
    const a = await createAssistant(t.database.db, team);
    const before = fake.requests.length;
    await addKnowledge(
      agent,
      a.uuid,
      { name: 'Projekte.txt', data: Buffer.from('Projekt Falke: Leitung hat Anna Schmidt, Abgabe im März.') },
      { dataProtection: '1' },
    );
    fake.reply({ text: 'Im März.' });
    const thread = await openThread(agent, a.uuid);
    await askInThread(agent, a.uuid, thread, 'Wann gibt Anna Schmidt das Projekt Falke ab?');
    const sent = JSON.stringify(fake.requests.slice(before).map((r) => r.body));
    for (const word of ['Anna', 'Schmidt', 'Falke']) expect(sent, word).not.toContain(word);
    if (await vectorsEnabled(t.deps)) expect(embeddingCalls(before).length).toBeGreaterThanOrEqual(2);
  });
});
