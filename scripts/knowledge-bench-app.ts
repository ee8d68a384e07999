// The app of the knowledge bench, in this process on a fresh database (app.inject, no HTTP): one
// registered team, assistants made through the API, files uploaded as the Wissen tab does and
// waited for. Used by scripts/bench-knowledge.ts and scripts/qa-ceiling.ts.
// BENCH_DATABASE_URL=postgres://… runs it on a fresh database of that PostgreSQL server instead of
// an embedded PGlite.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../src/server/db/client.ts';
import type { KnowledgeList } from '../src/shared/schemas/knowledge.ts';
import type { QaSet } from '../tests/fixtures/german-qa/index.ts';
import type { Agent } from '../tests/setup/agent.ts';
import { uploadKnowledge } from '../tests/setup/knowledge-upload.ts';
import { openInProcessApp } from './bench-in-process.ts';

/**
 * Uploads a file as the Wissen tab does; a refusal stops the bench with its reason (a refused file
 * would leave waitReady waiting for it for ever — the same bytes twice are refused since the
 * duplicate check).
 */
export async function uploadOrFail(agent: Agent, assistantUuid: string, file: { name: string; data: Buffer }) {
  const res = await uploadKnowledge(agent, assistantUuid, file);
  if (res.status !== 200) throw new Error(`upload of ${file.name} answered ${res.status}: ${res.body.slice(0, 300)}`);
}

export async function waitReady(agent: Agent, assistantUuid: string, count: number) {
  for (;;) {
    const res = await agent.get(`/api/knowledge/${assistantUuid}`);
    if (res.status !== 200)
      throw new Error(`knowledge list answered ${res.status}: ${res.body.slice(0, 300)}`);
    const list = res.json<KnowledgeList>();
    const done = list.files.filter((f) => f.status === 'ready' || f.status === 'error');
    if (done.length >= count) return list;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits until no re-split job is queued or running (it would share the CPU with the timing). */
export async function resplitIdle(db: Db) {
  for (;;) {
    const rows = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from pgboss.job
        where name = 'knowledge-resplit' and state in ('created', 'retry', 'active')`),
    );
    if (Number(rows[0]!.n) === 0) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The app on a fresh database with one registered team that may have ten Mikas. */
export async function openBenchApp() {
  const { database, deps, agent, close } = await openInProcessApp('knowledge', { onServer: true });
  // Several assistants (PDF, the two QA sets, scale): more than a trial team may have.
  await deps.db.execute(sql`update teams set amount_mikas = 10`);
  const newAssistant = async (name: string) => {
    const res = await agent.post('/api/assistant', {
      type: 'chat',
      name,
      role: 'Du bist die Assistenz unseres Teams für alle internen Fragen.',
      task: 'Du beantwortest Fragen aus den Unterlagen des Teams. '.repeat(6),
      style: 'professionell und sachlich',
      is_public: 0,
      can_talk: 0,
    });
    if (res.status >= 300) throw new Error(`assistant ${name}: ${res.status} ${res.body.slice(0, 300)}`);
    return res.json<{ uuid: string }>().uuid;
  };
  const assistantId = async (name: string) =>
    rowsOf<{ id: number }>(await deps.db.execute(sql`select id from assistants where name = ${name}`))[0]!.id;
  /** A QA set's documents in an assistant of their own, indexed and re-split; its id. */
  const indexQaSet = async (name: string, set: QaSet) => {
    const uuid = await newAssistant(name);
    for (const doc of set.documents) await uploadOrFail(agent, uuid, doc);
    await waitReady(agent, uuid, set.documents.length);
    // The re-split job runs a few seconds after the last upload: wait for it. Then the planner's
    // statistics as autovacuum would have them a minute later (a fresh PostgreSQL table has none).
    await resplitIdle(deps.db);
    await deps.db.execute(
      sql`analyze knowledge_postings, knowledge_terms, knowledge_passages, knowledge_files`,
    );
    return assistantId(name);
  };
  return { agent, deps, database, newAssistant, assistantId, indexQaSet, close };
}
