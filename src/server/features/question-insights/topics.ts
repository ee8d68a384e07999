// Offline topic grouping of asked questions (issue 33, decision 039): the German analysis of the
// knowledge feature (ai/german-analyzer.ts: stems, stop words, compound splitting) — no second one.
//
// Each question offers candidate keys: every content word's stem, every compound's parts as one key
// ("Versandkosten" → kost+versand) and every pair of its content words ("Was kostet der Versand?" →
// kost+versand). A key's support is the number of questions offering it; a question joins the key
// with the highest support × weight: a compound weighs most (a specific concept), then nouns
// (German capitalises them: a word written with a capital inside questions more often than not)
// and pairs of nouns, far less words and pairs that are not nouns ("wie lange dauert …"). So
// "Lieferzeit" (liefer+zeit) and "Lieferkosten" (kost+liefer) stay apart although both share
// "liefer". Words every question has ("Frage", "Hallo", "Infos") are left out. Differently worded
// questions without a shared term are joined only with vectors (not offline).
import { analyse, compoundSplitter, stemWord } from '../../ai/german-analyzer.ts';
import { foldUmlauts } from '../../ai/german-stemmer.ts';

const foldWord = (word: string) => foldUmlauts(word.toLowerCase());

export interface Grouping {
  /** Per input question, in order. */
  keys: string[];
  /** Per key: the label in the users' own spelling (most frequent original form). */
  labels: Map<string, string>;
}

const MAX_WORDS = 12;
const WEIGHT = { compound: 3, noun: 2, nounPair: 2, word: 0.5, pair: 0.25 } as const;
/** Words of asking itself, not of a topic. */
const GENERIC = new Set(
  'frage fragen info infos information informationen hallo danke bitte antwort problem hilfe moin servus tag guten abend morgen'
    .split(' ')
    .map(stemWord),
);

interface Analysed {
  words: { stem: string; original: string; parts: string[] }[];
}

/** Groups questions by shared significant terms (see the file comment). */
export function groupQuestions(questions: readonly string[]): Grouping {
  const analysed: Analysed[] = [];
  const stemFreq = new Map<string, number>();
  // Per stem: how often it was written with a capital inside a question, and without.
  const capitals = new Map<string, { noun: number; other: number }>();
  for (const q of questions) {
    const words: Analysed['words'] = [];
    const originals = [...q.matchAll(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu)].map((m) => m[0]);
    const byFolded = new Map(originals.map((o) => [foldWord(o), o]));
    const first = originals[0] ? foldWord(originals[0]) : '';
    const seen = new Set<string>();
    for (const w of analyse(q).words) {
      if (w.stop || w.stem.length < 3 || /^\d+$/u.test(w.stem) || seen.has(w.stem) || GENERIC.has(w.stem)) continue;
      seen.add(w.stem);
      const original = byFolded.get(w.surface) ?? w.surface;
      if (w.surface !== first) {
        const c = capitals.get(w.stem) ?? { noun: 0, other: 0 };
        if (/^\p{Lu}/u.test(original)) c.noun++;
        else c.other++;
        capitals.set(w.stem, c);
      }
      words.push({ stem: w.stem, original: byFolded.get(w.surface) ?? w.surface, parts: w.hyphenParts });
      if (words.length >= MAX_WORDS) break;
    }
    for (const w of words) stemFreq.set(w.stem, (stemFreq.get(w.stem) ?? 0) + 1);
    analysed.push({ words });
  }
  const split = compoundSplitter((stem) => stemFreq.get(stem) ?? 0);
  // Never seen inside a question (only first): counted as a noun, the benefit of the doubt.
  const isNoun = (stem: string) => {
    const c = capitals.get(stem);
    return !c || c.noun >= c.other;
  };
  const weights = new Map<string, number>();
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
      if (!weights.has(w.stem)) weights.set(w.stem, isNoun(w.stem) ? WEIGHT.noun : WEIGHT.word);
      const parts = [...new Set(w.parts.length > 1 ? w.parts : split(foldWord(w.original).replaceAll('-', '')))];
      if (parts.length >= 2) {
        const key = parts.sort().join('+');
        keys.set(key, w.original);
        weights.set(key, isNoun(w.stem) ? WEIGHT.compound : WEIGHT.word);
      }
    }
    for (let i = 0; i < a.words.length; i++) {
      for (let j = i + 1; j < a.words.length; j++) {
        const x = a.words[i]!;
        const y = a.words[j]!;
        const key = [x.stem, y.stem].sort().join('+');
        if (keys.has(key)) continue;
        keys.set(key, `${x.original} ${y.original}`);
        if (!weights.has(key)) weights.set(key, isNoun(x.stem) && isNoun(y.stem) ? WEIGHT.nounPair : WEIGHT.pair);
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
    return s < 2 ? 0 : s * (weights.get(key) ?? WEIGHT.pair);
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
