// The privacy gate: listed names and words are replaced by placeholders before any text leaves
// for an AI provider, and restored in what comes back. One gate per request: its placeholders
// carry a random salt, and only placeholders this gate produced are ever restored — text that
// merely looks like a placeholder (typed by a user, echoed by a model) stays literal, so the
// list cannot be read out by asking the model to repeat "[[N1]]".
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';

// Unicode's confusables (UTS #39 confusables.txt, as shipped by the `unhomoglyph` package): one
// character → the character(s) it is mistaken for ("о" Cyrillic → "o", "0" → "O", "ı" → "i").
const CONFUSABLES = createRequire(import.meta.url)('unhomoglyph/data.json') as Record<string, string>;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// German endings we tolerate after a listed term (genitive "Müllers", plural "Projekte", "-n/-en").
const INFLECTION = '(?:s|es|n|en|e)?';
// Invisible characters: everything Unicode calls default-ignorable (soft hyphen, U+034F combining
// grapheme joiner, zero-width space/joiners, word joiner, variation selectors, tags, BOM, Hangul
// fillers) and every format character (bidi controls U+202A–202E, U+2066–2069, U+061C, …).
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/u;
// In the matching copy an invisible character becomes GAP: a word gap ("Anna\u200BSchmidt" is two
// words) that a listed term may also contain between its letters ("Zor\u034Fblax").
const GAP = '\u0001';
// What may stand between two letters of a term in the text: invisible characters, a hyphen with
// an optional line break after it (PDF hyphenation "Zor-\nblax"), or a bare line break.
const INNER = `(?:${GAP}+|-[ \\t]*(?:\\r?\\n[ \\t]*)?|[ \\t]*\\r?\\n[ \\t]*)?`;
const WORD = '[\\p{L}\\p{N}\\p{M}]';
// A listed entry with at least this many letters is also masked as the first or last part of a
// compound ("Zorblaxgruppe", "Müllerstraße", "Firmenmüller").
const COMPOUND_MIN_LETTERS = 4;
const SALT_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

// One original character with its combining marks (an invisible character always stands alone).
const SEGMENT = /[\p{Default_Ignorable_Code_Point}\p{Cf}]|[^\p{M}](?:(?![\p{Default_Ignorable_Code_Point}\p{Cf}])\p{M})*|\p{M}/gsu;

function foldChars(s: string): string {
  let out = '';
  for (const c of s) {
    const lower = c.toLowerCase();
    const look = CONFUSABLES[c];
    // Case first, so that "I" and "i" stay one letter although confusables.txt folds capital I
    // into "l"; an upper-case look-alike ("М" Cyrillic, "І") folds by the capital it imitates.
    const cased = lower !== c && look !== undefined ? (look === 'l' ? 'i' : look.toLowerCase()) : lower;
    for (const d of cased.replace(/ß|ẞ/g, 'ss').replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue')) {
      out += INVISIBLE.test(d) ? GAP : (CONFUSABLES[d] ?? d).toLowerCase();
    }
  }
  return out;
}

interface Folded {
  /** NFKC, lower-cased, ß/umlauts spelled out, look-alikes folded, invisible characters as GAP. */
  text: string;
  /** For every character of `text`: where its original segment starts and ends. */
  from: number[];
  to: number[];
}

/** The matching copy of a text, with an offset map back to the original. */
function fold(original: string): Folded {
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  for (const m of original.matchAll(SEGMENT)) {
    const seg = m[0];
    const folded = INVISIBLE.test(seg) ? GAP : foldChars(seg.normalize('NFKC'));
    for (let k = 0; k < folded.length; k++) {
      from.push(m.index);
      to.push(m.index + seg.length);
    }
    text += folded;
  }
  return { text, from, to };
}

/** The key a term is known by: its letters and digits only ("Anna-Maria" = "Anna Maria"). */
const compactKey = (folded: string) => folded.replace(/[^\p{L}\p{N}\p{M}]/gu, '');

/** The regular expression of one folded term: separators between letters, gaps between words. */
function termPattern(folded: string): string {
  const words = folded.split(new RegExp(`[\\s${GAP}]+`)).filter(Boolean);
  return words
    .map((w) =>
      [...w]
        .map((c) => (c === '-' ? `[-\\s${GAP}]*` : escapeRegExp(c)))
        .join(INNER),
    )
    .join(`[\\s${GAP}]+`);
}

export interface StreamRestorer {
  /** Returns what can be shown now; holds back a tail that may still become a placeholder. */
  push(delta: string): string;
  flush(): string;
}

export interface PrivacyGate {
  /** True when there are terms to protect. */
  readonly active: boolean;
  /** The outgoing form of a text: the original with every listed term replaced by its placeholder. */
  mask(text: string): string;
  /** Masks every string inside a JSON-like value (tool arguments and results, schemas). */
  maskDeep<T>(value: T): T;
  /** Replaces this gate's placeholders by the exact text they masked; anything else stays as it is. */
  restore(text: string): string;
  restoreDeep<T>(value: T): T;
  /** True when the text contains a listed term (in any of the spellings the gate matches). */
  containsTerms(text: string): boolean;
  createStreamRestorer(): StreamRestorer;
}

function mapStrings(value: unknown, fn: (s: string) => string): unknown {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, fn));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, fn)]));
  }
  return value;
}

/**
 * Placeholders look like `[[N3x7kq2m9ab]]`: N and the term's position in the combined list (the
 * same person keeps the same number throughout one request, so the model can refer to them),
 * then a salt that is random per gate. A spelling other than the listed one ("MÜLLER",
 * "Ｚｏｒｂｌａｘ", "Zor-\nblax") gets its own variant `[[N3-2x7kq2m9ab]]`, so that restoring gives
 * back exactly the text that was masked: `restore(mask(text)) === text`.
 */
export function createPrivacyGate(terms: string[], salt = randomSalt()): PrivacyGate {
  interface Entry {
    n: number;
    compact: string;
    pattern: string;
    long: boolean;
    variants: Map<string, string>;
  }
  const byCompact = new Map<string, Entry>();
  const surfaceOf = new Map<string, string>();
  for (const raw of terms) {
    const term = raw.normalize('NFC').trim();
    const folded = fold(term).text;
    const compact = compactKey(folded);
    if (!compact || byCompact.has(compact)) continue;
    const n = byCompact.size + 1;
    const placeholder = `[[N${n}x${salt}]]`;
    const letters = [...term.normalize('NFKC')].filter((c) => /\p{L}/u.test(c)).length;
    byCompact.set(compact, {
      n,
      compact,
      pattern: termPattern(folded),
      long: letters >= COMPOUND_MIN_LETTERS,
      variants: new Map([[term, placeholder]]),
    });
    surfaceOf.set(placeholder, term);
  }
  const entries = [...byCompact.values()];
  // Longer terms first, so "Anna Schmidt" wins over "Anna".
  const ordered = [...entries].sort((a, b) => b.compact.length - a.compact.length);
  const all = ordered.map((e) => e.pattern).join('|');
  const long = ordered.filter((e) => e.long).map((e) => e.pattern).join('|');
  // A whole word (with a German ending), the first part of a compound, the last part of one.
  const alternatives = [`(?<!${WORD})(${all})${INFLECTION}(?!${WORD})`];
  if (long) alternatives.push(`(?<!${WORD})(${long})(?=\\p{L})`, `(?<=\\p{L})(${long})${INFLECTION}(?!${WORD})`);
  const pattern = entries.length === 0 ? null : new RegExp(alternatives.join('|'), 'gdu');
  const produced = new RegExp(`\\[\\[N\\d+(?:-\\d+)?x${salt}\\]\\]`, 'g');
  // A tail that could still become one of our placeholders: "[", "[[N1", "[[N1-2", "[[N12x7kq", "[[N1x…]".
  const partialTail = new RegExp(`\\[(?:\\[(?:N(?:\\d+(?:-\\d*)?(?:x[a-z0-9]{0,${salt.length}}\\]?)?)?)?)?$`);

  const placeholderFor = (entry: Entry, surface: string) => {
    let placeholder = entry.variants.get(surface);
    if (!placeholder) {
      placeholder = `[[N${entry.n}-${entry.variants.size + 1}x${salt}]]`;
      entry.variants.set(surface, placeholder);
      surfaceOf.set(placeholder, surface);
    }
    return placeholder;
  };

  /** Matches on the folded copy, replaces the matched spans of the original. */
  const mask = (text: string) => {
    if (!pattern) return text;
    const folded = fold(text);
    let out = '';
    let done = 0;
    for (const m of folded.text.matchAll(pattern)) {
      const group = m[1] !== undefined ? 1 : m[2] !== undefined ? 2 : 3;
      const [a, b] = m.indices![group]!;
      const start = folded.from[a]!;
      const end = folded.to[b - 1]!;
      const entry = byCompact.get(compactKey(m[group]!));
      if (!entry || start < done) continue;
      out += text.slice(done, start) + placeholderFor(entry, text.slice(start, end));
      done = end;
    }
    return out + text.slice(done);
  };
  const restore = (text: string) => (entries.length === 0 ? text : text.replace(produced, (m) => surfaceOf.get(m) ?? m));

  return {
    active: entries.length > 0,
    mask,
    restore,
    maskDeep: <T>(value: T) => mapStrings(value, mask) as T,
    restoreDeep: <T>(value: T) => mapStrings(value, restore) as T,
    containsTerms(text) {
      if (!pattern) return false;
      pattern.lastIndex = 0;
      return pattern.test(fold(text).text);
    },
    createStreamRestorer() {
      let pending = '';
      return {
        push(delta) {
          if (entries.length === 0) return delta;
          pending += delta;
          const tail = partialTail.exec(pending);
          const cut = tail ? tail.index : pending.length;
          const ready = pending.slice(0, cut);
          pending = pending.slice(cut);
          return restore(ready);
        },
        flush() {
          const rest = restore(pending);
          pending = '';
          return rest;
        },
      };
    },
  };
}

function randomSalt(): string {
  const bytes = randomBytes(10);
  let out = '';
  for (const b of bytes) out += SALT_ALPHABET[b % SALT_ALPHABET.length];
  return out;
}
