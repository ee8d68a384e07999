import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openEventStream, type EventStream } from './event-stream.ts';

// A real HTTP server and client: what the client receives, and how many writes it took.

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(handler: (stream: EventStream, res: http.ServerResponse) => void) {
  const writes: string[] = [];
  server = http.createServer((_req, res) => {
    const write = res.write.bind(res);
    // Counts the response's writes (each one a chunk of its own on the socket); the write is the real one.
    res.write = ((...args: Parameters<typeof write>) => {
      writes.push(String(args[0]));
      return write(...args);
    }) as typeof write;
    handler(openEventStream(res), res);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  return { res, body: await res.text(), writes };
}

describe('event stream', () => {
  it('sends the first event at once and the rest of a turn in one write, in order', async () => {
    const { res, body, writes } = await serve((stream) => {
      for (let i = 0; i < 50; i++) stream.write(JSON.stringify({ delta: `Wort${i} ` }));
      setImmediate(() => {
        stream.write('[DONE]');
        stream.end();
      });
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const events = body.split('\n\n').filter(Boolean);
    expect(events).toHaveLength(51);
    expect(events[0]).toBe('data: {"delta":"Wort0 "}');
    expect(events[49]).toBe('data: {"delta":"Wort49 "}');
    expect(events[50]).toBe('data: [DONE]');
    // The first event alone (the time to first token), the other 49 of its turn in one write, [DONE]
    // in the next: 3, not 51.
    expect(writes).toHaveLength(3);
    expect(writes[0]).toBe('data: {"delta":"Wort0 "}\n\n');
    expect(writes[1]!.startsWith('data: {"delta":"Wort1 "}')).toBe(true);
  });

  it('writes nothing after the client has gone, and says so', async () => {
    let stream: EventStream | undefined;
    let closed = false;
    server = http.createServer((_req, res) => {
      stream = openEventStream(res, () => (closed = true));
      stream.write('"erstes"');
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const abort = new AbortController();
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { signal: abort.signal });
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: "erstes"\n\n');
    abort.abort();
    await expect.poll(() => closed).toBe(true);
    expect(stream!.open).toBe(false);
    stream!.write('"zweites"');
    stream!.end();
  });
});
