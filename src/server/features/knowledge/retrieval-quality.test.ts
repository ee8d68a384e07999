import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { addKnowledge } from '../../../../tests/setup/knowledge.ts';
import { parseSse } from '../../../../tests/setup/sse.ts';
import { createAssistant, createStaffedTeam, loginAs } from '../../../../tests/factories/index.ts';
import type { Agent } from '../../../../tests/setup/agent.ts';
import type { Assistant } from '../../db/schema/index.ts';
import { searchPassages } from './retrieval.ts';

// Retrieval quality without embeddings on a small German corpus shipped with the tests: eleven
// documents of a fictional logistics company, 38 questions with the passage that answers each.
// Many questions share no word stem with their passage (compounds, other word forms, synonyms) —
// counted below with PostgreSQL's own german stemmer, not declared by hand.

const CORPUS = path.resolve(import.meta.dirname, '../../../../tests/fixtures/knowledge-corpus');
const questions: { q: string; file: string; passage: string }[] = JSON.parse(
  fs.readFileSync(path.join(CORPUS, 'questions.json'), 'utf8'),
);
const documents = fs.readdirSync(CORPUS).filter((f) => f.endsWith('.md'));

describe('retrieval quality on the German corpus', () => {
  let t: TestApp;
  let assistant: Assistant;
  let agent: Agent;
  beforeAll(async () => {
    t = await createTestApp({ AI_OFFLINE_WORD_DELAY_MS: '0' });
    const { team, owner } = await createStaffedTeam(t.database.db);
    assistant = await createAssistant(t.database.db, team);
    agent = await loginAs(t, owner);
    for (const name of documents)
      await addKnowledge(agent, assistant.uuid, { name, data: fs.readFileSync(path.join(CORPUS, name)) });
  }, 120_000);
  afterAll(async () => t?.close());

  it('ships at least 10 documents and 30 questions, a third of them without a shared word stem', async () => {
    expect(documents.length).toBeGreaterThanOrEqual(10);
    expect(questions.length).toBeGreaterThanOrEqual(30);
    let unshared = 0;
    for (const { q, file, passage } of questions) {
      const result = await t.database.db.execute<{ shared: number; found: number }>(sql`
        select count(*)::int as found,
               coalesce(max(cardinality(array(
                 select unnest(tsvector_to_array(to_tsvector('german', k.heading || ' ' || k.text)))
                 intersect select unnest(tsvector_to_array(to_tsvector('german', ${q})))))), 0)::int as shared
        from knowledge_passages k join knowledge_files f on f.id = k.file_id
        where k.assistant_id = ${assistant.id} and f.name = ${file} and strpos(k.text, ${passage}) > 0`);
      const row = (
        Array.isArray(result) ? result : (result as { rows: { shared: number; found: number }[] }).rows
      )[0]!;
      expect(row.found, `no passage of ${file} contains "${passage}"`).toBeGreaterThan(0);
      if (row.shared === 0) unshared++;
    }
    console.info(`questions without a shared stem: ${unshared}/${questions.length}`);
    expect(unshared).toBeGreaterThanOrEqual(Math.ceil(questions.length / 3));
  });

  it('finds the answering passage among the first five for at least 90 % of the questions', async () => {
    const misses: string[] = [];
    for (const { q, file, passage } of questions) {
      const top = await searchPassages(t.database.db, assistant.id, q, 5);
      if (!top.some((p) => p.fileName === file && p.text.includes(passage)))
        misses.push(`${q} → ${top.map((p) => p.fileName).join(', ')}`);
    }
    const recall = (questions.length - misses.length) / questions.length;
    console.info(
      `recall@5 = ${recall.toFixed(3)} (${questions.length - misses.length}/${questions.length}); misses:\n${misses.join('\n')}`,
    );
    expect(recall).toBeGreaterThanOrEqual(0.9);
  });

  it('lets the offline engine quote the right file for at least 90 % of the questions', async () => {
    let right = 0;
    for (const { q, file } of questions) {
      const thread = (await agent.post('/api/thread/create', { assistantUuid: assistant.uuid })).json<{
        id: number;
        token: string;
      }>();
      const params = new URLSearchParams({
        assistantUuid: assistant.uuid,
        threadId: String(thread.id),
        token: thread.token,
        message: q,
      });
      const res = await agent.get(`/api/send/stream?${params.toString()}`);
      const text = parseSse(res.body)
        .events.filter((e) => e.type === 'text')
        .map((e) => e.text)
        .join('');
      if (text.includes(`— *${file}`)) right++;
    }
    console.info(`offline answers quoting the right file: ${right}/${questions.length}`);
    expect(right / questions.length).toBeGreaterThanOrEqual(0.9);
  });
});
