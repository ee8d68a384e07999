// Replaces listed names and words by placeholders before text leaves for an AI provider, and
// restores them in the answer — also when a placeholder arrives split across stream chunks.

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// German endings we tolerate after a listed term (genitive "Müllers", plural "Projekte", "-n/-en").
const INFLECTION = '(?:s|es|n|en|e)?';
const PLACEHOLDER = /\[\[N(\d+)\]\]/g;
// A tail that could still become a placeholder: "[", "[[", "[[N", "[[N1", "[[N12]".
const PARTIAL_TAIL = /\[(?:\[(?:N(?:\d+\]?)?)?)?$/;

export interface PrivacyFilter {
  readonly active: boolean;
  mask(text: string): string;
  restore(text: string): string;
  /** A stateful restorer for streamed deltas: push returns what can be shown, flush the rest. */
  createStreamRestorer(): { push(delta: string): string; flush(): string };
}

/**
 * Placeholders are numbered by the term's position in the combined list, so the same person
 * gets the same placeholder in every message of a thread (and the model can refer to them).
 */
export function createPrivacyFilter(terms: string[]): PrivacyFilter {
  const unique = [...new Map(terms.map((t) => [t.trim().toLowerCase(), t.trim()])).values()].filter(Boolean);
  // Longer terms first, so "Anna Schmidt" wins over "Anna".
  const ordered = unique.map((term, i) => ({ term, index: i + 1 })).sort((a, b) => b.term.length - a.term.length);
  const pattern =
    ordered.length === 0
      ? null
      : new RegExp(
          `(?<![\\p{L}\\p{N}])(${ordered
            .map(({ term }) => term.split(/\s+/).map(escapeRegExp).join('\\s+'))
            .join('|')})(${INFLECTION})(?![\\p{L}\\p{N}])`,
          'giu',
        );
  const indexOf = new Map(unique.map((t, i) => [t.toLowerCase().replace(/\s+/g, ' '), i + 1]));

  const mask = (text: string) =>
    pattern
      ? text.replace(pattern, (_m, term: string, ending: string) => {
          const index = indexOf.get(term.toLowerCase().replace(/\s+/g, ' '));
          return `[[N${index}]]${ending}`;
        })
      : text;

  const restore = (text: string) =>
    text.replace(PLACEHOLDER, (m, n: string) => unique[Number(n) - 1] ?? m);

  return {
    active: unique.length > 0,
    mask,
    restore,
    createStreamRestorer() {
      let pending = '';
      return {
        push(delta) {
          pending += delta;
          const tail = PARTIAL_TAIL.exec(pending);
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
