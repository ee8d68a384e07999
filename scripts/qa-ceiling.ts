// The lexical ceiling of the two frozen German QA sets (issue 26): how far any method that matches
// words can get, measured with the app's own analysis. Both sets are indexed through the real upload
// (as scripts/bench-knowledge.ts does, PGlite unless BENCH_DATABASE_URL); then per question
//  - the question's terms as retrieval builds them (questionTerms: stems, joined separable verbs,
//    compound parts, head expansions) against the terms the index holds for its right passage
//    (knowledge_postings: stems, parts, joined verbs, heading and file name);
//  - whether they share any term, a rare one (in at most RARE_DF passages of the set), and how many
//    other passages hold the rarest term they share;
//  - whether another passage holds every shared term and more of the question's (under any scoring
//    by term presence it beats the right one);
//  - the right passage's rank in today's ranking (searchPassages, 10 passages) and, for a miss, its
//    cause: zero overlap, only common terms shared, a rare term shared but outscored, or a likely
//    analyser miss (a question word and a passage word of one root the analysis leaves apart).
// Run: `node scripts/qa-ceiling.ts` (QA_CEILING_JSON=file.json writes every question's figures).
import fs from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { analyse, type Word } from '../src/server/ai/german-analyzer.ts';
import { rowsOf, type Db } from '../src/server/db/client.ts';
import { questionTerms, searchPassages } from '../src/server/features/knowledge/index.ts';
import { answers, loadGermanQa, scoreQa, type QaSet } from '../tests/fixtures/german-qa/index.ts';
import { loadGermanQaBlind, type BlindQaSet } from '../tests/fixtures/german-qa-blind/index.ts';
import { openBenchApp } from './knowledge-bench-app.ts';

/** A term in at most this many passages of the set is rare. */
const RARE_DF = 3;
/** "The rarest shared term is in at least N other passages", reported for these N. */
const OTHERS = [3, 10, 30];

type Cause = 'hit' | 'analyser' | 'zero' | 'common' | 'outscored';

interface QuestionFigures {
  id: string;
  categories: string[];
  rank: number;
  shared: string[];
  /** Passages holding the rarest shared term (the right one included); 0 when none shared. */
  rarestDf: number;
  /** Another passage holds every shared term and more of the question's. */
  dominated: boolean;
  /** Share of the question's content words whose stem (or joined verb) the passage's terms hold. */
  analysedOverlap: number;
  /** Question word ~ passage word pairs of one root that the analysis does not connect. */
  nearMisses: string[];
  /** Question words the stop-word list drops that the passage has too. */
  stopShared: string[];
  cause: Cause;
}

const commonPrefix = (a: string, b: string) => {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
};

/**
 * Pairs of a question word and a passage word that look like one root the analysis leaves apart:
 * the same first five letters (inflection, derivation), or one word's stem inside the other word
 * (a compound not split, a separable verb not joined). A heuristic that finds candidates; they are
 * read by hand before they count as defects.
 */
function nearMisses(
  question: Word[],
  passage: Word[],
  passageTerms: Set<string>,
  shared: string[],
): string[] {
  const out = new Set<string>();
  for (const q of question) {
    if (q.stop || passageTerms.has(q.stem) || /\d/u.test(q.surface) || q.stem.length < 4) continue;
    for (const p of passage) {
      if (p.stop || p.stem === q.stem || /\d/u.test(p.surface) || p.stem.length < 4) continue;
      // Already connected: a shared term (a part, a joined verb) is in both words.
      if (shared.some((t) => q.surface.includes(t) && p.surface.includes(t))) continue;
      const related =
        commonPrefix(q.surface, p.surface) >= 5 ||
        (q.stem.length >= 4 && p.surface.includes(q.stem)) ||
        (p.stem.length >= 4 && q.surface.includes(p.stem));
      if (related) out.add(`${q.surface}~${p.surface}`);
    }
  }
  return [...out];
}

async function measure(db: Db, assistantId: number, set: QaSet, categories: Map<string, string[]>) {
  const passages = rowsOf<{ id: number; file_name: string; heading: string; text: string }>(
    await db.execute(sql`select k.id, f.name as file_name, k.heading, k.text
      from knowledge_passages k join knowledge_files f on f.id = k.file_id
      where k.assistant_id = ${assistantId} order by k.id`),
  ).map((r) => ({ id: Number(r.id), fileName: r.file_name, heading: r.heading, text: r.text }));
  const termsOf = new Map<number, Set<string>>();
  for (const r of rowsOf<{ passage_id: number; term: string }>(
    await db.execute(
      sql`select passage_id, term from knowledge_postings where assistant_id = ${assistantId}`,
    ),
  )) {
    const id = Number(r.passage_id);
    if (!termsOf.has(id)) termsOf.set(id, new Set());
    termsOf.get(id)!.add(r.term);
  }
  const df = new Map<string, number>();
  for (const terms of termsOf.values()) for (const t of terms) df.set(t, (df.get(t) ?? 0) + 1);

  const score = await scoreQa(set.questions, (q) => searchPassages(db, assistantId, q, 10));
  const figures: QuestionFigures[] = [];
  for (const [i, question] of set.questions.entries()) {
    const right = passages.find((p) => answers(p, question));
    if (!right) throw new Error(`no passage answers ${question.id}`);
    const rightTerms = termsOf.get(right.id) ?? new Set<string>();
    const { weights } = await questionTerms(db, assistantId, question.q);
    const qTerms = [...weights.keys()];
    const shared = qTerms.filter((t) => rightTerms.has(t));
    const rarestDf = shared.length > 0 ? Math.min(...shared.map((t) => df.get(t) ?? 0)) : 0;
    const dominated =
      shared.length > 0 &&
      [...termsOf.entries()].some(
        ([id, terms]) =>
          id !== right.id &&
          shared.every((t) => terms.has(t)) &&
          qTerms.filter((t) => terms.has(t)).length > shared.length,
      );
    const qa = analyse(question.q);
    const content = qa.words.filter((w) => !w.stop);
    const connected = content.filter((w) => rightTerms.has(w.stem)).length;
    const pa = analyse(`${right.heading}. ${right.text}`);
    const passageSurfaces = new Set(pa.words.map((w) => w.surface));
    const misses = nearMisses(content, pa.words, rightTerms, shared);
    const stopShared = [
      ...new Set(
        qa.words
          .filter((w) => w.stop && w.surface.length >= 4 && passageSurfaces.has(w.surface))
          .map((w) => w.surface),
      ),
    ];
    const rank = score.ranks[i]!;
    const cause: Cause =
      rank === 1
        ? 'hit'
        : misses.length > 0
          ? 'analyser'
          : shared.length === 0
            ? 'zero'
            : rarestDf > RARE_DF
              ? 'common'
              : 'outscored';
    figures.push({
      id: question.id,
      categories: categories.get(question.id) ?? [],
      rank,
      shared,
      rarestDf,
      dominated,
      analysedOverlap: connected / Math.max(1, content.length),
      nearMisses: misses,
      stopShared,
      cause,
    });
  }
  return { figures, score, passages: passages.length };
}

const pct = (n: number, d: number) => (d === 0 ? '—' : (n / d).toFixed(3));

function summary(label: string, rows: QuestionFigures[]): string {
  const n = rows.length;
  const zero = rows.filter((r) => r.shared.length === 0).length;
  const rare = rows.filter((r) => r.shared.length > 0 && r.rarestDf <= RARE_DF).length;
  const dominated = rows.filter((r) => r.dominated).length;
  const hits = rows.filter((r) => r.rank === 1).length;
  const others = OTHERS.map((k) =>
    pct(rows.filter((r) => r.shared.length > 0 && r.rarestDf - 1 >= k).length, n),
  );
  const overlap = rows.reduce((s, r) => s + r.analysedOverlap, 0) / Math.max(1, n);
  return `| ${label} | ${n} | ${pct(zero, n)} | **${pct(n - zero, n)}** | ${pct(n - zero - dominated, n)} | ${pct(rare, n)} | ${others.join(' | ')} | ${overlap.toFixed(3)} | ${pct(hits, n)} |`;
}

const CAUSES: [Cause, string][] = [
  ['zero', 'zero overlap: the right passage shares no term with the question'],
  ['common', `only common terms shared (the rarest in more than ${RARE_DF} passages)`],
  ['outscored', `a rare term shared (in at most ${RARE_DF} passages), outscored by another passage`],
  ['analyser', 'likely analyser miss: a question word and a passage word of one root left apart'],
];

function causeTable(rows: QuestionFigures[], examples: boolean): string[] {
  const misses = rows.filter((r) => r.cause !== 'hit');
  return CAUSES.map(([cause, label]) => {
    const of = misses.filter((r) => r.cause === cause);
    const shown = examples
      ? of
          .filter((r) => r.nearMisses.length > 0 || cause !== 'analyser')
          .slice(0, 4)
          .map((r) => (cause === 'analyser' ? `${r.id}: ${r.nearMisses.slice(0, 2).join(', ')}` : r.id))
          .join('; ')
      : '';
    return `| ${label} | ${of.length} | ${pct(of.length, rows.length)} | ${shown} |`;
  });
}

async function main() {
  const bench = await openBenchApp();
  try {
    const first = loadGermanQa();
    const blind: BlindQaSet = loadGermanQaBlind();
    const firstId = await bench.indexQaSet('Ceiling QA', first);
    const blindId = await bench.indexQaSet('Ceiling QA blind', blind);
    const a = await measure(bench.deps.db, firstId, first, new Map());
    const b = await measure(
      bench.deps.db,
      blindId,
      blind,
      new Map([...blind.categories].map(([id, tags]) => [id, tags as string[]])),
    );
    const header = [
      `| set | questions | zero shared terms | upper bound S@1 (1 − zero) | … less dominated ones | rarest shared term rare (df ≤ ${RARE_DF}) | ${OTHERS.map((k) => `rarest shared in ≥ ${k} other passages`).join(' | ')} | analysed word overlap | S@1 today |`,
      `|---|---|---|---|---|---|${OTHERS.map(() => '---|').join('')}---|---|`,
    ];
    const byCategory = (rows: QuestionFigures[]) =>
      ['num', 'rare', 'comp', 'sep', 'stop', 'plain'].map((c) =>
        summary(
          `… blind, ${c}`,
          rows.filter((r) => (c === 'plain' ? r.categories.length === 0 : r.categories.includes(c))),
        ),
      );
    console.log(
      [
        `first set: ${a.passages} passages; blind set: ${b.passages} passages (S@1 ${b.score.successAt1.toFixed(3)}, MRR@10 ${b.score.mrrAt10.toFixed(3)}; first S@1 ${a.score.successAt1.toFixed(3)}, MRR@10 ${a.score.mrrAt10.toFixed(3)})`,
        '',
        ...header,
        summary('first (tuning) set', a.figures),
        summary('blind set', b.figures),
        ...byCategory(b.figures),
        '',
        '| cause of a miss, blind set | questions | of all | examples |',
        '|---|---|---|---|',
        ...causeTable(b.figures, true),
        '',
        '| cause of a miss, first set | questions | of all | |',
        '|---|---|---|---|',
        ...causeTable(a.figures, false),
        '',
        `stop words shared with the right passage (first set): ${[...new Set(a.figures.flatMap((r) => r.stopShared))].join(' ')}`,
        `near misses of the first set (for the analyser's rules; the blind set's are not read for that):`,
        ...a.figures
          .filter((r) => r.nearMisses.length > 0)
          .map((r) => `  ${r.id} rank ${r.rank}: ${r.nearMisses.join(', ')}`),
      ].join('\n'),
    );
    if (process.env.QA_CEILING_JSON)
      await fs.writeFile(
        process.env.QA_CEILING_JSON,
        JSON.stringify({ first: a.figures, blind: b.figures }, null, 1),
      );
  } finally {
    await bench.close();
  }
}

await main();
