import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../../tests/fixtures/fake-openai.ts';
import { loadConfig } from '../config.ts';
import { createAiGateway } from './gateway.ts';
import { createPrivacyGate } from './privacy-gate.ts';
import { ASK_PERSON_FUNCTION } from './person-request.ts';
import { runAnswer, type AnswerStore } from './pipeline.ts';
import { CANNOT_ANSWER_FUNCTION } from './unanswered.ts';

// The question is stored while the provider is already asked (decision 025): the order of what
// reaches the store must still be question first, and a question that cannot be stored stops it.

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(async () => fake?.close());

const gatewayFor = () =>
  createAiGateway(loadConfig({ NODE_ENV: 'test', AI_PROVIDER: 'openai', AI_BASE_URL: fake.url, AI_API_KEY: 'k', AI_CHAT_MODEL: 'gpt-test' }).ai);
const profile = { name: 'Mika', role: 'Assistenz', task: 'Hilft.', special: '', style: 'freundlich', intro: '' };

describe('runAnswer stores the question while the model is asked', () => {
  it('asks the provider before the question is stored, and writes the answer only after it', async () => {
    fake.reply({ text: 'Eins zwei drei vier fünf sechs sieben acht', chunkDelayMs: 5 });
    const events: string[] = [];
    let storeQuestion!: (id: number) => void;
    const store: AnswerStore = {
      begin: () => {
        events.push('begin');
        return new Promise((resolve) => (storeQuestion = resolve));
      },
      checkpoint: async (id) => void events.push(`checkpoint ${id}`),
      finish: async (id, answer) => void events.push(`finish ${id} ${answer.text}`),
      discard: async (id) => void events.push(`discard ${id}`),
    };
    const requestsBefore = fake.requests.length;
    const texts: string[] = [];
    const outcome = runAnswer({
      gateway: gatewayFor(),
      gate: createPrivacyGate([]),
      profile,
      history: [],
      question: 'Zähl bis acht.',
      store,
      onText: (delta) => {
        texts.push(delta);
        // Text arrives while the question's insert is still running: the model was not kept waiting.
        if (texts.length === 1) {
          events.push(`text before stored: ${fake.requests.length > requestsBefore}`);
          storeQuestion(42);
        }
      },
      historyTokenBudget: 4000,
      checkpoint: { intervalMs: 1, chars: 1, heartbeatMs: 1000 },
    });
    const result = await outcome;
    expect(result).toMatchObject({ answerId: 42, status: 'complete', text: 'Eins zwei drei vier fünf sechs sieben acht' });
    expect(events[0]).toBe('begin');
    expect(events[1]).toBe('text before stored: true');
    expect(events.at(-1)).toBe('finish 42 Eins zwei drei vier fünf sechs sieben acht');
    expect(events.filter((e) => e.startsWith('checkpoint')).every((e) => e === 'checkpoint 42')).toBe(true);
  });

  it('stops the model call and stores nothing when the question cannot be stored', async () => {
    fake.reply({ text: Array.from({ length: 200 }, (_, i) => `Wort${i}`).join(' '), chunkDelayMs: 20 });
    const written: string[] = [];
    const store: AnswerStore = {
      begin: () => new Promise((_, reject) => setTimeout(() => reject(new Error('database gone')), 60)),
      checkpoint: async () => void written.push('checkpoint'),
      finish: async () => void written.push('finish'),
      discard: async () => void written.push('discard'),
    };
    let deltas = 0;
    await expect(
      runAnswer({
        gateway: gatewayFor(),
        gate: createPrivacyGate([]),
        profile,
        history: [],
        question: 'Erzähl lange.',
        store,
        onText: () => void deltas++,
        historyTokenBudget: 4000,
      }),
    ).rejects.toThrow('database gone');
    // The model call was stopped: the provider saw the connection closed before its 200th word.
    await expect.poll(() => fake.requests.at(-1)?.closedByClient).toBe(true);
    expect(fake.requests.at(-1).chunksSent).toBeLessThan(200);
    expect(deltas).toBeLessThan(200);
    expect(written.filter((w) => w !== 'checkpoint')).toEqual([]);
  });
});

describe('runAnswer offers a signal tool only when the caller records the signal', () => {
  const memoryStore = (finished: { unanswered?: string | null }): AnswerStore => ({
    begin: async () => 7,
    checkpoint: async () => undefined,
    finish: async (_id, answer) => void (finished.unanswered = answer.unanswered),
    discard: async () => undefined,
  });
  const ask = (signals: Parameters<typeof runAnswer>[0]['signals'], finished: { unanswered?: string | null } = {}) =>
    runAnswer({
      gateway: gatewayFor(),
      gate: createPrivacyGate([]),
      profile,
      history: [],
      question: 'Was kostet der Versand nach Island?',
      ...(signals ? { signals } : {}),
      store: memoryStore(finished),
      onText: () => undefined,
      historyTokenBudget: 4000,
    });
  const offered = () => ((fake.requests.at(-1)!.body.tools ?? []) as { function: { name: string } }[]).map((x) => x.function.name);

  it('no signal asked for: no tool at all; the "could not answer" tool is offered and read when asked for', async () => {
    fake.reply({ text: 'Das weiß ich.' });
    await ask(undefined);
    expect(offered()).toEqual([]);

    fake.queue({ toolCalls: [{ name: CANNOT_ANSWER_FUNCTION, arguments: '{}' }] }, { text: 'Dazu habe ich keine Auskunft.' });
    const finished: { unanswered?: string | null } = {};
    const outcome = await ask({ cannotAnswer: true }, finished);
    expect(offered()).toEqual([CANNOT_ANSWER_FUNCTION]);
    expect(outcome).toMatchObject({ text: 'Dazu habe ich keine Auskunft.', unanswered: 'no_match', personRequested: false });
    expect(finished.unanswered).toBe('no_match');
  });

  it('the person tool stops the answer after its step', async () => {
    fake.queue({ toolCalls: [{ name: ASK_PERSON_FUNCTION, arguments: '{}' }] }, { text: 'Das sollte niemand lesen.' });
    const before = fake.requests.length;
    const outcome = await ask({ askForPerson: true });
    expect(offered()).toEqual([ASK_PERSON_FUNCTION]);
    expect(fake.requests.length - before).toBe(1);
    expect(outcome).toMatchObject({ answerId: null, text: '', personRequested: true });
    fake.reply({});
  });
});
