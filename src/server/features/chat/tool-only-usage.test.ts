import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { creditReservations, messages, usageRecords } from '../../db/schema/index.ts';
import { createAssistant, createStaffedTeam } from '../../../../tests/factories/index.ts';
import { Agent } from '../../../../tests/setup/agent.ts';
import { askInThread, openThread } from '../../../../tests/setup/chat.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { fakeProviderEnv, startFakeOpenAI, type FakeOpenAI } from '../../../../tests/fixtures/fake-openai.ts';
import { CONTACT_FORM_FUNCTION } from '../../ai/tools/index.ts';

// Every model call is booked: an answer in which the model only called a tool (here: it opened the
// contact form) has no text of its own, and the tokens it cost are still the team's usage.

let t: TestApp;
let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await createTestApp(fakeProviderEnv(fake, { LOG_LEVEL: 'error' }));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('model calls without answer text', () => {
  it('a model that only opens the contact form: the form shows, its tokens are booked, the hold is settled', async () => {
    const { team } = await createStaffedTeam(t.database.db, { plan: 'team' });
    const mika = await createAssistant(t.database.db, team, { isPublic: true, form: { active: true } });
    const visitor = new Agent(t.app, '198.51.100.70');
    const thread = await openThread(visitor, mika.uuid, { public: true });
    fake.reply({ toolCalls: [{ name: CONTACT_FORM_FUNCTION, arguments: '{}' }] });
    const before = fake.requests.length;
    const { events } = await askInThread(visitor, mika.uuid, thread, 'Ich möchte einen Rückruf.');
    expect(events.map((e) => e.type)).toContain('form');
    const usage = await t.database.db.select().from(usageRecords).where(eq(usageRecords.threadId, thread.id));
    expect(usage).toHaveLength(1);
    // The fake provider reports 42 prompt tokens per call; the model kept calling the tool for its steps.
    const calls = fake.requests.slice(before).filter((r) => String(r.path).endsWith('/chat/completions')).length;
    expect(calls).toBeGreaterThan(0);
    expect(usage[0]).toMatchObject({ teamId: team.id, capability: 'chat', model: 'openai:gpt-test', inputTokens: 42 * calls });
    // Nothing stays held, and no empty answer is left behind.
    expect(await t.database.db.select().from(creditReservations).where(eq(creditReservations.teamId, team.id))).toEqual([]);
    const rows = await t.database.db.select().from(messages).where(eq(messages.threadId, thread.id));
    expect(rows.every((m) => m.status !== 'streaming')).toBe(true);
  });
});
