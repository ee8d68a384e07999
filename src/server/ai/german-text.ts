// German text tools for the offline engine's passage ranking (analysis itself: german-analyzer.ts).
import { analyse, stemWord } from './german-analyzer.ts';

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

/** Splits into quotable passages: whole sentences, short neighbours merged up to ~200 characters. */
export function splitPassages(text: string, maxChars = 200): string[] {
  const sentences = splitSentences(text);
  const out: string[] = [];
  let current = '';
  for (const s of sentences) {
    if (current && current.length + s.length + 1 > maxChars) {
      out.push(current);
      current = s;
    } else current = current ? `${current} ${s}` : s;
  }
  if (current) out.push(current);
  return out;
}

/** A text's sentences, whitespace flattened: a break after . ! ? before a capital, a digit or a quote. */
export function splitSentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[A-ZÄÖÜ0-9"„])/u)
    .map((s) => s.trim())
    .filter(Boolean);
}
