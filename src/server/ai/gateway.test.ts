import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStepCount, streamText } from 'ai';
import { z } from 'zod';
import { startFakeOpenAI, placeholderIn, type FakeOpenAI } from '../../../tests/fixtures/fake-openai.ts';
import { loadConfig } from '../config.ts';
import { createAiGateway } from './gateway.ts';
import { createPrivacyGate } from './privacy-gate.ts';
import { buildToolSet, type ToolDefinition } from './tools/index.ts';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(async () => fake?.close());

describe('the gateway with tools', () => {
  it('hands tool arguments restored to execute, masks the result on its way back, and lets the model answer after it', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      AI_PROVIDER: 'openai',
      AI_BASE_URL: fake.url,
      AI_API_KEY: 'k',
      AI_CHAT_MODEL: 'gpt-test',
    });
    const gateway = createAiGateway(config.ai);
    const gate = createPrivacyGate(['Anna Schmidt', 'Projekt Falke']);
    const received: unknown[] = [];
    // A tool whose argument and result carry a protected name, like the e-mail tool will.
    const noteTool: ToolDefinition<{ person: string }> = {
      slug: 'email',
      uuid: '00000000-0000-4000-8000-000000000001',
      name: 'Notiz',
      description: 'Test',
      functionName: 'notiz_anlegen',
      modelDescription: 'Legt eine Notiz für eine Person an.',
      inputSchema: z.object({ person: z.string() }),
      defaultSettings: {},
      needsThread: false,
      async execute(input) {
        received.push(input);
        return `Notiz für ${input.person} zum Projekt Falke angelegt.`;
      },
    };
    const tools = buildToolSet([{ definition: noteTool, settings: {} }], {
      teamId: 1,
      assistantId: 1,
      assistantName: 'Test',
      threadId: null,
      effects: [],
      progress: () => undefined,
      // This tool neither mails nor throttles.
      mailer: { send: () => Promise.reject(new Error('not used')) },
      throttle: { consume: () => Promise.reject(new Error('not used')) },
    });
    fake.queue(
      {
        toolCalls: (body) => [
          { name: 'notiz_anlegen', arguments: JSON.stringify({ person: placeholderIn(body, 1) }) },
        ],
      },
      { text: (body) => `Erledigt für ${placeholderIn(body, 1)}.` },
    );
    const before = fake.requests.length;
    const result = streamText({
      model: gateway.chat(gate).model,
      prompt: 'Leg eine Notiz für Anna Schmidt an.',
      tools,
      stopWhen: isStepCount(3),
    });
    let text = '';
    for await (const part of result.fullStream) if (part.type === 'text-delta') text += part.text;

    expect(fake.requests.length - before).toBe(2);
    expect(JSON.stringify(fake.requests[before]!.body)).not.toContain('Anna');
    // The tool works with the real name; the model only ever saw the placeholder.
    expect(received).toEqual([{ person: 'Anna Schmidt' }]);
    const second = JSON.stringify(fake.requests.at(-1)!.body);
    expect(second).not.toContain('Anna');
    expect(second).not.toContain('Falke');
    expect(text).toBe('Erledigt für Anna Schmidt.');
  });
});
