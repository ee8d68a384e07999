import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { askInThread, openThread } from '../../../../tests/setup/chat.ts';
import { addKnowledge } from '../../../../tests/setup/knowledge.ts';
import { fakeProviderEnv, startFakeOpenAI, type FakeOpenAI } from '../../../../tests/fixtures/fake-openai.ts';
import { startFakeMcpServer, type FakeMcpServer } from '../../../../tests/fixtures/mcp-server.ts';
import {
  createAssistant,
  createStaffedTeam,
  createTeam,
  createUser,
  loginAs,
} from '../../../../tests/factories/index.ts';
import { modelToolName } from '../mcp/mcp.client.ts';
import type { Agent } from '../../../../tests/setup/agent.ts';

// The privacy filter against German spellings (issue 25, finding 2): each form below once reached
// the provider unmasked. Through the chat, a knowledge passage and a tool result, none of them may
// reach a recording provider, and the user sees every one exactly as it was written.

const TERMS = 'Anna Schmidt, Zorblax, Müller';
const VARIANTS: [string, string][] = [
  ['zero-width space between first and last name', 'Anna\u200BSchmidt'],
  ['combining grapheme joiner', 'Zor\u034Fblax'],
  ['bidi override', 'Zor\u202Eblax'],
  ['bidi isolate', 'Zor\u2066blax'],
  ['full-width letters', 'Ｚｏｒｂｌａｘ'],
  ['hyphenation', 'Zor-blax'],
  ['hyphenation across a line break', 'Zor-\nblax'],
  ['compound, first part', 'Zorblaxgruppe'],
  ['compound, first part (street)', 'Müllerstraße'],
  ['compound, last part', 'Firmenmüller'],
  ['Cyrillic look-alike', 'Z\u043Erblax'],
];

/** Did a sent text carry a term? Checked independently of the gate: letters only, NFKC, lower case. */
function leaks(sent: string): string[] {
  const letters = sent.normalize('NFKC').toLowerCase().replace(/[^\p{L}]/gu, '');
  const found = ['zorblax', 'müller', 'mueller', 'annaschmidt', 'schmidt'].filter((w) => letters.includes(w));
  // The look-alike spelled as it was: only the gate's confusables folding catches it.
  if (sent.includes('Z\u043Erblax')) found.push('Z\u043Erblax');
  return found;
}

let t: TestApp;
let fake: FakeOpenAI;
let mcp: FakeMcpServer;
let support: Agent;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  mcp = await startFakeMcpServer({ echo: true });
  t = await createTestApp(fakeProviderEnv(fake, { OUTBOUND_ALLOW_PRIVATE: 'true', AI_EMBEDDING_MODEL: 'embed-test' }));
  const operatorTeam = await createTeam(t.database.db, { plan: 'agency' });
  support = await loginAs(
    t,
    await createUser(t.database.db, operatorTeam, { isAdmin: true, isSuperadmin: true, role: 'owner' }),
  );
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await mcp?.close();
});

async function protectedSetup() {
  const { team, owner } = await createStaffedTeam(t.database.db);
  const a = await createAssistant(t.database.db, team);
  const agent = await loginAs(t, owner);
  const filter = await agent.post('/api/filter', { firstKey: 'main', filterString: TERMS, protectionLevel: 1 });
  expect(filter.status, filter.body).toBe(200);
  return { team, a, agent };
}

const sentSince = (index: number) =>
  fake.requests
    .slice(index)
    .map((r) => (Buffer.isBuffer(r.body) ? '' : JSON.stringify(r.body)))
    .join('\n');

/** JSON.stringify escapes a line break; the leak check wants the text as the provider reads it. */
const unescape = (json: string) => json.replace(/\\n/g, '\n');

describe('the privacy filter and German spellings', () => {
  it.each(VARIANTS)('chat: %s — masked for the provider, the user sees the original', async (_name, form) => {
    const { a, agent } = await protectedSetup();
    const thread = await openThread(agent, a.uuid);
    const message = `Bitte notieren: ${form} ruft morgen an.`;
    const before = fake.requests.length;
    // An obedient model repeats the message it received, placeholders included.
    fake.reply({ text: (body) => body.messages.at(-1).content });
    const { streamed, complete } = await askInThread(agent, a.uuid, thread, message);
    expect(leaks(unescape(sentSince(before)))).toEqual([]);
    expect(streamed).toBe(message);
    expect(complete.final_text).toBe(message);
  });

  it('knowledge passages: every form is masked in embeddings and prompts; the user sees the original', async () => {
    const { a, agent } = await protectedSetup();
    const before = fake.requests.length;
    const lines = VARIANTS.map(([, form], i) => `Eintrag ${i + 1}: ${form} betreut das Lager.`);
    await addKnowledge(agent, a.uuid, { name: 'lager.txt', data: Buffer.from(`Lagerliste\n\n${lines.join('\n')}\n`) });
    const thread = await openThread(agent, a.uuid);
    // The model quotes the knowledge section of its instructions.
    fake.reply({ text: (body) => String(body.messages[0].content).split('## Wissen')[1] ?? 'kein Wissen' });
    const { streamed } = await askInThread(agent, a.uuid, thread, 'Wer betreut das Lager laut Lagerliste?');
    expect(leaks(unescape(sentSince(before)))).toEqual([]);
    expect(streamed).toContain('Lagerliste');
    for (const [name, form] of VARIANTS) expect(streamed, name).toContain(`${form} betreut das Lager.`);
  });

  it('tool results: a tool answering with every form is masked for the model; the user sees the original', async () => {
    const { team, a, agent } = await protectedSetup();
    const created = await support.post('/api/insight/mcp', { teamUuid: team.uuid, name: 'Notizen', url: mcp.url, headers: [] });
    expect(created.status, created.body).toBe(200);
    const mcpId = created.json().id as number;
    expect((await agent.post('/api/togglemcp', { assistantUuid: a.uuid, mcpId, state: 1 })).status).toBe(200);
    const note = VARIANTS.map(([, form]) => form).join(' / ');
    // The model calls the tool with the user's note (placeholders), then quotes the tool's result.
    fake.queue(
      {
        toolCalls: (body) => [
          { name: modelToolName(mcpId, 'notiz'), arguments: JSON.stringify({ text: body.messages.at(-1).content }) },
        ],
      },
      { text: (body) => String(body.messages.at(-1).content) },
    );
    const thread = await openThread(agent, a.uuid);
    const before = fake.requests.length;
    const { streamed } = await askInThread(agent, a.uuid, thread, note);
    // The tool itself works with real text: the restored arguments.
    expect(mcp.calls.at(-1)).toMatchObject({ tool: 'notiz', args: { text: note } });
    expect(fake.requests.length - before).toBe(2);
    expect(leaks(unescape(sentSince(before)))).toEqual([]);
    expect(streamed).toContain(`Notiert: ${note}`);
  });
});
