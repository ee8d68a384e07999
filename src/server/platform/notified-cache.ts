import type { Database } from '../db/client.ts';
import { listenToChannel } from './channel-listener.ts';

/**
 * Keyed in-memory caches that stay correct across instances because the database announces every
 * change (a trigger's NOTIFY on the cache's channel, payload: the key; `*` drops everything) — the
 * auth cache's scheme (auth-cache.ts) for any feature's read-mostly data. While an instance is not
 * listening (starting, connection lost) nothing is cached: every read goes to the database.
 * Entries are weighed (e.g. by the number of terms they hold); beyond the channel's budget the least
 * recently used ones go. Cached values are shared between requests: read them, never change them.
 */
export interface NotifiedCache<V> {
  get(key: string): V | undefined;
  /**
   * Keeps what a load read, unless the key changed since `generation` (read before the load
   * began): a change that committed while the load ran must not be hidden by it. Changes of other
   * keys do not matter.
   */
  set(key: string, value: V, generation: number, weight?: number): void;
  /** Grows with every drop. */
  readonly generation: number;
  /** Whether the key was dropped (or everything cleared) after `generation` was read. */
  changedSince(key: string, generation: number): boolean;
  /** False while the instance does not hear the channel: `get` finds nothing and `set` keeps nothing. */
  readonly active: boolean;
  /** When the key was last announced changed (ms since the epoch), if within the last minute. */
  changedAt(key: string): number | undefined;
  drop(key: string): void;
  /** Entries held now (tests, diagnostics). */
  readonly size: number;
}

export interface NotifiedCaches {
  /** The cache of one channel (opened once; later calls return the same cache). */
  open<V>(channel: string, opts: CacheOptions): NotifiedCache<V>;
  /** Resolves once every channel opened so far has made its first attempt to listen. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface CacheOptions {
  /** The budget of all entries' weights. */
  maxWeight: number;
  /**
   * An entry older than this is read again — the bound on staleness should notifications silently
   * not arrive (a transaction-mode connection pooler accepts LISTEN and delivers nothing).
   */
  maxAgeMs: number;
}

/** How long a key's last change is remembered. */
const RECENT_MS = 60_000;

interface Log {
  warn(obj: object, msg: string): void;
}

export function createNotifiedCaches(
  database: Pick<Database, 'listen'>,
  opts: { log: Log; retryMs?: number },
): NotifiedCaches {
  const caches = new Map<string, { cache: NotifiedCache<unknown>; started: Promise<void>; close: () => Promise<void> }>();
  return {
    open<V>(channel: string, options: CacheOptions): NotifiedCache<V> {
      let found = caches.get(channel);
      if (!found) {
        found = channelCache<unknown>(database, channel, options, opts);
        caches.set(channel, found);
      }
      return found.cache as NotifiedCache<V>;
    },
    async ready() {
      await Promise.all([...caches.values()].map((c) => c.started));
    },
    async close() {
      await Promise.all([...caches.values()].map((c) => c.close()));
      caches.clear();
    },
  };
}

function channelCache<V>(
  database: Pick<Database, 'listen'>,
  channel: string,
  { maxWeight, maxAgeMs }: CacheOptions,
  opts: { log: Log; retryMs?: number },
) {
  // Map order is recency: a read moves its entry to the end, eviction takes from the front.
  const entries = new Map<string, { value: V; weight: number; expires: number }>();
  let weight = 0;
  let generation = 0;
  // Per key its last change: when (a feature may wait until a key settles before loading it again)
  // and at which generation. Keys forgotten after a minute count as changed at `forgotten`.
  const changes = new Map<string, { at: number; generation: number }>();
  let cleared = 0;
  let forgotten = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    weight -= entry.weight;
  };
  const drop = (key: string) => {
    generation++;
    remove(key);
    const now = Date.now();
    changes.delete(key);
    changes.set(key, { at: now, generation });
    // Oldest first: forget changes older than a minute.
    for (const [k, change] of changes) {
      if (now - change.at < RECENT_MS) break;
      forgotten = change.generation;
      changes.delete(k);
    }
  };
  const clear = () => {
    generation++;
    cleared = generation;
    entries.clear();
    weight = 0;
  };
  const changedSince = (key: string, since: number) =>
    Math.max(cleared, changes.get(key)?.generation ?? forgotten) > since;
  const listener = listenToChannel(database, channel, {
    onMessage: (key) => (key === '*' ? clear() : drop(key)),
    onLost: clear,
    log: opts.log,
    meanwhile: `the cache of ${channel} reads from the database`,
    ...(opts.retryMs !== undefined ? { retryMs: opts.retryMs } : {}),
  });

  const cache: NotifiedCache<V> = {
    get(key) {
      if (!listener.active) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      remove(key);
      if (entry.expires <= Date.now()) return undefined;
      entries.set(key, entry);
      weight += entry.weight;
      return entry.value;
    },
    set(key, value, since, w = 1) {
      if (!listener.active || changedSince(key, since) || w > maxWeight) return;
      remove(key);
      entries.set(key, { value, weight: w, expires: Date.now() + maxAgeMs });
      weight += w;
      for (const [oldest] of entries) {
        if (weight <= maxWeight) break;
        remove(oldest);
      }
    },
    drop,
    get generation() {
      return generation;
    },
    changedSince,
    get active() {
      return listener.active;
    },
    changedAt(key) {
      const at = changes.get(key)?.at;
      return at !== undefined && Date.now() - at < RECENT_MS ? at : undefined;
    },
    get size() {
      return entries.size;
    },
  };
  return {
    cache,
    started: listener.started,
    async close() {
      clear();
      await listener.close();
    },
  };
}
