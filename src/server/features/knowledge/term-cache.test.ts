import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { addKnowledge } from '../../../../tests/setup/knowledge.ts';
import { countStatements, installStatementCounter } from '../../../../tests/setup/statement-count.ts';
import { createAssistant, createStaffedTeam, loginAs } from '../../../../tests/factories/index.ts';
import type { Agent } from '../../../../tests/setup/agent.ts';
import type { KnowledgeList } from '../../../shared/schemas/knowledge.ts';
import { analyse } from '../../ai/german-analyzer.ts';
import type { Assistant } from '../../db/schema/index.ts';
import { createNotifiedCaches, type NotifiedCaches } from '../../platform/notified-cache.ts';
import { questionTerms } from './retrieval.ts';
import { KNOWLEDGE_CHANNEL, SETTLE_MS, vocabularyOf } from './term-cache.ts';

// The vocabulary held in memory (term-cache.ts): read once, then without a statement; every change
// of the assistant's terms reaches it through the database's notification — also in another
// instance's cache (a second cache on the same database, with its own LISTEN on PostgreSQL).

let t: TestApp;
let other: NotifiedCaches;
let agent: Agent;
let assistant: Assistant;
beforeAll(async () => {
  t = await createTestApp({ AI_OFFLINE_WORD_DELAY_MS: '0' });
  installStatementCounter(t.database);
  other = createNotifiedCaches(t.database, { log: t.app.log });
  const { team, owner } = await createStaffedTeam(t.database.db);
  assistant = await createAssistant(t.database.db, team);
  agent = await loginAs(t, owner);
  await addKnowledge(agent, assistant.uuid, {
    name: 'Hausordnung.md',
    data: Buffer.from('# Hausordnung\n\nDie Treppenhausreinigung übernimmt jede Woche eine andere Partei. Fahrräder stehen im Keller.\n'),
  });
}, 60_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const stem = (word: string) => analyse(word).words[0]!.stem;
/** How many passages hold the word whole by the vocabulary held in memory; null when none is held. */
const known = async (caches: NotifiedCaches, word: string) => {
  const vocabulary = await vocabularyOf({ db: t.database.db, caches }, assistant.id);
  return vocabulary ? (vocabulary.countsOf([stem(word)]).get(stem(word)) ?? 0) : null;
};
// A vocabulary is loaded once its index has been quiet for SETTLE_MS.
const settled = { timeout: SETTLE_MS + 3000 };

describe('the vocabulary held in memory', () => {
  it('is read once, then serves a question without a statement, as the database would', async () => {
    await expect.poll(() => known(t.deps.caches, 'Treppenhausreinigung'), settled).toBe(1);
    const { result, statements } = await countStatements(() => vocabularyOf(t.deps, assistant.id));
    expect(statements).toEqual([]);
    const question = 'Wer macht die Treppe sauber und wo stehen Räder?';
    const fromDatabase = await questionTerms(t.database.db, assistant.id, question);
    const fromMemory = await questionTerms(t.database.db, assistant.id, question, result);
    expect(fromMemory).toEqual(fromDatabase);
    // "Treppe" reaches the compound it heads, in memory as in the database.
    expect(fromMemory.weights.has(stem('Treppenhausreinigung'))).toBe(true);
  });

  it('learns the words of a file indexed later and forgets those of a deleted file, in every instance', async () => {
    // Polled like the other instance: a change notified late on a busy machine leaves nothing held for SETTLE_MS.
    await expect.poll(() => known(t.deps.caches, 'Dachrinne'), settled).toBe(0);
    await expect.poll(() => known(other, 'Dachrinne'), settled).toBe(0);
    const file = await addKnowledge(agent, assistant.uuid, {
      name: 'Wartung.md',
      data: Buffer.from('# Wartung\n\nDie Dachrinne wird im Herbst vom Hausmeister gereinigt.\n'),
    });
    // Just changed: nothing is held (the questions read the database) until the index is quiet.
    await expect.poll(() => known(other, 'Dachrinne')).toBeNull();
    await expect.poll(() => known(t.deps.caches, 'Dachrinne'), settled).toBe(1);
    await expect.poll(() => known(other, 'Dachrinne'), settled).toBe(1);
    const res = await agent.delete('/api/knowledge', { assistantUuid: assistant.uuid, fileUuid: file.uuid });
    expect(res.status, res.body).toBe(200);
    const list = (await agent.get(`/api/knowledge/${assistant.uuid}`)).json<KnowledgeList>();
    expect(list.files.map((f) => f.name)).toEqual(['Hausordnung.md']);
    await expect.poll(() => known(t.deps.caches, 'Dachrinne'), settled).toBe(0);
    await expect.poll(() => known(other, 'Dachrinne'), settled).toBe(0);
    expect(await known(other, 'Treppenhausreinigung')).toBe(1);
  });

  it('holds no vocabulary above 150,000 terms, and after a change counts them instead of reading them out again', async () => {
    const { team } = await createStaffedTeam(t.database.db);
    const large = await createAssistant(t.database.db, team);
    const terms = (from: number, to: number) => sql`
      insert into knowledge_terms (assistant_id, term, df, exact_df)
      select ${large.id}, 'wort' || g, 1, 1 from generate_series(${from}::int, ${to}::int) g`;
    await t.database.db.execute(terms(1, 150_001));
    // Reading 150,001 rows out takes seconds on a busy machine: the polls allow for it.
    const slowly = { timeout: SETTLE_MS + 15_000 };
    const load = () => countStatements(() => vocabularyOf(t.deps, large.id));
    const readsOut = (statements: string[]) => statements.some((q) => /select term, exact_df/.test(q));
    // The first load reads the terms out, finds too many and holds the marker: questions use the database.
    await expect.poll(async () => readsOut((await load()).statements), slowly).toBe(true);
    expect(await load()).toEqual({ result: null, statements: [] });
    // A change (a crawl adds a page) drops the marker; once quiet, one count answers, no rows come out.
    await t.database.db.execute(terms(150_002, 150_010));
    let after: string[] = [];
    await expect.poll(async () => (after = (await load()).statements).length, slowly).toBe(1);
    expect(readsOut(after)).toBe(false);
    expect(await load()).toEqual({ result: null, statements: [] });
    // Shrunk below the limit, it is counted, read and held again.
    await t.database.db.execute(sql`delete from knowledge_terms where assistant_id = ${large.id} and term like 'wort1%'`);
    await expect.poll(async () => (await load()).result?.size ?? null, slowly).toBeLessThan(150_000);
    expect((await load()).statements).toEqual([]);
  }, 60_000);

  it("keeps nothing a load read when its assistant changed while it ran (another's change does not matter)", async () => {
    // A cache of its own on the knowledge channel (the vocabularies' cache holds vocabularies only).
    const caches = createNotifiedCaches(t.database, { log: t.app.log });
    try {
      const cache = caches.open<string>(KNOWLEDGE_CHANNEL, { maxWeight: 10, maxAgeMs: 60_000 });
      await caches.ready();
      const before = cache.generation;
      // Any statement on the assistant's terms announces a change (here: one that changes no count).
      await t.database.db.execute(sql`update knowledge_terms set df = df where assistant_id = ${assistant.id}`);
      await expect.poll(() => cache.generation).toBeGreaterThan(before);
      const key = String(assistant.id);
      cache.set(key, 'stale', before);
      expect(cache.get(key)).toBeUndefined();
      cache.set(key, 'fresh', cache.generation);
      expect(cache.get(key)).toBe('fresh');
      // Another assistant's change does not hide this one's load.
      cache.set('another', 'kept', before);
      expect(cache.get('another')).toBe('kept');
    } finally {
      await caches.close();
    }
  });

  it('lets the least recently asked go beyond its budget, and the old go after their age', async () => {
    const caches = createNotifiedCaches(t.database, { log: t.app.log });
    try {
      const cache = caches.open<string>('mika_test_budget', { maxWeight: 10, maxAgeMs: 60_000 });
      await expect.poll(() => cache.active).toBe(true);
      cache.set('a', 'A', cache.generation, 4);
      cache.set('b', 'B', cache.generation, 4);
      expect(cache.get('a')).toBe('A');
      cache.set('c', 'C', cache.generation, 4);
      expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['A', undefined, 'C']);
      // One entry above the whole budget is not held at all.
      cache.set('d', 'D', cache.generation, 11);
      expect(cache.get('d')).toBeUndefined();
      // Without a notification an entry is read again after its age (a pooler may swallow them).
      const brief = caches.open<string>('mika_test_age', { maxWeight: 10, maxAgeMs: 50 });
      await caches.ready();
      brief.set('e', 'E', brief.generation);
      expect(brief.get('e')).toBe('E');
      await new Promise((r) => setTimeout(r, 80));
      expect(brief.get('e')).toBeUndefined();
    } finally {
      await caches.close();
    }
  });
});
