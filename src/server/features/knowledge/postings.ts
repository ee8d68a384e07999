// The knowledge index of our own: one row per (passage, term) in knowledge_postings with the term's
// weighted frequency (BM25F: heading, sheet/slide title and file name count more than body text) and
// the passage's length; a file's total length on knowledge_files; per assistant and term the
// document frequencies in knowledge_terms (BM25's IDF, the vocabulary for compound splitting and
// for the trigram fallback). Every write of postings updates knowledge_terms in the same
// transaction, in term order (two files of one assistant indexed at once lock rows in one order).
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import {
  analyse,
  compoundCandidates,
  compoundSplitter,
  weightedTerms,
  type Analysed,
} from '../../ai/german-analyzer.ts';
import { timeSlices } from '../../platform/time-slices.ts';
import { appendAll } from '../../../shared/arrays.ts';

/** Field weights (BM25F): a word in a heading counts twice, in the file name 1.5 times. */
export const FIELD_WEIGHTS = { text: 1, heading: 2, location: 2, fileName: 1.5 } as const;

/** A PostgreSQL array literal of terms (letters and digits only, so quoting is enough). */
export function textArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '')}"`).join(',')}}`;
}

/** A PostgreSQL array literal of numbers or booleans (ids, frequencies, weights: no quoting needed). */
export function valueArray(values: (number | boolean)[]): string {
  return `{${values.join(',')}}`;
}

/** How many of the assistant's passages contain each stem as a whole word (absent when none). */
export async function vocabularyCounts(
  db: Db,
  assistantId: number,
  stems: string[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const unique = [...new Set(stems)];
  for (let i = 0; i < unique.length; i += 5000) {
    const rows = await db.execute<{ term: string; n: number }>(sql`
      select term, exact_df as n from knowledge_terms
      where assistant_id = ${assistantId} and exact_df > 0
        and term = any(${textArray(unique.slice(i, i + 5000))}::text[])`);
    for (const r of rowsOf<{ term: string; n: number }>(rows)) out.set(r.term, Number(r.n));
  }
  return out;
}

/**
 * The assistant's whole-word vocabulary with each term's count (as vocabularyCounts), at most
 * `limit` terms: a longer list ends at `limit` + 1 so the caller sees that there are more.
 */
export async function wholeVocabulary(db: Db, assistantId: number, limit: number): Promise<{ term: string; n: number }[]> {
  const rows = await db.execute<{ term: string; n: number }>(sql`
    select term, exact_df as n from knowledge_terms
    where assistant_id = ${assistantId} and exact_df > 0
    limit ${limit + 1}`);
  return rowsOf<{ term: string; n: number }>(rows);
}

/** How many whole-word terms the assistant has, counted up to `limit` + 1 (in the database, no rows read out). */
export async function vocabularySize(db: Db, assistantId: number, limit: number): Promise<number> {
  const rows = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select 1 from knowledge_terms where assistant_id = ${assistantId} and exact_df > 0 limit ${limit + 1}
    ) terms`);
  return Number(rowsOf<{ n: number }>(rows)[0]?.n ?? 0);
}

/** Adds the postings of these passages to the assistant's term counts. */
async function countTerms(db: Db, assistantId: number, passageIds: number[]): Promise<void> {
  if (passageIds.length === 0) return;
  await db.execute(sql`
    insert into knowledge_terms (assistant_id, term, df, exact_df)
    select ${assistantId}, term, count(*), count(*) filter (where exact)
    from knowledge_postings where passage_id = any(${valueArray(passageIds)}::int[])
    group by term order by term
    on conflict (assistant_id, term) do update
      set df = knowledge_terms.df + excluded.df, exact_df = knowledge_terms.exact_df + excluded.exact_df`);
}

/**
 * Takes a file's postings out of the assistant's term counts; call in the transaction that then
 * deletes the file or its passages (the postings go with them by cascade).
 */
export async function forgetFileTerms(db: Db, assistantId: number, fileId: number): Promise<void> {
  await db.execute(sql`
    update knowledge_terms t set df = t.df - c.df, exact_df = t.exact_df - c.exact_df
    from (select p.term, count(*)::int as df, (count(*) filter (where p.exact))::int as exact_df
          from knowledge_postings p join knowledge_passages k on k.id = p.passage_id
          where k.file_id = ${fileId} group by p.term order by p.term) c
    where t.assistant_id = ${assistantId} and t.term = c.term`);
  await db.execute(sql`delete from knowledge_terms where assistant_id = ${assistantId} and df <= 0`);
}

/** "Seite 3", "Folie 2" name no content; "Blatt Preise" names the sheet "Preise". */
const locationTitle = (location: string) => location.replace(/^(Seite|Folie|Blatt)\s*\d*\s*/u, '');
const fileTitle = (name: string) => name.replace(/\.[A-Za-z0-9]{1,5}$/u, '').replace(/[_.]+/gu, ' ');

/** A passage's fields as the index reads them (german-analyzer). */
export interface AnalysedPassage {
  text: Analysed;
  heading: Analysed;
  location: Analysed;
}

interface IndexedPassage {
  id: number;
  heading: string;
  location: string;
  text: string;
  /** Worked out before the transaction (analysePassages); else here. */
  analysed?: AnalysedPassage;
}

const analysePassage = (p: { heading: string; location: string; text: string }): AnalysedPassage => ({
  text: analyse(p.text),
  heading: analyse(p.heading),
  location: analyse(locationTitle(p.location)),
});

/**
 * The passages analysed for the index before their transaction opens (so it holds the database for
 * the writes only), in time slices with the event loop served in between (a big workbook's 888
 * passages took 0.9 s at once).
 */
export async function analysePassages(passages: { heading: string; location: string; text: string }[]): Promise<AnalysedPassage[]> {
  const slice = timeSlices();
  const out: AnalysedPassage[] = [];
  for (const passage of passages) {
    await slice();
    out.push(analysePassage(passage));
  }
  return out;
}

/**
 * Writes the postings of one file's passages (inside the caller's transaction) and returns the
 * file's total length. Compounds split by the file's own words and the assistant's vocabulary.
 */
export async function writePostings(
  db: Db,
  assistantId: number,
  file: { id: number; name: string },
  passages: IndexedPassage[],
): Promise<number> {
  const slice = timeSlices();
  const name = analyse(fileTitle(file.name));
  const fields: (AnalysedPassage & { id: number })[] = [];
  for (const p of passages) {
    if (!p.analysed) await slice();
    fields.push({ id: p.id, ...(p.analysed ?? analysePassage(p)) });
  }
  // The vocabulary: whole words of this file, plus the assistant's for prefixes and suffixes of long words.
  const local = new Map<string, number>();
  const surfaces = new Set<string>();
  const collect = (a: Analysed) => {
    for (const w of a.words) {
      if (w.stop) continue;
      local.set(w.stem, (local.get(w.stem) ?? 0) + 1);
      surfaces.add(w.surface);
    }
  };
  collect(name);
  for (const f of fields) [f.text, f.heading, f.location].forEach(collect);
  const candidates: string[] = [];
  for (const surface of surfaces) {
    await slice();
    appendAll(candidates, compoundCandidates(surface));
  }
  const stored = await vocabularyCounts(db, assistantId, candidates);
  const split = compoundSplitter((stem) => (local.get(stem) ?? 0) + (stored.get(stem) ?? 0));

  const ids: number[] = [];
  const terms: string[] = [];
  const tfs: number[] = [];
  const exacts: boolean[] = [];
  const lengths: number[] = [];
  let total = 0;
  for (const f of fields) {
    await slice();
    const weights = weightedTerms(f.text, split, FIELD_WEIGHTS.text);
    weightedTerms(f.heading, split, FIELD_WEIGHTS.heading, weights);
    weightedTerms(f.location, split, FIELD_WEIGHTS.location, weights);
    weightedTerms(name, split, FIELD_WEIGHTS.fileName, weights);
    const whole = new Set<string>();
    let length = 0;
    for (const a of [f.text, f.heading, f.location])
      for (const w of a.words)
        if (!w.stop) {
          whole.add(w.stem);
          length++;
        }
    length = Math.max(1, length);
    total += length;
    for (const [term, tf] of weights) {
      if (term.length > 100) continue;
      ids.push(f.id);
      terms.push(term);
      tfs.push(tf);
      exacts.push(whole.has(term));
      lengths.push(length);
    }
  }
  for (let i = 0; i < ids.length; i += 20_000) {
    const end = i + 20_000;
    await db.execute(sql`
      insert into knowledge_postings (passage_id, assistant_id, file_id, term, tf, exact, length)
      select p, ${assistantId}, ${file.id}, t, f, e, l
      from unnest(${valueArray(ids.slice(i, end))}::int[], ${textArray(terms.slice(i, end))}::text[],
                  ${valueArray(tfs.slice(i, end))}::real[], ${valueArray(exacts.slice(i, end))}::boolean[],
                  ${valueArray(lengths.slice(i, end))}::real[]) as x(p, t, f, e, l)`);
  }
  await countTerms(
    db,
    assistantId,
    passages.map((p) => p.id),
  );
  return total;
}

/**
 * The terms that contain one of `words` with at least three letters on one side (a compound those
 * words may split), in time slices: a big Mika's 50,000 long terms took 0.25 s in one piece.
 */
export async function termsContaining(terms: string[], words: ReadonlySet<string>): Promise<string[]> {
  const slice = timeSlices();
  const out: string[] = [];
  for (const t of terms) {
    await slice();
    if (containsWord(t, words)) out.push(t);
  }
  return out;
}

function containsWord(term: string, words: ReadonlySet<string>): boolean {
  for (let i = 0; i < term.length; i++)
    for (let j = i + 3; j <= term.length; j++) if (term.length - (j - i) >= 3 && words.has(term.slice(i, j))) return true;
  return false;
}

/**
 * Marks the assistant's other ready files whose compounds the words new with this file may split
 * (a whole-word term of theirs contains a new word with at least three letters more), for the
 * re-split job. Returns how many files were marked.
 */
export async function markFilesToResplit(db: Db, assistantId: number, fileId: number): Promise<number> {
  // Words whose every whole-word occurrence in the assistant is in this file: new with it.
  const fresh = rowsOf<{ term: string }>(
    await db.execute(sql`
      select t.term from knowledge_terms t
      join (select p.term, (count(*) filter (where p.exact))::int as n
            from knowledge_postings p join knowledge_passages k on k.id = p.passage_id
            where k.file_id = ${fileId} group by p.term) c on c.term = t.term
      where t.assistant_id = ${assistantId} and c.n > 0 and t.exact_df = c.n and length(t.term) >= 3`),
  ).map((r) => r.term);
  if (fresh.length === 0) return 0;
  const vocabulary = rowsOf<{ term: string }>(
    await db.execute(sql`
      select term from knowledge_terms
      where assistant_id = ${assistantId} and exact_df > 0 and length(term) >= 6`),
  ).map((r) => r.term);
  const compounds = await termsContaining(vocabulary, new Set(fresh));
  if (compounds.length === 0) return 0;
  const marked = await db.execute<{ id: number }>(sql`
    update knowledge_files set needs_resplit = true
    where assistant_id = ${assistantId} and id <> ${fileId} and status = 'ready' and not needs_resplit
      and id in (select k.file_id from knowledge_postings p join knowledge_passages k on k.id = p.passage_id
                 where p.assistant_id = ${assistantId} and p.exact and p.term = any(${textArray(compounds)}::text[]))
    returning id`);
  return rowsOf<{ id: number }>(marked).length;
}
