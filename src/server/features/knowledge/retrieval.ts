// Retrieval: two lexical signals (and vectors, when on: vectors.ts) fused by reciprocal rank (RRF).
//  1. PostgreSQL full-text search, configuration `german` (stems, never splits compounds), with
//     prefix matching ("Preis" finds "Preisliste") and question compounds split into parts that
//     occur in the assistant's passages ("Preisliste" finds "Liste der Preise").
//  2. Trigram word similarity (pg_trgm) of each question word against the passage: catches other
//     word forms and spellings that neither stem nor prefix connects.
// Every query is bound to one assistant's passages; the caller proved access to that assistant.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { contentWords, stem } from '../../ai/german-text.ts';

export interface RetrievedPassage {
  id: number;
  fileName: string;
  isFiltered: boolean;
  location: string;
  heading: string;
  text: string;
}

type PassageRow = {
  id: number;
  file_name: string;
  is_filtered: boolean;
  location: string;
  heading: string;
  text: string;
};

const CANDIDATES = 40;
const RRF_K = 60;
const TRIGRAM_THRESHOLD = 0.5;

/** Safe for to_tsquery: only letters and digits survive. */
const lexeme = (w: string) => w.replace(/[^\p{L}\p{N}]/gu, '');

/** Heads and tails of a compound, with the linking -s- / -es- / -n- dropped: "preisliste" → preis, liste. */
export function compoundParts(word: string): string[] {
  if (word.length < 8) return [];
  const parts = new Set<string>();
  for (let i = 4; i <= word.length - 4; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    parts.add(head);
    parts.add(tail);
    for (const link of ['s', 'es', 'n', 'en'])
      if (head.endsWith(link) && head.length - link.length >= 4) parts.add(head.slice(0, -link.length));
  }
  return [...parts];
}

/** Root of a participle or inflected form: "gezahlt" → "zahl", "Lieferungen" → "lieferung". */
function rootOf(word: string): string {
  const w = /^ge\p{L}{4,}(t|en)$/u.test(word) ? word.slice(2) : word;
  return stem(w);
}

interface Ranked {
  id: number;
}

async function ftsRanking(db: Db, assistantId: number, words: string[]): Promise<Ranked[]> {
  const terms = new Set<string>();
  for (const w of words) {
    terms.add(`${lexeme(w)}:*`);
    const root = lexeme(rootOf(w));
    if (root.length >= 4) terms.add(`${root}:*`);
  }
  // Compound parts count only when the assistant's passages contain them (no invented words).
  const parts = [...new Set(words.flatMap(compoundParts).map(lexeme))].filter((p) => p.length >= 4);
  if (parts.length > 0) {
    const rows = await db.execute<{ part: string }>(sql`
      select p.part from unnest(${sql.raw(`ARRAY[${parts.map((p) => `'${p}'`).join(',')}]::text[]`)}) as p(part)
      where exists (select 1 from knowledge_passages k
                    where k.assistant_id = ${assistantId} and k.search @@ to_tsquery('german', p.part || ':*'))`);
    for (const r of rowsOf<{ part: string }>(rows)) terms.add(`${r.part}:*`);
  }
  if (terms.size === 0) return [];
  const query = [...terms].join(' | ');
  const rows = await db.execute<{ id: number }>(sql`
    select k.id from knowledge_passages k
    where k.assistant_id = ${assistantId} and k.search @@ to_tsquery('german', ${query})
    order by ts_rank_cd(k.search, to_tsquery('german', ${query}), 1) desc, k.id
    limit ${CANDIDATES}`);
  return rowsOf<Ranked>(rows);
}

async function trigramRanking(db: Db, assistantId: number, words: string[]): Promise<Ranked[]> {
  const long = words.filter((w) => w.length >= 5).slice(0, 12);
  if (long.length === 0) return [];
  const scores = long.map((w) => sql`greatest(word_similarity(${w}, k.text) - ${TRIGRAM_THRESHOLD}, 0)`);
  const matches = long.map((w) => sql`${w} <% k.text`);
  const rows = await db.execute<{ id: number }>(sql`
    select k.id from knowledge_passages k
    where k.assistant_id = ${assistantId} and (${sql.join(matches, sql` or `)})
    order by (${sql.join(scores, sql` + `)}) desc, k.id
    limit ${CANDIDATES}`);
  return rowsOf<Ranked>(rows);
}


/** Reciprocal rank fusion: each signal contributes 1/(k + rank). */
export function fuse(rankings: Ranked[][]): number[] {
  const score = new Map<number, number>();
  for (const ranking of rankings) {
    ranking.forEach((r, i) => score.set(r.id, (score.get(r.id) ?? 0) + 1 / (RRF_K + i + 1)));
  }
  return [...score.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id);
}

/** The best passages of one assistant for a question, best first. */
export async function searchPassages(
  db: Db,
  assistantId: number,
  question: string,
  limit: number,
  /** Further rankings to fuse (the vector ranking when embeddings are on). */
  extraRankings: Ranked[][] = [],
): Promise<RetrievedPassage[]> {
  const words = contentWords(question)
    .map(lexeme)
    .filter((w) => w.length > 2);
  if (words.length === 0) return [];
  // word_similarity needs the threshold for the <% operator; set per transaction.
  const [fts, trigram] = await Promise.all([
    ftsRanking(db, assistantId, words),
    db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TRIGRAM_THRESHOLD)}, true)`,
      );
      return trigramRanking(tx, assistantId, words);
    }),
  ]);
  const ids = fuse([fts, trigram, ...extraRankings]).slice(0, limit);
  if (ids.length === 0) return [];
  const rows = await db.execute<PassageRow>(sql`
    select k.id, f.name as file_name, f.is_filtered, k.location, k.heading, k.text
    from knowledge_passages k join knowledge_files f on f.id = k.file_id
    where k.assistant_id = ${assistantId} and f.status = 'ready'
      and k.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  const byId = new Map(rowsOf<PassageRow>(rows).map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r
      ? [
          {
            id,
            fileName: r.file_name,
            isFiltered: r.is_filtered,
            location: r.location,
            heading: r.heading,
            text: r.text,
          },
        ]
      : [];
  });
}
