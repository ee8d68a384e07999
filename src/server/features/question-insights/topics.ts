// Offline topic grouping of asked questions (issue 33, decision 039): the German analysis of the
// knowledge feature (ai/german-analyzer.ts: stems, stop words, compound splitting) — no second one.
//
// Each question offers candidate keys: every content word's stem, every compound's parts as one key
// ("Versandkosten" → kost+versand) and every pair of its content words ("Was kostet der Versand?" →
// kost+versand). A key's support is the number of questions offering it; a question joins the key
// with the most support, keys of two terms counting double — so "Lieferzeit" (liefer+zeit) and
// "Lieferkosten" (kost+liefer) stay apart although both share "liefer". Differently worded
// questions without a shared term are joined only with vectors (not offline).
import { analyse, compoundSplitter } from '../../ai/german-analyzer.ts';
import { foldUmlauts } from '../../ai/german-stemmer.ts';

const foldWord = (word: string) => foldUmlauts(word.toLowerCase());

export interface Grouping {
  /** Per input question, in order. */
  keys: string[];
  /** Per key: the label in the users' own spelling (most frequent original form). */
  labels: Map<string, string>;
}

const PAIR_BONUS = 2;
const MAX_WORDS = 12;

interface Analysed {
  words: { stem: string; original: string; parts: string[] }[];
}

/** Groups questions by shared significant terms (see the file comment). */
export function groupQuestions(questions: readonly string[]): Grouping {
  const analysed: Analysed[] = [];
  const stemFreq = new Map<string, number>();
  for (const q of questions) {
    const words: Analysed['words'] = [];
    const originals = [...q.matchAll(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu)].map((m) => m[0]);
    const byFolded = new Map(originals.map((o) => [foldWord(o), o]));
    const seen = new Set<string>();
    for (const w of analyse(q).words) {
      if (w.stop || w.stem.length < 3 || /^\d+$/u.test(w.stem) || seen.has(w.stem)) continue;
      seen.add(w.stem);
      words.push({ stem: w.stem, original: byFolded.get(w.surface) ?? w.surface, parts: w.hyphenParts });
      if (words.length >= MAX_WORDS) break;
    }
    for (const w of words) stemFreq.set(w.stem, (stemFreq.get(w.stem) ?? 0) + 1);
    analysed.push({ words });
  }
  const split = compoundSplitter((stem) => stemFreq.get(stem) ?? 0);
  const support = new Map<string, number>();
  // Per key, how often each original spelling produced it (for the label).
  const spellings = new Map<string, Map<string, number>>();
  const candidates: string[][] = [];
  const note = (key: string, spelling: string) => {
    let m = spellings.get(key);
    if (!m) spellings.set(key, (m = new Map<string, number>()));
    m.set(spelling, (m.get(spelling) ?? 0) + 1);
  };
  for (const a of analysed) {
    const keys = new Map<string, string>();
    for (const w of a.words) {
      keys.set(w.stem, w.original);
      const parts = w.parts.length > 1 ? w.parts : split(foldWord(w.original).replaceAll('-', ''));
      if (parts.length >= 2) keys.set([...new Set(parts)].sort().join('+'), w.original);
    }
    for (let i = 0; i < a.words.length; i++) {
      for (let j = i + 1; j < a.words.length; j++) {
        const x = a.words[i]!;
        const y = a.words[j]!;
        const key = [x.stem, y.stem].sort().join('+');
        if (!keys.has(key)) keys.set(key, `${x.original} ${y.original}`);
      }
    }
    for (const [key, spelling] of keys) {
      support.set(key, (support.get(key) ?? 0) + 1);
      note(key, spelling);
    }
    candidates.push([...keys.keys()]);
  }
  const score = (key: string) => {
    const s = support.get(key) ?? 0;
    return s < 2 ? 0 : s * (key.includes('+') ? PAIR_BONUS : 1);
  };
  const keys = candidates.map((list, i) => {
    let best = '';
    let bestScore = -1;
    for (const key of list) {
      const sc = score(key);
      if (sc > bestScore || (sc === bestScore && key < best)) {
        best = key;
        bestScore = sc;
      }
    }
    // Nothing shared: the question's first content word stands alone.
    return bestScore > 0 ? best : (analysed[i]!.words[0]?.stem ?? '');
  });
  const labels = new Map<string, string>();
  for (const key of new Set(keys)) {
    const forms = spellings.get(key);
    if (!forms) continue;
    let label = '';
    let n = 0;
    for (const [form, count] of forms) if (count > n || (count === n && form < label)) [label, n] = [form, count];
    labels.set(key, capitalise(label));
  }
  return { keys, labels };
}

const capitalise = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
