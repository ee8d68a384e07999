import type { Database } from '../db/client.ts';

/**
 * Hears a NOTIFY channel for an in-memory cache for as long as the process runs: when the connection
 * is lost, `onLost` runs (the cache must forget everything: it would miss changes now) and listening
 * starts again after `retryMs`. `active` says whether the channel is heard right now — a cache keeps
 * nothing while it is not. Used by the session cache (auth-cache.ts), the notified caches and the AI
 * provider registry (ai/registry.ts).
 */
export interface ChannelListener {
  readonly active: boolean;
  /** Resolves after the first attempt to listen (successful or not). */
  readonly started: Promise<void>;
  close(): Promise<void>;
}

export function listenToChannel(
  database: Pick<Database, 'listen'>,
  channel: string,
  opts: {
    onMessage: (payload: string) => void;
    onLost: () => void;
    /** After each successful start of listening (a change while nobody listened is read then). */
    onListening?: () => Promise<void>;
    log: { warn(obj: object, msg: string): void };
    /** What the log says happens meanwhile. */
    meanwhile: string;
    retryMs?: number;
    /** False: never listens (the cache stays inactive). */
    enabled?: boolean;
  },
): ChannelListener {
  let active = false;
  let closed = false;
  let stopListening: (() => Promise<void>) | undefined;
  let retry: NodeJS.Timeout | undefined;
  const lost = (err: unknown) => {
    if (closed) return;
    active = false;
    opts.onLost();
    opts.log.warn({ err, channel }, `database notifications lost; ${opts.meanwhile} until they are back`);
    retry = setTimeout(() => void listen(), opts.retryMs ?? 1000);
    retry.unref();
  };
  async function listen() {
    if (closed || opts.enabled === false) return;
    try {
      stopListening = await database.listen(channel, opts.onMessage, lost);
      active = true;
      await opts.onListening?.();
    } catch (err) {
      lost(err);
    }
  }
  const started = listen();
  return {
    get active() {
      return active;
    },
    started,
    async close() {
      closed = true;
      active = false;
      if (retry) clearTimeout(retry);
      await stopListening?.();
    },
  };
}
