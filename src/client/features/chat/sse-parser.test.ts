import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../../../shared/schemas/chat.ts';
import { createSseParser } from './sse-parser.ts';

function collect(chunks: (string | Uint8Array)[]) {
  const events: StreamEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return { events, done: parser.done };
}

const STREAM =
  'data: {"type":"text","text":"Hal"}\n\n' +
  'data: {"type":"text","text":"lo Wélt"}\n\n' +
  'data: {"type":"form","message_id":8}\n\n' +
  'data: {"type":"complete","response_id":"r1","final_text":"Hallo Wélt","message_id":7}\n\n' +
  'data: [DONE]\n\n';

describe('createSseParser', () => {
  it('reads text deltas, complete and [DONE]', () => {
    const { events, done } = collect([STREAM]);
    expect(events).toEqual([
      { type: 'text', text: 'Hal' },
      { type: 'text', text: 'lo Wélt' },
      { type: 'form', message_id: 8 },
      { type: 'complete', response_id: 'r1', final_text: 'Hallo Wélt', message_id: 7 },
    ]);
    expect(done).toBe(true);
  });

  it('joins lines and multi-byte characters split across chunks', () => {
    const bytes = new TextEncoder().encode(STREAM);
    // Every possible split of the byte stream into single bytes.
    const chunks = [...bytes].map((b) => Uint8Array.of(b));
    const { events, done } = collect(chunks);
    expect(events.map((e) => (e.type === 'text' ? e.text : e.type))).toEqual(['Hal', 'lo Wélt', 'form', 'complete']);
    expect(done).toBe(true);
  });

  it('ignores invalid JSON, unknown types, comments and CRLF line ends', () => {
    const { events } = collect([
      ': keep-alive\r\n',
      'data: {kaputt\r\n\r\n',
      'data: {"type":"unbekannt"}\r\n\r\n',
      'data: {"type":"text"}\r\n\r\n',
      'event: message\r\ndata: {"type":"error","error":"Der KI-Dienst hat nicht geantwortet."}\r\n\r\n',
    ]);
    expect(events).toEqual([{ type: 'error', error: 'Der KI-Dienst hat nicht geantwortet.' }]);
  });

  it('reads a last line without a trailing newline and nothing after [DONE]', () => {
    expect(collect(['data: {"type":"text","text":"a"}']).events).toEqual([{ type: 'text', text: 'a' }]);
    expect(collect(['data: [DONE]\n\ndata: {"type":"text","text":"spät"}\n\n']).events).toEqual([]);
  });
});
