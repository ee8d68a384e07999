import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../shared/schemas/chat.ts';
import { settleAnswer } from './settle-answer.ts';
import { heldQuery, tick } from '../../../../tests/setup/held-query.ts';

// The chat's cache around a streamed answer, with TanStack Query's own client: a load of the
// messages (the thread was just created, the window regained focus) that overlaps the stream
// must not take the question and answer off the screen (a journey in CI lost both this way).

const key = ['chat', 'messages', 'mika', 7] as const;
const msg = (id: number, origin: 'user' | 'ai', text: string, status: ChatMessage['status'] = 'complete'): ChatMessage => ({
  id,
  origin,
  type: 'txt',
  text,
  audio: null,
  document: null,
  response_id: null,
  status,
  created_at: '2026-11-28T08:00:00.000Z',
});

/** The messages entry of the mounted chat; `asked` loads the conversation, then adds the visitor's question locally. */
function chatCache() {
  const cache = heldQuery<ChatMessage[]>(key);
  const asked = async (stored: ChatMessage[], question: ChatMessage) => {
    cache.loads[0]!(stored);
    await tick();
    cache.client.setQueryData<ChatMessage[]>(key, (old = []) => [...old, question]);
  };
  return { ...cache, asked };
}

let stop = () => undefined as void;
afterEach(() => stop());

describe('settleAnswer', () => {
  const question = msg(-1, 'user', 'Wann habt Ihr geöffnet?');
  const answer = msg(12, 'ai', 'Montags bis freitags von 9 bis 18 Uhr.');

  it('keeps question and answer when a load from before the question answers after the stream', async () => {
    const cache = chatCache();
    stop = cache.stop;
    await cache.asked([], question);
    cache.load(); // started while the answer streams; the server had nothing yet
    await settleAnswer(cache.client, key, question.id, [answer]);
    cache.loads[1]!([]);
    await tick();
    expect(cache.data()).toEqual([question, answer]);
    expect(cache.loads).toHaveLength(2);
  });

  it('replaces a landed load’s streaming copy with the answer and loads the finished conversation', async () => {
    const cache = chatCache();
    stop = cache.stop;
    await cache.asked([], question);
    cache.load();
    const stored = msg(11, 'user', question.text);
    cache.loads[1]!([stored, msg(12, 'ai', 'Montags', 'streaming')]);
    await tick();
    const settled = settleAnswer(cache.client, key, question.id, [answer]);
    // At once: one copy of the answer, the finished one.
    await tick();
    expect(cache.data()).toEqual([stored, answer]);
    // Then the conversation as the server now has it.
    expect(cache.loads).toHaveLength(3);
    cache.loads[2]!([stored, { ...answer, response_id: 'resp_1' }]);
    await settled;
    expect(cache.data()).toEqual([stored, { ...answer, response_id: 'resp_1' }]);
  });

  it('adds the answer without loading again when no load overlapped the stream', async () => {
    const cache = chatCache();
    stop = cache.stop;
    await cache.asked([msg(3, 'ai', 'Hallo')], question);
    await settleAnswer(cache.client, key, question.id, [answer]);
    await tick();
    expect(cache.data()).toEqual([msg(3, 'ai', 'Hallo'), question, answer]);
    expect(cache.loads).toHaveLength(1);
  });
});
