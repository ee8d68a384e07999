// German text analysis for retrieval, the same for passages and questions (docs/knowledge.md):
//  - words, numbers and codes of any length ("IT", "87", "A4", "1.200" as "1200"); stop words from
//    stopwords-iso (MIT) and function words it lacks,
//    less the content words that list carries (numbers, "Jahr", "Tag", "Zeit", "Uhr", "AG" …);
//  - the Snowball German stemmer with umlaut and ß folding (german-stemmer.ts), for matching only;
//  - separable verbs joined by a rule: a particle at the end of a clause ("… reichst … ein.") is
//    joined to the verbs before it ("einreich", as "einreichen" stems);
//  - hyphenated words indexed whole and by their parts ("E-Mail-Adresse");
//  - compounds split by the frequency of their parts in the team's own vocabulary (Koehn & Knight
//    2003: the split whose parts have the highest geometric mean frequency); the parts weigh less.
import { createRequire } from 'node:module';
import { foldUmlauts, germanStem } from './german-stemmer.ts';

const require = createRequire(import.meta.url);
const ISO_GERMAN = (require('stopwords-iso/stopwords-iso.json') as Record<string, string[]>).de ?? [];

/**
 * Words of the stopwords-iso list that carry meaning in a company's documents and questions: numbers,
 * units of time, sizes, a few nouns, and abbreviations ("AG", "Sa", "Tel").
 */
const CONTENT_WORDS = new Set(
  (
    'acht achte achten achter achtes drei dritte dritten dritter drittes eins elf erste ersten erster erstes ' +
    'fünf fünfte fünften fünfter fünftes neun neunte neunten neunter neuntes sechs sechste sechsten sechster sechstes ' +
    'sieben siebente siebenten siebenter siebentes vier vierte vierten vierter viertes zehn zehnte zehnten zehnter ' +
    'zehntes zwanzig zwei zweite zweiten zweiter zweites zwölf ' +
    'jahr jahre jahren tag tage tagen uhr zeit morgen ende schluss teil mittel sache ordnung recht rechte rechten ' +
    'rechter rechtes mann mensch menschen gott gross grosse grossen grosser grosses groß große großen großer großes ' +
    'klein kleine kleinen kleiner kleines suche startseite ag sa tel ernst mahn'
  ).split(' '),
);

/**
 * Function words the list lacks: inflected forms ("unserem", "könnten"), question words with "wo-"
 * ("womit", "wofür"), conjunctions ("bevor", "falls", "obwohl") and a few abbreviations.
 */
const MORE_STOPWORDS = (
  'neues neuer neuem unserem unseren unseres eurem euren eures könnten müsste müssten dürfte dürften ' +
  'wären würdest hättest womit wofür worauf wovon wodurch woran worüber wozu worin woraus weswegen ' +
  'inwiefern wieviel wieviele bevor sobald solange falls obwohl sofern sodass seitdem mehrere mehreren ' +
  'jeweils bzw usw etc ca ebenfalls hierbei hierzu hierfür hiervon sowohl'
).split(' ');

export const STOPWORDS: ReadonlySet<string> = new Set(
  [...ISO_GERMAN, ...MORE_STOPWORDS]
    .filter((w) => !CONTENT_WORDS.has(w) && /^[\p{L}]+$/u.test(w))
    .flatMap((w) => [w, foldUmlauts(w)]),
);

/** Verbs in the stop-word list that still take a separable particle ("gibt … an", "tritt … ein"). */
const STOP_VERBS = new Set(
  'gibt gab geht ging gehen kommt kam kommen macht machte machen tritt steht sagt sagte nahm sah tun tat hat hatte'.split(
    ' ',
  ),
);

const PARTICLES = new Set(
  (
    'ab an auf aus bei dar durch ein fest fort her heraus herein hin hinaus hinein hoch los mit nach nieder ' +
    'vor vorbei weg weiter zu zurück zusammen um bereit statt teil frei'
  ).split(' '),
);

/** Weight of a compound's part relative to the whole word. */
export const PART_WEIGHT = 0.5;
const MIN_COMPOUND = 7;
const MIN_PART = 3;
const LINKS = ['s', 'es', 'n', 'en', 'e', 'er'];
const VERB_PREFIXES = ['be', 'ver', 'ent', 'er', 'zer', 'ge', 'miss', 'emp'];

export interface Word {
  /** Lower-case, folded surface form (for compound splitting). */
  surface: string;
  stem: string;
  /** Parts of a hyphenated word, already stemmed. */
  hyphenParts: string[];
  /** The word is a stop word (kept in the list for the separable-verb rule). */
  stop: boolean;
}

export interface Analysed {
  words: Word[];
  /** Separable verbs joined from a clause: "einreich" for "… reichst … ein". */
  joined: string[];
}

// A number with thousands separators ("1.200", "10.000") is one token; then words, numbers and
// codes, hyphenated or not; then the marks that end a clause.
const TOKEN = /\p{N}{1,3}(?:\.\p{N}{3})+(?!\.?\p{N})|[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*|[.;:!?\n|]|,(?=\s)/gu;

export function stemWord(word: string): string {
  return germanStem(word.toLowerCase());
}

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word.toLowerCase());
}

/**
 * Invisible format characters (Unicode Cf): a soft hyphen (web pages write «Liefer&shy;bedingungen»
 * for line breaking, Word its optional hyphen), a zero-width space, a word joiner, a byte order
 * mark. They part no words: read as separators they cut «Lieferbedingun\u00ADgen» into
 * «lieferbedingun» and «gen», which no question found.
 */
const FORMAT_CHARACTERS = /\p{Cf}/gu;

/** Tokens, stems, stop words and separable verbs of a text. */
export function analyse(input: string): Analysed {
  const text = input.replace(FORMAT_CHARACTERS, '');
  const words: Word[] = [];
  const joined: string[] = [];
  let clause: { lower: string; capital: boolean; first: boolean; stop: boolean }[] = [];
  const endClause = () => {
    const last = clause[clause.length - 1];
    if (last && clause.length > 1 && PARTICLES.has(last.lower)) {
      for (const t of clause.slice(0, -1).slice(-8)) {
        if (t.capital && !t.first) continue;
        if (t.stop && !STOP_VERBS.has(t.lower)) continue;
        if (/\d/u.test(t.lower) || t.lower.length < 3) continue;
        joined.push(germanStem(last.lower + t.lower));
      }
    }
    clause = [];
  };
  for (const m of text.matchAll(TOKEN)) {
    const raw = /^\p{N}{1,3}(?:\.\p{N}{3})+$/u.test(m[0]) ? m[0].replaceAll('.', '') : m[0];
    if (!/[\p{L}\p{N}]/u.test(raw)) {
      endClause();
      continue;
    }
    const lower = raw.toLowerCase();
    const segments = lower.split('-');
    const stop = segments.length === 1 && STOPWORDS.has(lower);
    clause.push({ lower, capital: raw[0] !== lower[0], first: clause.length === 0, stop });
    const surface = foldUmlauts(segments.join(''));
    // A participle written small: "eingereicht" also as "einreicht", "gezahlt" as "zahlt"; an
    // infinitive with "zu" inside a separable verb: "abzuholen" as "abholen".
    if (segments.length === 1 && raw[0] === lower[0]) {
      const participle = /^([a-zäöü]*?)ge([a-zäöüß]{4,}(?:t|en|te|ten))$/u.exec(lower);
      if (participle && (participle[1] === '' || PARTICLES.has(participle[1]!)))
        joined.push(germanStem(participle[1]! + participle[2]!));
      const zu = /^([a-zäöü]+?)zu([a-zäöüß]{3,}n)$/u.exec(lower);
      if (zu && PARTICLES.has(zu[1]!)) joined.push(germanStem(zu[1]! + zu[2]!));
    }
    words.push({
      surface,
      stem: germanStem(segments.join('')),
      hyphenParts:
        segments.length > 1 ? segments.filter((s) => !STOPWORDS.has(s)).map((s) => germanStem(s)) : [],
      stop,
    });
  }
  endClause();
  return { words, joined };
}

/** Stems that could be parts of a compound: of every prefix and suffix, or (`all`) every piece. */
export function compoundCandidates(surface: string, all = false): string[] {
  if (surface.length < MIN_COMPOUND || /\d/u.test(surface)) return [];
  const out = new Set<string>();
  const n = surface.length;
  for (let i = 0; i <= n - MIN_PART; i++) {
    for (let j = i + MIN_PART; j <= n; j++) {
      if (!all && i !== 0 && j !== n) continue;
      if (i === 0 && j === n) continue;
      for (const v of headVariants(surface.slice(i, j))) out.add(germanStem(v));
    }
  }
  return [...out];
}

function headVariants(head: string): string[] {
  const out = [head];
  for (const l of LINKS)
    if (head.endsWith(l) && head.length - l.length >= MIN_PART) out.push(head.slice(0, -l.length));
  return out;
}

/**
 * The stems of a compound's parts, by the frequency of each candidate part in the vocabulary
 * (`freq(stem)`, 0 when unknown): the split with the highest geometric mean of its parts'
 * frequencies; failing that, a verb prefix off a known word, or its known heads and tails with the
 * rest after each known head; [] when there is none.
 */
export function splitCompound(surface: string, freq: (stem: string) => number): string[] {
  if (surface.length < MIN_COMPOUND || /\d/u.test(surface)) return [];
  const memo = new Map<string, { parts: string[]; logSum: number } | null>();
  const known = (piece: string): { stem: string; f: number } | null => {
    let best: { stem: string; f: number } | null = null;
    for (const v of headVariants(piece)) {
      if (v.length < MIN_PART || STOPWORDS.has(v)) continue;
      const stem = germanStem(v);
      const f = stem.length >= MIN_PART ? freq(stem) : 0;
      if (f > 0 && (!best || f > best.f)) best = { stem, f };
    }
    return best;
  };
  const best = (s: string, whole: boolean): { parts: string[]; logSum: number } | null => {
    const key = `${s}|${whole}`;
    if (memo.has(key)) return memo.get(key)!;
    let result: { parts: string[]; logSum: number } | null = null;
    const score = (r: { parts: string[]; logSum: number }) => r.logSum / r.parts.length;
    if (whole) {
      const k = known(s);
      if (k) result = { parts: [k.stem], logSum: Math.log(k.f + 1) };
    }
    for (let i = MIN_PART; i <= s.length - MIN_PART; i++) {
      const head = known(s.slice(0, i));
      if (!head) continue;
      const rest = best(s.slice(i), true);
      if (!rest) continue;
      const candidate = { parts: [head.stem, ...rest.parts], logSum: Math.log(head.f + 1) + rest.logSum };
      if (
        !result ||
        score(candidate) > score(result) + 1e-9 ||
        (Math.abs(score(candidate) - score(result)) <= 1e-9 && candidate.parts.length < result.parts.length)
      )
        result = candidate;
    }
    memo.set(key, result);
    return result;
  };
  const r = best(surface, false);
  if (r) return [...new Set(r.parts)];
  // A verb prefix before a known word: "beantragen" → antrag, "Versicherung" → sicher.
  for (const prefix of VERB_PREFIXES) {
    if (!surface.startsWith(prefix) || surface.length - prefix.length < 5) continue;
    const rest = known(surface.slice(prefix.length));
    if (rest && rest.stem.length >= 4) return [rest.stem];
  }
  // No split into known words only: every known head or tail of at least four letters still
  // counts ("Autounfall" → unfall when "Auto" is not in the vocabulary), and after a known first
  // part the rest does, as the compound's head, a word in its own right ("Winterjacke" → wint, jack
  // when "Jacke" occurs nowhere alone). Where a first part ends is not certain ("Winter|jacke",
  // "Wint|erjacke", a linking element or not): each end its forms allow gives a rest; the wrong
  // ones are pieces no question asks for.
  const out = new Set<string>();
  for (let i = MIN_PART; i <= surface.length - MIN_PART; i++) {
    const [head, tail] = [surface.slice(0, i), surface.slice(i)];
    const h = head.length >= 4 ? known(head) : null;
    if (h && h.stem.length >= 4) {
      out.add(h.stem);
      if (tail.length >= 4 && !STOPWORDS.has(tail)) out.add(germanStem(tail));
    }
    const t = tail.length >= 4 ? known(tail) : null;
    if (t && t.stem.length >= 4) out.add(t.stem);
  }
  return [...out];
}

/** splitCompound over one vocabulary, remembered per word. */
export function compoundSplitter(freq: (stem: string) => number): (surface: string) => string[] {
  const cache = new Map<string, string[]>();
  return (surface) => {
    let parts = cache.get(surface);
    if (!parts) {
      parts = splitCompound(surface, freq);
      cache.set(surface, parts);
    }
    return parts;
  };
}

/**
 * Weighted terms of a text: each word's stem counts `weight`, a compound's or hyphenated word's
 * parts PART_WEIGHT × `weight`, joined separable verbs `weight`. Added into `into` (term → weight).
 * `max` keeps the largest weight per term instead of the sum (for questions).
 */
export function weightedTerms(
  analysed: Analysed,
  split: (surface: string) => string[],
  weight = 1,
  into = new Map<string, number>(),
  max = false,
  /** A part's weight relative to its word (questions: full weight when the whole word is unknown). */
  partWeight: (wordStem: string) => number = () => PART_WEIGHT,
): Map<string, number> {
  const add = (term: string, w: number) => {
    if (term.length === 0) return;
    const prev = into.get(term) ?? 0;
    into.set(term, max ? Math.max(prev, w) : prev + w);
  };
  for (const word of analysed.words) {
    if (word.stop) continue;
    add(word.stem, weight);
    const part = weight * partWeight(word.stem);
    for (const p of word.hyphenParts) if (p !== word.stem) add(p, part);
    for (const p of split(word.surface)) if (p !== word.stem) add(p, part);
  }
  for (const j of analysed.joined) add(j, weight);
  return into;
}

/** The stems of a text's content words (no stop words), in order, for simple ranking. */
export function contentStems(text: string): string[] {
  return analyse(text)
    .words.filter((w) => !w.stop)
    .map((w) => w.stem);
}
