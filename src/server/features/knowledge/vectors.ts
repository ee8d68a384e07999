// Knowledge vectors: a third ranking for retrieval when an embedding model is configured
// (AI_EMBEDDING_MODEL) and the database has pgvector (always in the embedded PGlite; on a
// PostgreSQL server only when the extension is installed — otherwise one log line and retrieval
// stays lexical). The table is created at start, not by a migration, because a server without the
// extension must still migrate. Every text is masked by the team's and assistant's privacy lists
// before it goes to the embedding provider.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import type { PrivacyGate } from '../../ai/privacy-gate.ts';
import { appendAll } from '../../../shared/arrays.ts';

const ready = new WeakMap<Db, Promise<boolean>>();
const BATCH = 64;
export const VECTOR_CANDIDATES = 40;
/** A question's vector may take this long; after it, retrieval goes on without it. */
const QUERY_TIMEOUT_MS = 5000;

/** Whether vectors are stored and used in this process (probed once per database). */
export function vectorsEnabled(deps: Deps): Promise<boolean> {
  if (!deps.ai.canEmbed) return Promise.resolve(false);
  let probe = ready.get(deps.db);
  if (!probe) {
    probe = createVectorStore(deps);
    ready.set(deps.db, probe);
  }
  return probe;
}

async function createVectorStore(deps: Deps): Promise<boolean> {
  try {
    await deps.db.execute(sql`create extension if not exists vector`);
    await deps.db.execute(sql`
      create table if not exists knowledge_vectors (
        passage_id integer primary key references knowledge_passages(id) on delete cascade,
        assistant_id integer not null references assistants(id) on delete cascade,
        model text not null,
        embedding vector not null
      )`);
    await deps.db.execute(sql`create index if not exists knowledge_vectors_assistant_idx on knowledge_vectors (assistant_id, model)`);
    deps.log.info('knowledge vectors on (pgvector): retrieval fuses full text, trigrams and vectors');
    return true;
  } catch (err) {
    deps.log.warn({ err }, 'pgvector is not available: knowledge retrieval stays lexical (full text and trigrams)');
    return false;
  }
}

export interface PassageVectors {
  model: string;
  embeddings: number[][];
  tokens: number;
}

/** Vectors of passages (heading and text), masked by the gate; batches of 64. */
export async function embedPassages(
  deps: Deps,
  gate: PrivacyGate,
  passages: { heading: string; text: string }[],
  signal?: AbortSignal,
): Promise<PassageVectors> {
  const embeddings: number[][] = [];
  let tokens = 0;
  let model = '';
  for (let i = 0; i < passages.length; i += BATCH) {
    const values = passages.slice(i, i + BATCH).map((p) => (p.heading ? `${p.heading}\n${p.text}` : p.text));
    const result = await deps.ai.embed(gate, values, signal);
    appendAll(embeddings, result.embeddings);
    tokens += result.tokens;
    model = result.model;
  }
  return { model, embeddings, tokens };
}

/** Stores vectors for passages just inserted (inside the transaction that inserted them). */
export async function insertVectors(tx: Db, assistantId: number, model: string, rows: { passageId: number; embedding: number[] }[]) {
  for (let i = 0; i < rows.length; i += BATCH) {
    const values = rows
      .slice(i, i + BATCH)
      .map((r) => sql`(${r.passageId}, ${assistantId}, ${model}, ${toVector(r.embedding)}::vector)`);
    await tx.execute(sql`insert into knowledge_vectors (passage_id, assistant_id, model, embedding) values ${sql.join(values, sql`, `)}`);
  }
}

const toVector = (v: number[]) => `[${v.map((x) => (Number.isFinite(x) ? x : 0)).join(',')}]`;

/**
 * The assistant's passages nearest to the question (cosine distance), for the rank fusion, and the
 * embedding call to book. Empty when vectors are off, the question cannot be embedded in time, or
 * no vector of the current model exists (e.g. after a model change, until files are uploaded again).
 */
export async function vectorRanking(
  deps: Deps,
  gate: PrivacyGate,
  assistantId: number,
  question: string,
): Promise<{ ranked: { id: number }[]; usage: { model: string; tokens: number } | null }> {
  if (!(await vectorsEnabled(deps))) return { ranked: [], usage: null };
  let embedded;
  try {
    embedded = await deps.ai.embed(gate, [question], AbortSignal.timeout(QUERY_TIMEOUT_MS));
  } catch (err) {
    deps.log.warn({ err, assistantId }, 'question could not be embedded: lexical retrieval only');
    return { ranked: [], usage: null };
  }
  const usage = { model: embedded.model, tokens: embedded.tokens };
  const vector = embedded.embeddings[0];
  if (!vector) return { ranked: [], usage };
  const result = await deps.db.execute<{ id: number }>(sql`
    select passage_id as id from knowledge_vectors
    where assistant_id = ${assistantId} and model = ${embedded.model}
    order by embedding <=> ${toVector(vector)}::vector, passage_id
    limit ${VECTOR_CANDIDATES}`);
  return { ranked: rowsOf<{ id: number }>(result), usage };
}
