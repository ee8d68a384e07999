import type { AnswerSource, StreamEvent } from '../../../shared/schemas/chat.ts';

/**
 * Reads the `data:` lines of GET /api/send/stream (docs/decisions/006): text deltas, form (a stored
 * contact-form message), complete, error, then the literal [DONE]. Chunks may end anywhere — inside a line, inside a multi-byte
 * character — so bytes are decoded as a stream and lines are buffered. Lines that are not valid
 * JSON, or JSON of an unknown shape, are ignored (docs/product/chat-and-voice.md).
 */
export interface SseParser {
  /** Feed the next chunk of bytes (or text). */
  push: (chunk: Uint8Array | string) => void;
  /** The body ended: parse what is left in the buffer. */
  end: () => void;
  /** True once [DONE] was read. */
  readonly done: boolean;
}

export function parseStreamEvent(payload: string): StreamEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  switch (v.type) {
    case 'text':
      return typeof v.text === 'string' ? { type: 'text', text: v.text } : null;
    case 'complete':
      if (typeof v.final_text !== 'string') return null;
      return {
        type: 'complete',
        final_text: v.final_text,
        response_id: typeof v.response_id === 'string' ? v.response_id : '',
        message_id: typeof v.message_id === 'number' ? v.message_id : 0,
        ...(Array.isArray(v.sources) ? { sources: v.sources as AnswerSource[] } : {}),
      };
    case 'form':
      return typeof v.message_id === 'number' ? { type: 'form', message_id: v.message_id } : null;
    case 'document':
      return typeof v.message_id === 'number' && typeof v.document === 'string'
        ? { type: 'document', message_id: v.message_id, document: v.document }
        : null;
    case 'held':
      return typeof v.message_id === 'number' ? { type: 'held', message_id: v.message_id } : null;
    case 'error':
      return { type: 'error', error: typeof v.error === 'string' && v.error ? v.error : '' };
    default:
      return null;
  }
}

export function createSseParser(onEvent: (event: StreamEvent) => void): SseParser {
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;

  const handleLine = (rawLine: string) => {
    if (done) return;
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (!line.startsWith('data:')) return; // comments (":"), event/id fields, blank separators
    const payload = line.slice(5).trim();
    if (payload === '[DONE]') {
      done = true;
      return;
    }
    const event = parseStreamEvent(payload);
    if (event) onEvent(event);
  };

  const drain = () => {
    let newline = buffer.indexOf('\n');
    while (newline !== -1) {
      handleLine(buffer.slice(0, newline));
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
    }
  };

  return {
    push(chunk) {
      buffer += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      drain();
    },
    end() {
      buffer += decoder.decode();
      drain();
      if (buffer) handleLine(buffer);
      buffer = '';
    },
    get done() {
      return done;
    },
  };
}
