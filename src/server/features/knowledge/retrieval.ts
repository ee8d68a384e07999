// Retrieval (docs/knowledge.md): BM25 over our own inverted index (postings.ts), with vectors fused
// when embeddings are on (vectors.ts).
//  1. The question is analysed like the passages (german-analyzer.ts): stop words out, stems,
//     separable verbs joined, compounds split by the assistant's own vocabulary (parts weigh less;
//     fully when the compound occurs nowhere whole); each word also reaches the compounds it heads.
//  2. BM25 (k1 1.2, b 0.75) with IDF from the assistant's document frequencies (knowledge_terms)
//     and the passage length against the average, in one query over knowledge_postings; plus the
//     passage's file scored the same way as one document (two-level BM25, weight FILE_WEIGHT).
//  3. Only when BM25 finds fewer passages than asked for and the question has words that occur
//     nowhere in the assistant's passages: the vocabulary's terms spelt like them (pg_trgm
//     similarity on knowledge_terms), ranked below every BM25 hit.
//  4. Reciprocal rank fusion with the vector ranking; equal fused scores are ordered by the BM25
//     score, then by passage id — the same question always gives the same order.
// Without a vector ranking BM25's statement also reads the passages it ranks first (a materialised
// CTE over the top ids: a lateral join there ranked every hit first, 2–3× slower at 10,000
// passages); only trigram and vector hits are read by a statement of their own.
// Every query is bound to one assistant's passages; the caller proved access to that assistant.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import {
  analyse,
  compoundCandidates,
  compoundSplitter,
  PART_WEIGHT,
  weightedTerms,
} from '../../ai/german-analyzer.ts';
import { textArray, valueArray, vocabularyCounts } from './postings.ts';
import { QA_EXTENSION } from './qa-file.ts';
import type { Vocabulary } from './term-cache.ts';

export interface RetrievedPassage {
  id: number;
  fileName: string;
  /** A passage of the Mika's question-and-answer entries (knowledge-qa.ts), whatever its file is called. */
  isQa: boolean;
  isFiltered: boolean;
  location: string;
  heading: string;
  text: string;
  /** The passages before and after it in the same section (it was cut there), else null. */
  before: string | null;
  after: string | null;
}

type PassageRow = {
  id: number;
  file_name: string;
  is_qa: boolean;
  is_filtered: boolean;
  location: string;
  heading: string;
  text: string;
  before: string | null;
  after: string | null;
};

const CANDIDATES = 40;
const RRF_K = 60;
// pg_trgm's default: "Reparatur" meets "repariert" (0.36), ranked after every BM25 hit anyway.
const TRIGRAM_THRESHOLD = 0.3;
export const BM25 = { k1: 1.2, b: 0.75 } as const;
// Constants of the formula, written into the statement as float8 literals.
const K1 = sql.raw(`${BM25.k1}::float8`);
const K1_PLUS_1 = sql.raw(`${BM25.k1 + 1}::float8`);
const B = sql.raw(`${BM25.b}::float8`);
/** Weight of the file's score in a passage's (two-level BM25: bm25Ranking). */
const FILE_WEIGHT = 1.5;
const FILE_WEIGHT_SQL = sql.raw(`${FILE_WEIGHT}::float8`);

export interface Ranked {
  id: number;
  /** The ranking's own score (BM25), for the tie-break; absent for fallback and vector hits. */
  score?: number;
  /** The passage itself, when the ranking's statement read it already (the first hits of BM25). */
  passage?: RetrievedPassage;
}

/**
 * The passages of one assistant's ready files that `filter` selects (on `k`, knowledge_passages),
 * with their file and, where a section was cut, their neighbours in it.
 */
const passageRows = (assistantId: number, filter: SQL) => sql`
    select k.id, f.name as file_name, f.extension = ${QA_EXTENSION} as is_qa, f.is_filtered, k.location, k.heading, k.text,
      (select b.text from knowledge_passages b where b.file_id = k.file_id and b.position = k.position - 1
         and b.location = k.location and b.heading = k.heading) as before,
      (select a.text from knowledge_passages a where a.file_id = k.file_id and a.position = k.position + 1
         and a.location = k.location and a.heading = k.heading) as after
    from knowledge_passages k join knowledge_files f on f.id = k.file_id
    where k.assistant_id = ${assistantId} and f.status = 'ready' and ${filter}`;

const toPassage = (r: PassageRow): RetrievedPassage => ({
  id: Number(r.id),
  fileName: r.file_name,
  isQa: r.is_qa,
  isFiltered: r.is_filtered,
  location: r.location,
  heading: r.heading,
  text: r.text,
  before: r.before,
  after: r.after,
});

/** The question's weighted terms: stems (1), joined separable verbs (1), compound parts (0.5). */
export async function questionTerms(
  db: Db,
  assistantId: number,
  question: string,
  /** The assistant's vocabulary held in memory (term-cache.ts); without it the database is asked. */
  held: Vocabulary | null = null,
): Promise<{ weights: Map<string, number>; unknown: string[] }> {
  const analysed = analyse(question);
  const content = analysed.words.filter((w) => !w.stop);
  const candidates = content.flatMap((w) => [w.stem, ...compoundCandidates(w.surface, true)]);
  // Compounds indexed before their parts were known words (an earlier file) are still found by
  // their head: "Treppe" meets "Treppenhausreinigung" — at a part's weight, less when the word is
  // known on its own. Both lookups are sent at once: neither needs the other's answer.
  const heads = [...new Set(content.map((w) => w.stem))].filter((s) => s.length >= 4 && !/\d/u.test(s));
  const [vocabulary, expansions] = held
    ? [held.countsOf(candidates), held.expansionsOf(heads, EXPANSIONS_PER_WORD, EXPANSION_LONGER)]
    : await Promise.all([
        candidates.length > 0 ? vocabularyCounts(db, assistantId, candidates) : new Map<string, number>(),
        headExpansions(db, assistantId, heads),
      ]);
  const split = compoundSplitter((stem) => vocabulary.get(stem) ?? 0);
  // A compound that occurs nowhere whole is only found by its parts: they count fully then.
  const weights = weightedTerms(analysed, split, 1, new Map(), true, (stem) =>
    vocabulary.has(stem) ? PART_WEIGHT : 1,
  );
  for (const [stem, term] of expansions) {
    if (weights.has(term)) continue;
    const w = (weights.get(stem) ?? 0) * PART_WEIGHT * (vocabulary.has(stem) ? EXPANSION_KNOWN : 1);
    if (w > 0) weights.set(term, w);
  }
  const unknown = [
    ...new Set(content.filter((w) => !vocabulary.has(w.stem) && w.stem.length >= 5).map((w) => w.stem)),
  ];
  return { weights, unknown };
}

const EXPANSIONS_PER_WORD = 4;
/** An expansion is at least this many letters longer than the stem it begins with. */
const EXPANSION_LONGER = 3;
const EXPANSION_KNOWN = Number(process.env.MIKA_EXPANSION_KNOWN ?? 0.5);

/** Longer terms of the assistant's vocabulary that begin with a stem (EXPANSION_LONGER letters more). */
async function headExpansions(db: Db, assistantId: number, stems: string[]): Promise<[string, string][]> {
  if (stems.length === 0) return [];
  const next = (s: string) => s.slice(0, -1) + String.fromCodePoint(s.codePointAt(s.length - 1)! + 1);
  const rows = await db.execute<{ stem: string; term: string }>(sql`
    select q.stem, e.term
    from unnest(${textArray(stems)}::text[], ${textArray(stems.map(next))}::text[]) as q(stem, upper)
    cross join lateral (
      select t.term from knowledge_terms t
      where t.assistant_id = ${assistantId} and t.exact_df > 0
        and t.term ~>=~ q.stem and t.term ~<~ q.upper and length(t.term) >= length(q.stem) + ${EXPANSION_LONGER}
      order by t.exact_df desc, t.term collate "C"
      limit ${EXPANSIONS_PER_WORD}) e`);
  return rowsOf<{ stem: string; term: string }>(rows).map((r) => [r.stem, r.term]);
}

/** Terms of the assistant's vocabulary spelt like a word that occurs nowhere, with their similarity. */
async function similarTerms(
  db: Db,
  assistantId: number,
  stems: string[],
): Promise<{ stem: string; term: string; similarity: number }[]> {
  if (stems.length === 0) return [];
  return db.transaction(async (tx) => {
    // The % operator's threshold; set per transaction.
    await tx.execute(
      sql`select set_config('pg_trgm.similarity_threshold', ${String(TRIGRAM_THRESHOLD)}, true)`,
    );
    const rows = await tx.execute<{ stem: string; term: string; similarity: number }>(sql`
      select q.stem, e.term, e.similarity
      from unnest(${textArray(stems)}::text[]) as q(stem)
      cross join lateral (
        select t.term, similarity(t.term, q.stem)::float8 as similarity from knowledge_terms t
        where t.assistant_id = ${assistantId} and lower(t.term) % q.stem
        order by similarity(t.term, q.stem) desc, t.term collate "C"
        limit 3) e`);
    return rowsOf<{ stem: string; term: string; similarity: number }>(rows).map((r) => ({
      ...r,
      similarity: Number(r.similarity),
    }));
  });
}

/**
 * Two-level BM25 over the postings of one assistant's ready files: a passage's BM25 score plus
 * FILE_WEIGHT × its file's BM25 score for the same question, the file taken as one document (term
 * frequencies summed over its passages, IDF over files, length against the average file). A question
 * whose words are spread over the right document then finds its passage there rather than a passage
 * of another document that happens to share one of them.
 */
export async function bm25Ranking(
  db: Db,
  assistantId: number,
  weights: Map<string, number>,
  limit = CANDIDATES,
  /** The first this many hits come with their passage, read in the same statement. */
  withPassages = 0,
): Promise<Ranked[]> {
  if (weights.size === 0) return [];
  const terms = [...weights.keys()];
  const rows = await db.execute<{ id: number; score: number }>(sql`
    with q(term, w) as (
      select * from unnest(${textArray(terms)}::text[], ${valueArray(terms.map((t) => weights.get(t)!))}::float8[])),
    stats as (
      select greatest(coalesce(sum(passage_count), 0), 1)::float8 as n,
             greatest(coalesce(sum(term_total), 0), 1)::float8 / greatest(coalesce(sum(passage_count), 0), 1) as avgdl,
             greatest(count(*), 1)::float8 as nf,
             greatest(coalesce(sum(term_total), 0), 1)::float8 / greatest(count(*), 1) as avgfl
      from knowledge_files where assistant_id = ${assistantId} and status = 'ready'),
    hits as materialized (
      select p.passage_id, p.file_id, q.term, q.w, t.df::float8 as df, p.tf, p.length
      from q
      join knowledge_terms t on t.assistant_id = ${assistantId} and t.term = q.term
      join knowledge_postings p on p.assistant_id = ${assistantId} and p.term = q.term),
    file_tf as (
      select file_id, term, max(w) as w, sum(tf) as tf, count(*) over (partition by term)::float8 as df
      from hits group by file_id, term),
    file_score as (
      select ft.file_id,
             sum(ft.w * ln(1 + (greatest(s.nf, ft.df) - ft.df + 0.5) / (ft.df + 0.5))
                 * ft.tf * ${K1_PLUS_1} / (ft.tf + ${K1} * (1 - ${B} + ${B} * f.term_total / s.avgfl))) as score
      from file_tf ft join knowledge_files f on f.id = ft.file_id cross join stats s
      group by ft.file_id),
    passage_score as (
      select h.passage_id, h.file_id,
             sum(h.w * ln(1 + (greatest(s.n, h.df) - h.df + 0.5) / (h.df + 0.5))
                 * h.tf * ${K1_PLUS_1} / (h.tf + ${K1} * (1 - ${B} + ${B} * h.length / s.avgdl))) as score
      from hits h cross join stats s
      group by h.passage_id, h.file_id),
    ranked as materialized (
      select ps.passage_id as id, ps.score + ${FILE_WEIGHT_SQL} * fs.score as score
      from passage_score ps join file_score fs on fs.file_id = ps.file_id
      order by score desc, ps.passage_id
      limit ${limit}),
    shown as materialized (${passageRows(assistantId, sql`k.id in (select id from ranked order by score desc, id limit ${withPassages})`)})
    select r.id, r.score, p.file_name, p.is_qa, p.is_filtered, p.location, p.heading, p.text, p.before, p.after
    from ranked r left join shown p on p.id = r.id
    order by r.score desc, r.id`);
  return rowsOf<{ id: number; score: number } & Partial<PassageRow>>(rows).map((r) => ({
    id: Number(r.id),
    score: Number(r.score),
    ...(r.file_name != null ? { passage: toPassage(r as PassageRow) } : {}),
  }));
}

/**
 * Reciprocal rank fusion: each ranking contributes 1/(k + rank). Equal sums are ordered by the
 * best own score a passage has in any ranking (BM25), then by id: deterministic, score first.
 */
export function fuse(rankings: Ranked[][]): number[] {
  const fused = new Map<number, { rrf: number; score: number }>();
  for (const ranking of rankings) {
    ranking.forEach((r, i) => {
      const entry = fused.get(r.id) ?? { rrf: 0, score: Number.NEGATIVE_INFINITY };
      entry.rrf += 1 / (RRF_K + i + 1);
      if (r.score !== undefined) entry.score = Math.max(entry.score, r.score);
      fused.set(r.id, entry);
    });
  }
  return [...fused.entries()]
    .sort((a, b) => b[1].rrf - a[1].rrf || b[1].score - a[1].score || a[0] - b[0])
    .map(([id]) => id);
}

/** The lexical ranking: BM25, continued by trigram matches when BM25 finds fewer than `limit`. */
export async function lexicalRanking(
  db: Db,
  assistantId: number,
  question: string,
  limit: number,
  withPassages = 0,
  vocabulary: Vocabulary | null = null,
): Promise<Ranked[]> {
  const { weights, unknown } = await questionTerms(db, assistantId, question, vocabulary);
  const ranked = await bm25Ranking(db, assistantId, weights, CANDIDATES, withPassages);
  if (ranked.length >= limit || unknown.length === 0) return ranked;
  // Too little found: words that occur nowhere are looked up by spelling in the vocabulary, and
  // the passages they find follow every BM25 hit.
  const similar = new Map<string, number>();
  for (const { stem, term, similarity } of await similarTerms(db, assistantId, unknown))
    similar.set(term, Math.max(similar.get(term) ?? 0, (weights.get(stem) ?? 1) * similarity));
  const seen = new Set(ranked.map((r) => r.id));
  const fallback = (await bm25Ranking(db, assistantId, similar)).filter((r) => !seen.has(r.id));
  return [...ranked, ...fallback.map((r) => ({ id: r.id }))];
}

/** The best passages of one assistant for a question, best first. */
export async function searchPassages(
  db: Db,
  assistantId: number,
  question: string,
  limit: number,
  /** Further rankings to fuse (the vector ranking when embeddings are on). */
  extraRankings: Ranked[][] = [],
  /** The assistant's vocabulary held in memory (term-cache.ts), if it is. */
  vocabulary: Vocabulary | null = null,
): Promise<RetrievedPassage[]> {
  // Without another ranking the order is BM25's: its statement reads the first passages as well.
  const alone = extraRankings.every((r) => r.length === 0);
  const lexical = await lexicalRanking(db, assistantId, question, limit, alone ? limit : 0, vocabulary);
  const ids = fuse([lexical, ...extraRankings]).slice(0, limit);
  if (ids.length === 0) return [];
  const byId = new Map(lexical.flatMap((r) => (r.passage ? [[r.id, r.passage] as const] : [])));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    const rows = await db.execute<PassageRow>(passageRows(assistantId, sql`k.id = any(${valueArray(missing)}::int[])`));
    for (const r of rowsOf<PassageRow>(rows)) byId.set(Number(r.id), toPassage(r));
  }
  return ids.flatMap((id) => {
    const p = byId.get(id);
    return p ? [p] : [];
  });
}
