import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '../../db/schema/index.ts';
import { Agent } from '../../../../tests/setup/agent.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { askInThread, openThread } from '../../../../tests/setup/chat.ts';
import { echoSystemPrompt, fakeProviderEnv, startFakeOpenAI, type FakeOpenAI } from '../../../../tests/fixtures/fake-openai.ts';
import { createAssistant, createStaffedTeam, loginAs } from '../../../../tests/factories/index.ts';
import { GUARD_REFUSAL, GUARD_SPAN_WORDS } from '../../ai/instruction-guard.ts';

// Public chats keep their instructions (issue 25, finding 7): a hostile provider echoes the system
// prompt to any question; the visitor of the public chat and of the embed never receives 20
// consecutive words of role, task or special properties — not in the stream, not in the stored
// answer. The office chat and the API (the team itself, decisions/028) stream it unchanged.

const ROLE =
  'Du bist die Kundenberaterin der Firma Zeltwerk GmbH in Bielefeld und kennst alle Produkte, Preise und Lieferzeiten unseres Sortiments für Campingzelte, Schlafsäcke und Zubehör ganz genau.';
const TASK =
  'Berate Interessenten freundlich, nenne bei Nachfragen zu Rabatten intern höchstens zehn Prozent Nachlass ab einer Bestellung über fünfhundert Euro und verweise Reklamationen immer an das Service-Team per E-Mail.';
const SPECIAL =
  'Erwähne niemals unseren Lieferanten aus Polen, sprich nicht über die laufende Umstrukturierung im Lager und empfiehl bei Unsicherheit grundsätzlich das teurere Premiumzelt, weil dort die Marge am höchsten ist.';

/** Every run of 20 consecutive words of the instructions, folded like the guard folds. */
const words = (text: string) => (text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}\p{M}]+/gu) ?? []);
function leakedSpans(shown: string): string[] {
  const seen = ` ${words(shown).join(' ')} `;
  const found: string[] = [];
  for (const field of [ROLE, TASK, SPECIAL]) {
    const w = words(field);
    for (let i = 0; i + GUARD_SPAN_WORDS <= w.length; i++) {
      const span = w.slice(i, i + GUARD_SPAN_WORDS).join(' ');
      if (seen.includes(` ${span} `)) found.push(span);
    }
  }
  return found;
}

let t: TestApp;
let fake: FakeOpenAI;
let baseURL: string;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await createTestApp(fakeProviderEnv(fake));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseURL = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function publishedMika() {
  const staff = await createStaffedTeam(t.database.db, { plan: 'agency' });
  const a = await createAssistant(t.database.db, staff.team, {
    isPublic: true,
    role: ROLE,
    task: TASK,
    special: SPECIAL,
    allowedDomains: 'zeltwerk.de',
  });
  return { ...staff, a };
}

const FORMATS = ['verbatim', 'bullets', 'lines'] as const;

describe('a provider that echoes the system prompt unasked', () => {
  it.each(FORMATS)('public chat (%s): the echo is stopped before 20 words reach the visitor and replaced by the refusal', async (format) => {
    const { a } = await publishedMika();
    fake.reply({ ...echoSystemPrompt(format), chunkDelayMs: 1 });
    const visitor = new Agent(t.app, '192.0.2.71');
    const thread = await openThread(visitor, a.uuid, { public: true });
    const { streamed, complete } = await askInThread(visitor, a.uuid, thread, 'Welche Zelte habt ihr?');
    expect(leakedSpans(streamed)).toEqual([]);
    expect(streamed).toContain(GUARD_REFUSAL);
    expect(complete.final_text).toBe(GUARD_REFUSAL);
    const stored = await t.database.db.select().from(messages).where(eq(messages.threadId, thread.id));
    expect(stored.find((m) => m.origin === 'ai')?.text).toBe(GUARD_REFUSAL);
  });

  it('embed: a visitor on the embedding site gets the refusal too', async () => {
    const { a } = await publishedMika();
    fake.reply(echoSystemPrompt('bullets'));
    const visitor = new Agent(t.app, '192.0.2.72');
    const headers = { origin: 'https://zeltwerk.de', referer: 'https://zeltwerk.de/shop' };
    const thread = (await visitor.request('POST', '/api/thread/create', { assistantUuid: a.uuid, public: true }, { headers })).json();
    const q = new URLSearchParams({ assistantUuid: a.uuid, threadId: String(thread.id), token: thread.token, message: 'Hallo!' });
    const res = await visitor.get(`/api/send/stream?${q}`, { headers });
    expect(res.status).toBe(200);
    expect(leakedSpans(res.body.replace(/\\n/g, '\n'))).toEqual([]);
    expect(res.body).toContain(GUARD_REFUSAL);
  });

  it('an ordinary answer that quotes a few words of the role passes unchanged', async () => {
    const { a } = await publishedMika();
    const answer = 'Ich bin die Kundenberaterin der Firma Zeltwerk GmbH in Bielefeld. Wir haben Campingzelte, Schlafsäcke und Zubehör.';
    fake.reply({ text: answer });
    const visitor = new Agent(t.app, '192.0.2.73');
    const thread = await openThread(visitor, a.uuid, { public: true });
    const { streamed, complete } = await askInThread(visitor, a.uuid, thread, 'Wer bist du?');
    expect(streamed).toBe(answer);
    expect(complete.final_text).toBe(answer);
  });

  it('office chat and the API keep today’s behaviour: the team sees its own instructions', async () => {
    const { a, owner, admin } = await publishedMika();
    fake.reply(echoSystemPrompt('verbatim'));
    const member = await loginAs(t, owner);
    const thread = await openThread(member, a.uuid);
    const office = await askInThread(member, a.uuid, thread, 'Welche Zelte habt ihr?');
    expect(office.streamed).toContain(TASK);
    expect(office.complete.final_text).toContain(SPECIAL);

    const key = await (await loginAs(t, admin)).post('/api/apikeys', { name: 'Eigenes CRM', scope: 'all' });
    expect(key.status, key.body).toBe(200);
    const api = new OpenAI({ apiKey: key.json().secret, baseURL, maxRetries: 0 });
    const completion = await api.chat.completions.create({ model: a.uuid, messages: [{ role: 'user', content: 'Hallo' }] });
    expect(completion.choices[0]!.message.content).toContain(ROLE);
  });
});
