import { describe, expect, it } from 'vitest';
import { joinTopicsByMeaning, storedVector, STORED_DIMENSIONS } from './topic-vectors.ts';
import { cleanTitle } from './topic-titles.ts';

// Topics by meaning (decision 045): the stored form of a model's vector and the join of topics.

const random = (seed: number, n: number) => {
  let s = seed;
  return Array.from({ length: n }, () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31 - 0.5;
  });
};
const cosine = (a: number[], b: number[]) => a.reduce((n, x, i) => n + x * b[i]!, 0) / (Math.hypot(...a) * Math.hypot(...b));

describe('topic vectors', () => {
  it('stores a large model vector in 256 dimensions with its similarities kept closely', () => {
    const a = random(1, 1536);
    const b = a.map((x, i) => x + 0.6 * random(2, 1536)[i]!);
    const c = random(3, 1536);
    const [sa, sb, sc] = [storedVector(a), storedVector(b), storedVector(c)];
    expect(sa).toHaveLength(STORED_DIMENSIONS);
    expect(Math.abs(cosine(sa, sb) - cosine(a, b))).toBeLessThan(0.1);
    expect(Math.abs(cosine(sa, sc) - cosine(a, c))).toBeLessThan(0.15);
    // The same vector is stored the same on every call (a fixed projection).
    expect(storedVector(a)).toEqual(sa);
    // A small vector keeps its dimensions, made unit length.
    expect(storedVector([3, 4])).toEqual([0.6, 0.8]);
  });

  it('joins a topic into the more alike one, never unlike ones, and keeps the key of a topic that was joined before', () => {
    const x = [1, 0, 0];
    const nearX = [0.95, 0.3122, 0];
    const y = [0, 1, 0];
    const keys = ['versand', 'versand', 'porto', 'laden', 'laden', 'laden'];
    const vectors = [x, x, nearX, y, y, y];
    expect(joinTopicsByMeaning(keys, vectors)).toEqual(['versand', 'versand', 'versand', 'laden', 'laden', 'laden']);
    // The smaller topic that was a topic of its own before keeps its key as the larger one joins it.
    expect(joinTopicsByMeaning(keys, vectors, new Set(['porto']))).toEqual(['porto', 'porto', 'porto', 'laden', 'laden', 'laden']);
    // Below the similarity nothing is joined; questions without a vector keep their topic.
    expect(joinTopicsByMeaning(['a', 'b'], [x, [0.7, 0.7141, 0]])).toEqual(['a', 'b']);
    expect(joinTopicsByMeaning(['a', 'b'], [x, null])).toEqual(['a', 'b']);
  });

  it('takes a model’s answer as a title only when it is one', () => {
    expect(cleanTitle('„Lieferzeiten“.')).toBe('Lieferzeiten');
    expect(cleanTitle('Titel: Rückgabe von Möbeln\nWeil …')).toBe('Rückgabe von Möbeln');
    expect(cleanTitle('Das Thema dieser Fragen ist eindeutig die Frage nach den Kosten')).toBeNull();
    expect(cleanTitle('   ')).toBeNull();
  });
});
