import type { ServerResponse } from 'node:http';

/**
 * A hijacked reply as a server-sent event stream (the chat's answers, the OpenAI-compatible API).
 * Events written in the same turn of the event loop go out as one socket write: a provider's
 * chunks often arrive several per read, and every write is a system call and a TCP segment of its
 * own (issue 31: socket writes were about 15 % of the server's CPU per answer). The stream's very
 * first event is written at once: when a provider sends its first chunks in one burst, the first
 * token would otherwise wait until all of them passed the AI SDK (about 2 ms in the bench); later
 * events of a turn wait only until it ends (setImmediate).
 */
export interface EventStream {
  /** Whether the client is still connected. */
  readonly open: boolean;
  /** Queues `data: <line>` for this turn's write (nothing once the client has gone). */
  write(line: string): void;
  /** Writes what is queued and ends the response. */
  end(): void;
}

export function openEventStream(raw: ServerResponse, onClose?: () => void): EventStream {
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  let open = true;
  let pending = '';
  let scheduled = false;
  let first = true;
  raw.on('close', () => {
    open = false;
    pending = '';
    onClose?.();
  });
  const flush = () => {
    scheduled = false;
    if (!open || pending === '') return;
    const out = pending;
    pending = '';
    raw.write(out);
  };
  return {
    get open() {
      return open;
    },
    write(line) {
      if (!open) return;
      if (first) {
        first = false;
        raw.write(`data: ${line}\n\n`);
        return;
      }
      pending += `data: ${line}\n\n`;
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    end() {
      flush();
      if (open) raw.end();
    },
  };
}
