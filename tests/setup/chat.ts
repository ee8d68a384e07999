import type { Agent } from './agent.ts';
import { parseSse } from './sse.ts';

export interface TestThread {
  id: number;
  token: string;
}

/** POST /api/thread/create as the chat page does (`public` for a visitor of the public chat). */
export async function openThread(agent: Agent, assistantUuid: string, opts: { public?: boolean } = {}): Promise<TestThread> {
  return (await agent.post('/api/thread/create', { assistantUuid, ...(opts.public ? { public: true } : {}) })).json();
}

/** One question through GET /api/send/stream: the events, the streamed text and the complete event. */
export async function askInThread(agent: Agent, assistantUuid: string, thread: TestThread, message: string) {
  const q = new URLSearchParams({ assistantUuid, threadId: String(thread.id), token: thread.token, message });
  const { events } = parseSse((await agent.get(`/api/send/stream?${q}`)).body);
  return {
    events,
    streamed: events
      .filter((e) => e.type === 'text')
      .map((e) => e.text as string)
      .join(''),
    complete: events.find((e) => e.type === 'complete'),
  };
}

/** POST /api/send/msgtovoice for a stored answer (its MP3 is in `raw`). */
export function speakAnswer(agent: Agent, assistantUuid: string, thread: TestThread, msgId: number) {
  return agent.post('/api/send/msgtovoice', { assistantUuid, threadId: thread.id, token: thread.token, msgId });
}
