// The privacy gate: listed names and words are replaced by placeholders before any text leaves
// for an AI provider, and restored in what comes back. One gate per request: its placeholders
// carry a random salt, and only placeholders this gate produced are ever restored — text that
// merely looks like a placeholder (typed by a user, echoed by a model) stays literal, so the
// list cannot be read out by asking the model to repeat "[[N1]]".
import { randomBytes } from 'node:crypto';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// German endings we tolerate after a listed term (genitive "Müllers", plural "Projekte", "-n/-en").
const INFLECTION = '(?:s|es|n|en|e)?';
// Soft hyphen, zero-width space/joiners, word joiner, BOM, Mongolian vowel separator: invisible
// characters that would otherwise split a name into something the pattern does not see.
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u2060-\u2064\uFEFF]/g;
const SALT_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** NFC and without invisible characters: the form every text is matched (and sent) in. */
function normalizeForGate(text: string): string {
  return text.normalize('NFC').replace(INVISIBLE, '');
}

/** Case-, ß/ss- and umlaut-folded key of a term or a matched text (whitespace collapsed). */
function foldKey(text: string): string {
  return normalizeForGate(text)
    .toLowerCase()
    .replace(/ß|ẞ/g, 'ss')
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/\s+/g, ' ')
    .trim();
}

// In a folded term each of these pairs also matches its other spelling in the text.
const VARIANTS: Record<string, string> = { ss: '(?:ss|ß)', ae: '(?:ae|ä)', oe: '(?:oe|ö)', ue: '(?:ue|ü)' };

function termPattern(folded: string): string {
  let out = '';
  for (let i = 0; i < folded.length; ) {
    const pair = folded.slice(i, i + 2);
    if (VARIANTS[pair]) {
      out += VARIANTS[pair];
      i += 2;
    } else if (folded[i] === ' ') {
      out += '\\s+';
      i += 1;
    } else {
      out += escapeRegExp(folded[i]!);
      i += 1;
    }
  }
  return out;
}

export interface StreamRestorer {
  /** Returns what can be shown now; holds back a tail that may still become a placeholder. */
  push(delta: string): string;
  flush(): string;
}

export interface PrivacyGate {
  /** True when there are terms to protect. */
  readonly active: boolean;
  /** The outgoing form of a text: normalised, every listed term replaced by its placeholder. */
  mask(text: string): string;
  /** Masks every string inside a JSON-like value (tool arguments and results, schemas). */
  maskDeep<T>(value: T): T;
  /** Replaces this gate's placeholders by their terms; anything else stays as it is. */
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
 * then a salt that is random per gate.
 */
export function createPrivacyGate(terms: string[], salt = randomSalt()): PrivacyGate {
  const byKey = new Map<string, string>();
  for (const raw of terms) {
    const term = normalizeForGate(raw).trim();
    const key = foldKey(term);
    if (key && !byKey.has(key)) byKey.set(key, term);
  }
  const entries = [...byKey.entries()].map(([key, term], i) => ({ key, term, placeholder: `[[N${i + 1}x${salt}]]` }));
  const placeholderOf = new Map(entries.map((e) => [e.key, e.placeholder]));
  const termOf = new Map(entries.map((e) => [e.placeholder, e.term]));
  // Longer terms first, so "Anna Schmidt" wins over "Anna".
  const ordered = [...entries].sort((a, b) => b.key.length - a.key.length);
  const pattern =
    ordered.length === 0
      ? null
      : new RegExp(
          `(?<![\\p{L}\\p{N}])(${ordered.map((e) => termPattern(e.key)).join('|')})(${INFLECTION})(?![\\p{L}\\p{N}])`,
          'giu',
        );
  const produced = new RegExp(`\\[\\[N\\d+x${salt}\\]\\]`, 'g');
  // A tail that could still become one of our placeholders: "[", "[[N1", "[[N12x7kq", "[[N1x…]".
  const partialTail = new RegExp(`\\[(?:\\[(?:N(?:\\d+(?:x[a-z0-9]{0,${salt.length}}\\]?)?)?)?)?$`);

  const mask = (text: string) => {
    const normalized = normalizeForGate(text);
    if (!pattern) return normalized;
    return normalized.replace(pattern, (match, term: string, ending: string) => {
      const placeholder = placeholderOf.get(foldKey(term));
      return placeholder ? `${placeholder}${ending}` : match;
    });
  };
  const restore = (text: string) => (entries.length === 0 ? text : text.replace(produced, (m) => termOf.get(m) ?? m));

  return {
    active: entries.length > 0,
    mask,
    restore,
    maskDeep: <T>(value: T) => mapStrings(value, mask) as T,
    restoreDeep: <T>(value: T) => mapStrings(value, restore) as T,
    containsTerms(text) {
      if (!pattern) return false;
      pattern.lastIndex = 0;
      return pattern.test(normalizeForGate(text));
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
