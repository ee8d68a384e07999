// The instruction guard of public chats (issue 25, docs/public-chat.md): an answer that reproduces
// 20 or more consecutive words of the Mika's role, task or special properties is stopped and
// replaced by a short refusal before that span reaches the visitor. The guard judges the answer,
// never the question. Words are compared after folding case, punctuation and whitespace (NFKC,
// lower case, every run of characters that are not letters or digits is one word break), so
// bullets, numbering marks, Markdown and line breaks do not hide a copy.

/** How many consecutive words of the instructions make a reproduction. */
export const GUARD_SPAN_WORDS = 20;

export const GUARD_REFUSAL =
  'Dazu kann ich nichts sagen: Meine Anweisungen sind vertraulich. Wie kann ich Dir sonst helfen?';

export interface AnswerGuard {
  /** Takes the next streamed text; returns what may be shown now, or null: stop, refuse. */
  push(delta: string): string | null;
  /** The end of the answer: the rest that was held back, or null: refuse. */
  flush(): string | null;
  readonly refusal: string;
}

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const fold = (word: string) => word.normalize('NFKC').toLowerCase();

/**
 * A guard for the given instruction texts (role, task, special properties: each on its own, a
 * span does not run from one into the next). Returns null when no text is long enough to be
 * reproduced — then nothing needs holding back.
 */
export function createInstructionGuard(instructions: string[], refusal = GUARD_REFUSAL): AnswerGuard | null {
  // Every run of 1 … 20 consecutive words of the instructions, as "w1 w2 …".
  const runs = new Set<string>();
  for (const text of instructions) {
    const words = [...text.matchAll(WORD)].map((m) => fold(m[0]));
    for (let i = 0; i < words.length; i++) {
      let run = '';
      for (let k = 0; k < GUARD_SPAN_WORDS && i + k < words.length; k++) {
        run = k === 0 ? words[i]! : `${run} ${words[i + k]!}`;
        runs.add(run);
      }
    }
  }
  const hasSpan = [...runs].some((r) => r.split(' ').length === GUARD_SPAN_WORDS);
  if (!hasSpan) return null;

  let held = ''; // streamed text not shown yet
  // How many of the held text's complete words, at its end, continue one run of the instructions.
  const judge = (final: boolean): { release: number } | null => {
    const words = [...held.matchAll(WORD)].map((m) => ({ word: fold(m[0]), start: m.index, end: m.index + m[0].length }));
    // A word that touches the end of the text may still grow: it is judged once it is complete.
    const open = !final && words.length > 0 && words.at(-1)!.end === held.length ? words.pop()! : undefined;
    // The longest run of complete words at the end that occurs in the instructions.
    let longest = 0;
    for (let i = words.length - 1, run = ''; i >= 0 && words.length - i <= GUARD_SPAN_WORDS; i--) {
      run = run ? `${words[i]!.word} ${run}` : words[i]!.word;
      if (!runs.has(run)) break;
      longest = words.length - i;
    }
    if (longest >= GUARD_SPAN_WORDS) return null;
    // Everything before the run (and before a word still growing) can be shown.
    const firstHeld = longest > 0 ? words[words.length - longest]!.start : (open?.start ?? held.length);
    return { release: final ? held.length : Math.min(firstHeld, open?.start ?? held.length) };
  };

  let refused = false;
  return {
    refusal,
    push(delta) {
      if (refused) return null;
      held += delta;
      const verdict = judge(false);
      if (!verdict) {
        refused = true;
        return null;
      }
      const shown = held.slice(0, verdict.release);
      held = held.slice(verdict.release);
      return shown;
    },
    flush() {
      if (refused) return null;
      if (!judge(true)) {
        refused = true;
        return null;
      }
      const rest = held;
      held = '';
      return rest;
    },
  };
}
