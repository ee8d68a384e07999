// Topics by meaning (issue 33, decision 045): with an embedding model, lexical topics
// (topics.ts) whose questions mean the same are joined — "Was kostet der Versand?" and "Wie teuer
// ist das Porto?" share no word. Pure: the job embeds and stores, this file decides.
//
// A question's vector is stored projected to at most 256 dimensions (a fixed random projection:
// cosines stay close to the model's, storage and comparison stay small). Each lexical topic gets
// the mean direction of its questions; topics are visited largest first (those that already held
// a joined topic or a title before them, so a topic keeps its key and title as it grows) and join
// the most alike earlier topic whose direction is at least TOPIC_SIMILARITY alike — the lexical
// split (Lieferzeit ≠ Lieferkosten) stands unless the model really sees the same meaning.

/** Dimensions a question's vector is stored with. */
export const STORED_DIMENSIONS = 256;
/** Cosine of two topics' mean directions from which they are one topic. */
export const TOPIC_SIMILARITY = 0.86;
/** Topics that can absorb others (the largest); beyond them a topic stays as grouped by its words. */
const MAX_ANCHORS = 300;
/** Topics compared at all (the largest): bounds the work for a Mika with very many questions. */
const MAX_COMPARED = 6000;

const projections = new Map<number, Float32Array>();

/** The fixed projection for vectors of `dim` dimensions (deterministic: same on every instance and run). */
function projection(dim: number): Float32Array {
  let m = projections.get(dim);
  if (m) return m;
  m = new Float32Array(dim * STORED_DIMENSIONS);
  // mulberry32 + Box–Muller: Gaussian entries from a fixed seed.
  let seed = 0x6d696b61 ^ dim;
  const next = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = 0; i < m.length; i += 2) {
    const r = Math.sqrt(-2 * Math.log(next() || 1e-12));
    const a = 2 * Math.PI * next();
    m[i] = r * Math.cos(a);
    if (i + 1 < m.length) m[i + 1] = r * Math.sin(a);
  }
  projections.set(dim, m);
  return m;
}

/** The stored form of a model's vector: at most 256 dimensions, unit length, 4 decimals. */
export function storedVector(vector: readonly number[]): number[] {
  let out: number[];
  if (vector.length <= STORED_DIMENSIONS) out = [...vector];
  else {
    const m = projection(vector.length);
    out = new Array<number>(STORED_DIMENSIONS).fill(0);
    for (let i = 0; i < vector.length; i++) {
      const x = vector[i]!;
      if (x === 0) continue;
      const row = i * STORED_DIMENSIONS;
      for (let j = 0; j < STORED_DIMENSIONS; j++) out[j]! += x * m[row + j]!;
    }
  }
  const norm = Math.hypot(...out) || 1;
  return out.map((x) => Math.round((x / norm) * 10_000) / 10_000);
}

const dot = (a: Float64Array, b: Float64Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};

/**
 * Joins lexical topics whose questions mean the same. `keys[i]` is question i's lexical topic,
 * `vectors[i]` its stored vector or null (not embedded yet, or erased). Returns per question the
 * topic it belongs to: its own key, or the key of the larger topic it joined.
 */
export function joinTopicsByMeaning(
  keys: readonly string[],
  vectors: readonly (readonly number[] | null)[],
  /** Keys that were topics of their own before (they stay the key of what joins them). */
  kept: ReadonlySet<string> = new Set(),
  similarity = TOPIC_SIMILARITY,
): string[] {
  const sums = new Map<string, { size: number; sum: Float64Array | null }>();
  keys.forEach((key, i) => {
    if (!key) return;
    let t = sums.get(key);
    if (!t) sums.set(key, (t = { size: 0, sum: null }));
    t.size++;
    const v = vectors[i];
    if (!v || v.length === 0) return;
    if (!t.sum) t.sum = new Float64Array(v.length);
    if (t.sum.length !== v.length) return;
    for (let d = 0; d < v.length; d++) t.sum[d]! += v[d]!;
  });
  const order = [...sums.entries()]
    .filter(([, t]) => t.sum !== null)
    .sort((a, b) => Number(kept.has(b[0])) - Number(kept.has(a[0])) || b[1].size - a[1].size || (a[0] < b[0] ? -1 : 1))
    .slice(0, MAX_COMPARED);
  const anchors: { key: string; direction: Float64Array }[] = [];
  const joined = new Map<string, string>();
  for (const [key, t] of order) {
    const norm = Math.sqrt(dot(t.sum!, t.sum!)) || 1;
    const direction = t.sum!.map((x) => x / norm);
    let best: string | null = null;
    let bestScore = similarity;
    for (const a of anchors) {
      if (a.direction.length !== direction.length) continue;
      const score = dot(a.direction, direction);
      if (score >= bestScore) [best, bestScore] = [a.key, score];
    }
    if (best !== null) joined.set(key, best);
    else if (anchors.length < MAX_ANCHORS) anchors.push({ key, direction });
  }
  return keys.map((key) => joined.get(key) ?? key);
}
