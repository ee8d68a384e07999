// German text tools for the offline engine's passage ranking (analysis itself: german-analyzer.ts).
import { analyse, stemWord } from './german-analyzer.ts';
import { maxOf } from '../../shared/arrays.ts';

/** Lower-case Snowball stem with umlauts folded, so "Angebote" meets "Angebot" (german-stemmer.ts). */
export function stem(word: string): string {
  return stemWord(word);
}

/**
 * The stems of a text's content words: stop words (stopwords-iso) out, short words and numbers
 * kept; a separable verb also joined ("Wie lade ich Wissen hoch?" → lad, hochlad), so the question
 * meets the sentence that says „hochladen“.
 */
export function terms(text: string): string[] {
  const analysed = analyse(text);
  return [...analysed.words.filter((w) => !w.stop).map((w) => w.stem), ...analysed.joined];
}

/**
 * Splits into quotable passages: whole sentences, short neighbours merged up to ~200 characters; a
 * heading (a sentence without a closing mark after one with it) starts a passage of its own.
 */
export function splitPassages(text: string, maxChars = 200): string[] {
  const sentences = splitSentences(text);
  const out: string[] = [];
  let current = '';
  for (const s of sentences) {
    const heading = isClosedSentence(current) && !isClosedSentence(s);
    if (current && (current.length + s.length + 1 > maxChars || heading)) {
      out.push(current);
      current = s;
    } else current = joinSentences(current, s);
  }
  if (current) out.push(current);
  return out;
}

/** Ends a sentence: a closing punctuation mark, also inside closing quotes or brackets. */
const CLOSED = /[.!?:;,…]["“”»)\]]*$/u;

/** Whether a sentence ends as sentences do (not a heading or a list item). */
export function isClosedSentence(sentence: string): boolean {
  return CLOSED.test(sentence);
}

/**
 * Two sentences in a row; after a heading or list item (no closing mark) as a paragraph of its own,
 * so a quote shows «Parken» above «Kostenlose Parkplätze …» rather than «Parken Kostenlose …».
 */
export function joinSentences(before: string, sentence: string): string {
  if (!before) return sentence;
  return `${before}${isClosedSentence(before) ? ' ' : '\n\n'}${sentence}`;
}

/**
 * A text's sentences, whitespace flattened: a break after . ! ? before a capital, a digit or a
 * quote; at a blank line; and after a heading or list item of a plain text — a line without a
 * closing mark that is less than half as long as the longest line of its paragraph (a line broken
 * only to wrap the text is about as long as the others, even in a narrow column).
 */
export function splitSentences(text: string): string[] {
  return linesAsBlocks(text).flatMap((block) =>
    block
      .replace(/\s+/g, ' ')
      .split(/(?<=[.!?])\s+(?=[A-ZÄÖÜ0-9"„])/u)
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

function linesAsBlocks(text: string): string[] {
  const blocks: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    const lines = paragraph.split('\n').map((l) => l.trim()).filter(Boolean);
    const longest = maxOf(lines.map((l) => l.length), 0);
    let current: string[] = [];
    lines.forEach((line, i) => {
      current.push(line);
      const heading = i < lines.length - 1 && line.length * 2 < longest && !isClosedSentence(line);
      if (heading) {
        blocks.push(current.join(' '));
        current = [];
      }
    });
    if (current.length > 0) blocks.push(current.join(' '));
  }
  return blocks;
}
