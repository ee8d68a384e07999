// The knowledge index of our own: one row per (passage, term) in knowledge_postings with the term's
// weighted frequency (BM25F: heading, sheet/slide title and file name count more than body text) and
// the passage's length; a file's total length on knowledge_files. Document frequencies and the
// vocabulary for compound splitting are counted from the postings of one assistant through the
// (assistant_id, term) index, so the statistics grow with the corpus and cost no upkeep.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import {
  analyse,
  compoundCandidates,
  compoundSplitter,
  weightedTerms,
  type Analysed,
} from '../../ai/german-analyzer.ts';

/** Field weights (BM25F): a word in a heading counts twice, in the file name 1.5 times. */
export const FIELD_WEIGHTS = { text: 1, heading: 2, location: 2, fileName: 1.5 } as const;

/** A PostgreSQL array literal of terms (letters and digits only, so quoting is enough). */
export function textArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '')}"`).join(',')}}`;
}

/** How many of the assistant's passages contain each stem as a whole word (0 when none). */
export async function vocabularyCounts(
  db: Db,
  assistantId: number,
  stems: string[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const unique = [...new Set(stems)];
  for (let i = 0; i < unique.length; i += 5000) {
    const rows = await db.execute<{ term: string; n: number }>(sql`
      select term, count(*)::int as n from knowledge_postings
      where assistant_id = ${assistantId} and exact and term = any(${textArray(unique.slice(i, i + 5000))}::text[])
      group by term`);
    for (const r of rowsOf<{ term: string; n: number }>(rows)) out.set(r.term, Number(r.n));
  }
  return out;
}

/** "Seite 3", "Folie 2" name no content; "Blatt Preise" names the sheet "Preise". */
const locationTitle = (location: string) => location.replace(/^(Seite|Folie|Blatt)\s*\d*\s*/u, '');
const fileTitle = (name: string) => name.replace(/\.[A-Za-z0-9]{1,5}$/u, '').replace(/[_.]+/gu, ' ');

interface IndexedPassage {
  id: number;
  heading: string;
  location: string;
  text: string;
}

/**
 * Writes the postings of one file's passages (inside the caller's transaction) and returns the
 * file's total length. Compounds split by the file's own words and the assistant's vocabulary.
 */
export async function writePostings(
  db: Db,
  assistantId: number,
  fileName: string,
  passages: IndexedPassage[],
): Promise<number> {
  const name = analyse(fileTitle(fileName));
  const fields = passages.map((p) => ({
    id: p.id,
    text: analyse(p.text),
    heading: analyse(p.heading),
    location: analyse(locationTitle(p.location)),
  }));
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
  const candidates = [...surfaces].flatMap((s) => compoundCandidates(s));
  const stored = await vocabularyCounts(db, assistantId, candidates);
  const split = compoundSplitter((stem) => (local.get(stem) ?? 0) + (stored.get(stem) ?? 0));

  const ids: number[] = [];
  const terms: string[] = [];
  const tfs: number[] = [];
  const exacts: boolean[] = [];
  const lengths: number[] = [];
  let total = 0;
  for (const f of fields) {
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
      insert into knowledge_postings (passage_id, assistant_id, term, tf, exact, length)
      select p, ${assistantId}, t, f, e, l
      from unnest(${`{${ids.slice(i, end).join(',')}}`}::int[], ${textArray(terms.slice(i, end))}::text[],
                  ${`{${tfs.slice(i, end).join(',')}}`}::real[], ${`{${exacts.slice(i, end).join(',')}}`}::boolean[],
                  ${`{${lengths.slice(i, end).join(',')}}`}::real[]) as x(p, t, f, e, l)`);
  }
  return total;
}
