// The vocabulary of a Mika's knowledge in memory (issue 31): a question's compound splitting and head
// expansion (retrieval.ts, questionTerms) read it here instead of in two statements, so only BM25
// itself goes to the database. The cache holds each assistant's whole-word terms with their counts
// (knowledge_terms, exact_df > 0) and stays correct across instances: every statement that changes an
// assistant's terms notifies 'mika_knowledge' (migration 0031), which drops that assistant here.
// While the instance does not hear the channel, for a vocabulary above MAX_TERMS and for a few seconds
// after a change (SETTLE_MS: an index being built changes constantly), the questions read the
// database as before. Between a change's commit and its notification (well under a
// millisecond on one machine) a question may still split by the earlier vocabulary; BM25 reads the
// postings and document frequencies themselves from the database either way.
import type { Deps } from '../../platform/deps.ts';
import type { NotifiedCache } from '../../platform/notified-cache.ts';
import { vocabularySize, wholeVocabulary } from './postings.ts';

export const KNOWLEDGE_CHANNEL = 'mika_knowledge';
/** Terms of one assistant beyond which its vocabulary is not held (its questions read the database). */
const MAX_TERMS = 150_000;
/** Terms held by one instance across assistants (≈ 90 bytes each); the least recently asked go first. */
const MAX_CACHED_TERMS = 600_000;
/** Read again after this long even without a notification (see NotifiedCache: connection poolers). */
const MAX_AGE_MS = 5 * 60_000;
/**
 * A vocabulary that changed less than this ago is not loaded: while files are being indexed (a
 * website crawl changes the terms every few pages) each question would otherwise read the whole
 * vocabulary again; its two lookups go to the database until the index is quiet.
 */
export const SETTLE_MS = 2000;

/** An assistant's whole-word vocabulary: the answers of the two term lookups of questionTerms. */
export class Vocabulary {
  private readonly counts: Map<string, number>;
  /** The terms in code-unit order: the terms beginning with a stem lie together. */
  private readonly sorted: string[];

  constructor(rows: { term: string; n: number }[]) {
    this.counts = new Map(rows.map((r) => [r.term, Number(r.n)]));
    this.sorted = [...this.counts.keys()].sort();
  }

  get size(): number {
    return this.sorted.length;
  }

  /** How many passages contain each of these stems as a whole word (absent when none). */
  countsOf(stems: string[]): Map<string, number> {
    const out = new Map<string, number>();
    for (const stem of stems) {
      const n = this.counts.get(stem);
      if (n !== undefined) out.set(stem, n);
    }
    return out;
  }

  /**
   * Per stem the `perStem` most frequent longer terms beginning with it (at least `longer` letters
   * more), most frequent first, equal counts in code-unit order.
   */
  expansionsOf(stems: string[], perStem: number, longer: number): [string, string][] {
    const out: [string, string][] = [];
    for (const stem of stems) {
      let lo = 0;
      let hi = this.sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.sorted[mid]! < stem) lo = mid + 1;
        else hi = mid;
      }
      const found: string[] = [];
      for (let i = lo; i < this.sorted.length && this.sorted[i]!.startsWith(stem); i++) {
        if (this.sorted[i]!.length >= stem.length + longer) found.push(this.sorted[i]!);
      }
      found.sort((a, b) => this.counts.get(b)! - this.counts.get(a)! || (a < b ? -1 : a > b ? 1 : 0));
      for (const term of found.slice(0, perStem)) out.push([stem, term]);
    }
    return out;
  }
}

type Held = Vocabulary | 'too-large';
const cacheOf = (deps: Pick<Deps, 'caches'>) =>
  deps.caches.open<Held>(KNOWLEDGE_CHANNEL, { maxWeight: MAX_CACHED_TERMS, maxAgeMs: MAX_AGE_MS });

/** Opens the instance's vocabulary cache at start, so that its first question may use it. */
export function openVocabularyCache(deps: Pick<Deps, 'caches'>): void {
  cacheOf(deps);
}
/**
 * Per cache the assistants whose vocabulary was too large when last read: after a change or when
 * the marker expires, their next load counts the terms in the database first and reads them out
 * only when they fit (150,000 rows read and dropped again on every change of a large index otherwise).
 */
const tooLarge = new WeakMap<NotifiedCache<Held>, Set<string>>();
/** Per assistant the load under way and the cache's generation when it began. */
type Loads = Map<string, { generation: number; load: Promise<Vocabulary | null> }>;
/** Loads under way per cache: the questions that arrive meanwhile wait for the same one. */
const loading = new WeakMap<NotifiedCache<Held>, Loads>();

/**
 * The assistant's vocabulary from memory, loaded on its first question after a change has settled;
 * null when it is not held (the instance does not hear the database's notifications, it is too
 * large, or it changed within SETTLE_MS): the caller then asks the database per question.
 */
export async function vocabularyOf(deps: Pick<Deps, 'db' | 'caches'>, assistantId: number): Promise<Vocabulary | null> {
  const cache = cacheOf(deps);
  if (!cache.active) return null;
  const key = String(assistantId);
  const held = cache.get(key);
  if (held) return held === 'too-large' ? null : held;
  const changed = cache.changedAt(key);
  if (changed !== undefined && Date.now() - changed < SETTLE_MS) return null;
  let pending = loading.get(cache);
  if (!pending) loading.set(cache, (pending = new Map() as Loads));
  // A load that began before the assistant's latest change would bring the earlier vocabulary: not joined.
  const running = pending.get(key);
  if (running && !cache.changedSince(key, running.generation)) return running.load;
  const generation = cache.generation;
  let large = tooLarge.get(cache);
  if (!large) tooLarge.set(cache, (large = new Set()));
  const read = async (): Promise<Vocabulary | null> => {
    const stillLarge = large.has(key) && (await vocabularySize(deps.db, assistantId, MAX_TERMS)) > MAX_TERMS;
    const rows = stillLarge ? null : await wholeVocabulary(deps.db, assistantId, MAX_TERMS);
    if (!rows || rows.length > MAX_TERMS) {
      large.add(key);
      cache.set(key, 'too-large', generation);
      return null;
    }
    large.delete(key);
    const vocabulary = new Vocabulary(rows);
    cache.set(key, vocabulary, generation, Math.max(1, vocabulary.size));
    return vocabulary;
  };
  const load = read()
    .finally(() => {
      if (pending.get(key)?.load === load) pending.delete(key);
    });
  pending.set(key, { generation, load });
  return load;
}
