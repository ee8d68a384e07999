// Passages out of sections: never across a page, slide or sheet; a heading starts a new passage and
// is remembered with it; long text is cut at sentence ends with a little overlap, long tables by
// rows with the header row repeated.
import type { Section } from './extract.ts';

export interface Chunk {
  location: string;
  heading: string;
  text: string;
}

export const CHUNK_MAX_CHARS = 1200;
const OVERLAP_CHARS = 200;

/** Sentences; one longer than `max` is cut at spaces into pieces of at most `max`. */
function splitSentences(text: string, max: number): string[] {
  const out: string[] = [];
  for (const sentence of text.split(/(?<=[.!?:;])\s+/u)) {
    let rest = sentence;
    while (rest.length > max) {
      const cut = rest.lastIndexOf(' ', max) > 0 ? rest.lastIndexOf(' ', max) : max;
      out.push(rest.slice(0, cut));
      rest = rest.slice(cut).trimStart();
    }
    if (rest) out.push(rest);
  }
  return out;
}

function splitTable(table: string, max: number): string[] {
  const lines = table.split('\n');
  const head = lines.slice(0, 2).join('\n');
  const out: string[] = [];
  let current = head;
  for (const row of lines.slice(2)) {
    if (current.length + row.length + 1 > max && current !== head) {
      out.push(current);
      current = head;
    }
    current += `\n${row}`;
  }
  out.push(current);
  return out;
}

/** The tail of a passage carried into the next one, from a sentence start. */
function overlapOf(text: string): string {
  if (text.length <= OVERLAP_CHARS) return '';
  const tail = text.slice(-OVERLAP_CHARS);
  const start = tail.search(/(?<=[.!?]\s)\S/u);
  return start > 0 ? tail.slice(start) : '';
}

export function chunkSections(sections: Section[], max = CHUNK_MAX_CHARS): Chunk[] {
  const chunks: Chunk[] = [];
  for (const section of sections) {
    let heading = '';
    let current = '';
    const flush = () => {
      if (current.trim()) chunks.push({ location: section.location, heading, text: current.trim() });
      current = '';
    };
    for (const block of section.blocks) {
      if (block.kind === 'heading') {
        flush();
        heading = block.text;
        continue;
      }
      // Room for the overlap: no piece alone fills a passage.
      const pieces =
        block.kind === 'table'
          ? splitTable(block.text, max)
          : splitSentences(block.text, max - OVERLAP_CHARS);
      for (const piece of pieces) {
        const sep =
          block.kind === 'table' || current.endsWith('|') ? '\n\n' : piece === pieces[0] ? '\n' : ' ';
        if (current && current.length + piece.length + sep.length > max) {
          const carry = block.kind === 'table' ? '' : overlapOf(current);
          flush();
          current = carry;
        }
        current = current ? `${current}${sep}${piece}` : piece;
      }
    }
    flush();
  }
  return chunks;
}
