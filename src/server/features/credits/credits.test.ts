import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { creditLedger, creditReservations, teams, usageRecords } from '../../db/schema/index.ts';
import { openDatabase, type Db } from '../../db/client.ts';
import { createTestApp, openTestDatabase, type TestApp, type TestDatabase } from '../../../../tests/setup/test-app.ts';
import { parseSse } from '../../../../tests/setup/sse.ts';
import { Agent } from '../../../../tests/setup/agent.ts';
import { fakeProviderEnv, startFakeOpenAI, type FakeOpenAI } from '../../../../tests/fixtures/fake-openai.ts';
import { createAssistant, createStaffedTeam, createTeam, loginAs } from '../../../../tests/factories/index.ts';
import { CHAT_STYLES } from '../../../shared/constants.ts';
import { CREDIT_RESERVE, priceUnits } from '../../../shared/credit-prices.ts';
import { ASSISTANT_MESSAGES, CREDIT_MESSAGES } from '../../../shared/messages.ts';
import { appendEntry } from './credit.repository.ts';
import { berlinMonth } from '../../platform/berlin-time.ts';
import {
  creditBalanceUnits,
  grantAllowanceToAllTeams,
  releaseStaleReservations,
  reserveCredits,
  settleCredits,
  spendableCreditUnits,
  RESERVATION_MAX_AGE_MS,
} from './credit.service.ts';

/** Units straight into the ledger (a correction), e.g. a balance worth exactly five answers. */
async function giveUnits(db: Db, teamId: number, units: number) {
  await appendEntry(db, { teamId, kind: 'correction', units, month: berlinMonth(), reference: `test:${units}:${Math.random()}` });
}

/** The invariant: balance row = ledger sum − open reservations, never negative. */
async function expectConsistent(db: Db, teamId: number) {
  const spendable = await spendableCreditUnits(db, teamId);
  const ledger = await creditBalanceUnits(db, teamId);
  const [held] = await db
    .select({ units: sql<string>`coalesce(sum(${creditReservations.units}), 0)` })
    .from(creditReservations)
    .where(eq(creditReservations.teamId, teamId));
  expect(spendable).toBeGreaterThanOrEqual(0);
  expect(spendable).toBe(ledger - Number(held!.units));
  return { spendable, ledger, held: Number(held!.units) };
}

describe('credit ledger', () => {
  let h: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    h = await openTestDatabase();
    db = h.database.db;
  });
  afterAll(async () => h?.drop());

  it('books the monthly allowance exactly once per team and month, also from two instances at once', async () => {
    const team = await createTeam(db, { plan: 'team', credits: 0, amountExtraMikas: 2 });
    const ended = await createTeam(db, { plan: 'trial', credits: 0, trialEndsAt: new Date(Date.now() - 1000) });
    // A second "instance": its own connection pool on the same PostgreSQL database (embedded: the same engine).
    const second = h.url ? await openDatabase({ databaseUrl: h.url }) : null;
    try {
      const other = second?.db ?? db;
      await Promise.all([grantAllowanceToAllTeams(db), grantAllowanceToAllTeams(other)]);
      await Promise.all([grantAllowanceToAllTeams(other), grantAllowanceToAllTeams(db)]);
    } finally {
      await second?.close();
    }
    const rows = await db.select().from(creditLedger).where(eq(creditLedger.teamId, team.id));
    expect(rows.map((r) => [r.kind, r.units, r.reference]).sort()).toEqual([
      ['allowance', 75_000, `allowance:${berlinMonth()}:team`],
      ['extra_allowance', 30_000, `extras:${berlinMonth()}`],
    ]);
    expect((await expectConsistent(db, team.id)).spendable).toBe(105_000);
    // An ended trial gets nothing; next month books again.
    expect(await creditBalanceUnits(db, ended.id)).toBe(0);
    const nextMonth = new Date(Date.now() + 32 * 86_400_000);
    await grantAllowanceToAllTeams(db, nextMonth);
    expect(await creditBalanceUnits(db, team.id)).toBe(210_000);
  });

  it('reserves with one guarded statement: 50 concurrent holds on a balance for 5 → exactly 5, never below zero', async () => {
    const team = await createTeam(db, { credits: 0 });
    await giveUnits(db, team.id, 5 * CREDIT_RESERVE.answer);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => reserveCredits(db, { teamId: team.id, audience: 'admin' }, 'chat', CREDIT_RESERVE.answer)),
    );
    const held = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(held).toHaveLength(5);
    expect(refused).toHaveLength(45);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'CREDITS_EMPTY', status: 402, userMessage: CREDIT_MESSAGES.emptyAdmin });
    expect(await expectConsistent(db, team.id)).toEqual({ spendable: 0, ledger: 500, held: 500 });

    // Settling charges what was used (at most the hold) and gives the rest back.
    const [first, second] = held.map((r) => (r).value);
    const record = { teamId: team.id, capability: 'chat' as const, model: 'openai:gpt-test', inputTokens: 5000, outputTokens: 1000 };
    await db.transaction(async (tx) => {
      expect(await settleCredits(tx, first, [record])).toBe(priceUnits(record));
    });
    // More than the hold is never charged (the hold is an answer's maximum).
    await db.transaction(async (tx) => {
      expect(await settleCredits(tx, second, [{ ...record, outputTokens: 10_000_000 }])).toBe(CREDIT_RESERVE.answer);
    });
    // Settling twice, or releasing a settled hold, changes nothing.
    await db.transaction(async (tx) => {
      expect(await settleCredits(tx, first, [{ ...record, inputTokens: 0, outputTokens: 0 }])).toBe(0);
    });
    expect(await expectConsistent(db, team.id)).toEqual({ spendable: 100 - priceUnits(record), ledger: 400 - priceUnits(record), held: 300 });

    // A process that died leaves its holds: the sweep gives them back after a while, not before.
    expect(await releaseStaleReservations(db)).toBe(0);
    expect(await releaseStaleReservations(db, Date.now() + RESERVATION_MAX_AGE_MS + 1000)).toBe(1);
    expect(await expectConsistent(db, team.id)).toEqual({ spendable: 400 - priceUnits(record), ledger: 400 - priceUnits(record), held: 0 });
  });

  it('prices the calls of the table in whole units', () => {
    expect(priceUnits({ capability: 'chat', model: 'openai:x', inputTokens: 1000, outputTokens: 1000 })).toBe(10);
    expect(priceUnits({ capability: 'chat', model: 'openai:x', inputTokens: 1, outputTokens: 0 })).toBe(1);
    expect(priceUnits({ capability: 'speech', model: 'openai:tts', characters: 1000 })).toBe(30);
    expect(priceUnits({ capability: 'transcription', model: 'openai:whisper', audioSeconds: 60 })).toBe(12);
    expect(priceUnits({ capability: 'image', model: 'openai:gpt-image', images: 1 })).toBe(100);
    expect(priceUnits({ capability: 'embedding', model: 'openai:emb', inputTokens: 100_000 })).toBe(0);
    expect(priceUnits({ capability: 'rerank', model: 'cohere:rerank-v3.5', inputTokens: 100_000 })).toBe(0);
    expect(priceUnits({ capability: 'chat', model: 'offline:offline', inputTokens: 100_000 })).toBe(0);
  });
});

function streamUrl(assistantUuid: string, thread: { id: number; token: string }, message: string) {
  const q = new URLSearchParams({ assistantUuid, threadId: String(thread.id), token: thread.token, message });
  return `/api/send/stream?${q.toString()}`;
}

async function openThread(agent: Agent, assistantUuid: string, isPublic = false) {
  const res = await agent.post('/api/thread/create', { assistantUuid, ...(isPublic ? { public: true } : {}) });
  expect(res.status, res.body).toBe(200);
  return res.json<{ id: number; token: string }>();
}

describe('credits on the answer paths (against an OpenAI-compatible provider)', () => {
  let t: TestApp;
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ text: 'Die Lieferung dauert drei Werktage.' });
    t = await createTestApp(fakeProviderEnv(fake));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('answers at most 5 of 20 concurrent questions on a balance worth 5; the rest get 402 before the provider is asked', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db, { credits: 0 });
    await giveUnits(t.database.db, team.id, 5 * CREDIT_RESERVE.answer);
    const a = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    const threads = await Promise.all(Array.from({ length: 20 }, () => openThread(agent, a.uuid)));
    fake.reply({ text: 'Die Lieferung dauert drei Werktage.', firstByteDelayMs: 300 });
    const before = fake.requests.length;
    const answers = await Promise.all(threads.map((th, i) => agent.get(streamUrl(a.uuid, th, `Frage ${i}: Wie lange dauert die Lieferung?`))));
    const answered = answers.filter((r) => r.status === 200 && parseSse(r.body).events.some((e) => e.type === 'complete'));
    const refused = answers.filter((r) => r.status === 402);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.length).toBeLessThanOrEqual(5);
    expect(answered.length + refused.length).toBe(20);
    expect(refused[0]!.json()).toEqual({ error: CREDIT_MESSAGES.emptyAdmin, code: 'CREDITS_EMPTY' });
    expect(fake.requests.length - before).toBe(answered.length);
    const state = await expectConsistent(t.database.db, team.id);
    expect(state.held).toBe(0);
    // Each answer was charged what it used, booked next to its usage record.
    const usage = await t.database.db.select().from(usageRecords).where(eq(usageRecords.teamId, team.id));
    const charged = usage.reduce((n, u) => n + priceUnits({ ...u, capability: 'chat' }), 0);
    expect(usage).toHaveLength(answered.length);
    expect(state.ledger).toBe(500 - charged);
  });

  it('settles a stream that breaks mid-way with what was really used and releases the rest', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db, { credits: 1 });
    const a = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    const thread = await openThread(agent, a.uuid);
    fake.reply({ text: 'Eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf', failAfterChunks: 4 });
    const res = await agent.get(streamUrl(a.uuid, thread, 'Zähl bitte bis zwölf.'));
    expect(res.status).toBe(200);
    expect(parseSse(res.body).events.some((e) => e.type === 'error')).toBe(true);
    const [record] = await t.database.db.select().from(usageRecords).where(eq(usageRecords.teamId, team.id));
    // The provider never sent its total: prompt and the text that came are estimated, not zero.
    expect(record!.inputTokens).toBeGreaterThan(0);
    expect(record!.outputTokens).toBeGreaterThan(0);
    const used = priceUnits({ ...record!, capability: 'chat' });
    expect(used).toBeGreaterThan(0);
    const entries = await t.database.db.select().from(creditLedger).where(and(eq(creditLedger.teamId, team.id), eq(creditLedger.kind, 'usage')));
    expect(entries.map((e) => [e.units, e.assistantId])).toEqual([[-used, a.id]]);
    expect(await expectConsistent(t.database.db, team.id)).toEqual({ spendable: 1000 - used, ledger: 1000 - used, held: 0 });
  });

  it('refuses with 402 in the office chat (admins and members), the public chat and /v1 — nothing reaches the provider', async () => {
    const { team, owner, employee } = await createStaffedTeam(t.database.db, { credits: 0, plan: 'agency' });
    const a = await createAssistant(t.database.db, team, { isPublic: true });
    const before = fake.requests.length;

    const ownerAgent = await loginAs(t, owner);
    const office = await ownerAgent.get(streamUrl(a.uuid, await openThread(ownerAgent, a.uuid), 'Hallo?'));
    expect(office.status).toBe(402);
    expect(office.json().error).toContain('Nutzung → Aufladen');

    await t.database.db.execute(sql`insert into assistant_rights (user_id, assistant_id, can_use, can_edit) values (${employee.id}, ${a.id}, true, false)`);
    const member = await loginAs(t, employee);
    const memberRes = await member.get(streamUrl(a.uuid, await openThread(member, a.uuid), 'Hallo?'));
    expect(memberRes.status).toBe(402);
    expect(memberRes.json().error).toBe(CREDIT_MESSAGES.emptyMember);

    const visitor = new Agent(t.app, '10.9.8.7');
    const pub = await visitor.get(streamUrl(a.uuid, await openThread(visitor, a.uuid, true), 'Hallo?'));
    expect(pub.status).toBe(402);
    expect(pub.json()).toEqual({ error: CREDIT_MESSAGES.emptyPublic, code: 'CREDITS_EMPTY' });

    // A default assistant (no team) stays free in its public chat.
    const free = await createAssistant(t.database.db, null, { isPublic: true });
    const freeRes = await visitor.get(streamUrl(free.uuid, await openThread(visitor, free.uuid, true), 'Hallo?'));
    expect(freeRes.status).toBe(200);

    const key = await ownerAgent.post('/api/apikeys', { name: 'CRM', scope: 'all', assistants: [] });
    expect(key.status, key.body).toBe(200);
    const v1 = await t.app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { authorization: `Bearer ${key.json().secret}`, 'content-type': 'application/json' },
      payload: { model: a.uuid, stream: true, messages: [{ role: 'user', content: 'Hallo?' }] },
    });
    expect(v1.statusCode).toBe(402);
    expect(v1.json()).toMatchObject({ error: { type: 'insufficient_quota', code: 'insufficient_quota', message: CREDIT_MESSAGES.emptyApi } });

    // Only the free default assistant's answer reached the provider.
    expect(fake.requests.length - before).toBe(1);
    expect(await expectConsistent(t.database.db, team.id)).toEqual({ spendable: 0, ledger: 0, held: 0 });
  });

  it('GET /api/credits and /api/credits/daily: the month booked, used, topped up and left, per day and per Mika, team by team', async () => {
    const { team, owner, employee } = await createStaffedTeam(t.database.db, { plan: 'team' });
    const other = await createStaffedTeam(t.database.db, { plan: 'agency' });
    const a = await createAssistant(t.database.db, team, { name: 'Mika Vertrieb' });
    await appendEntry(t.database.db, { teamId: team.id, kind: 'topup', units: 100_000, month: berlinMonth(), reference: 'order:test' });
    await t.database.db.transaction(async (tx) => {
      await settleCredits(tx, null, [{ teamId: team.id, assistantId: a.id, capability: 'chat', model: 'openai:x', outputTokens: 100_000 }]);
      await settleCredits(tx, null, [{ teamId: team.id, assistantId: null, capability: 'chat', model: 'openai:x', outputTokens: 25_000 }]);
    });
    const agent = await loginAs(t, owner);
    const res = await agent.get('/api/credits');
    expect(res.status, res.body).toBe(200);
    const [year, month] = berlinMonth().split('-').map(Number);
    expect(res.json()).toEqual({
      past: [],
      current: { month, year, booked: 75, used: 1, added_from_orders: 100 },
      left: 174,
    });
    const daily = (await agent.get(`/api/credits/daily?month=${berlinMonth()}`)).json();
    expect(daily.month).toBe(berlinMonth());
    expect(daily.days.at(-1).credits).toBe(1);
    expect(daily.days.slice(0, -1).every((d: { credits: number }) => d.credits === 0)).toBe(true);
    expect(daily.assistants).toEqual([
      { uuid: a.uuid, name: 'Mika Vertrieb', credits: 0.8 },
      { uuid: null, name: CREDIT_MESSAGES.otherUsage, credits: 0.2 },
    ]);
    expect((await agent.get('/api/credits/daily?month=2026-13')).status).toBe(422);
    // Employees do not see credits; another team sees only its own.
    expect((await (await loginAs(t, employee)).get('/api/credits')).status).toBe(403);
    const theirs = (await (await loginAs(t, other.owner)).get('/api/credits')).json();
    expect(theirs.current).toMatchObject({ booked: 150, used: 0, added_from_orders: 0 });
    expect((await (await loginAs(t, other.owner)).get('/api/credits/daily')).json().assistants).toEqual([]);
  });
});

const validCreate = (patch: Record<string, unknown> = {}) => ({
  type: 'chat',
  is_public: 0,
  name: 'Mika Vertrieb',
  role: 'Du bist unsere Vertriebsassistenz für Angebote und Kundenanfragen.',
  task: 'Du hilfst beim Schreiben von Angeboten, beantwortest Fragen zu unseren Produkten. '.repeat(4),
  style: CHAT_STYLES[0],
  can_talk: 0,
  ...patch,
});

describe('plan rules enforced by the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AI_OFFLINE_WORD_DELAY_MS: '0' });
  });
  afterAll(async () => t?.close());

  it('refuses a fourth Mika on a 3-Mika plan and accepts it once an extra Mika is booked', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db, { plan: 'trial' });
    const agent = await loginAs(t, owner);
    for (let i = 0; i < 3; i++) expect((await agent.post('/api/assistant', validCreate())).status).toBe(200);
    const fourth = await agent.post('/api/assistant', validCreate());
    expect(fourth.status).toBe(403);
    expect(fourth.json().error).toBe(ASSISTANT_MESSAGES.limitReached);
    await t.database.db.update(teams).set({ amountExtraMikas: 1 }).where(eq(teams.id, team.id));
    expect((await agent.post('/api/assistant', validCreate())).status).toBe(200);
  });

  it('publishes only within the public licences; published Mikas stay published', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db, { plan: 'team' });
    const agent = await loginAs(t, owner);
    const first = await agent.post('/api/assistant', validCreate({ is_public: 1 }));
    expect(first.status, first.body).toBe(200);
    const second = await agent.post('/api/assistant', validCreate({ is_public: 1 }));
    expect(second.status).toBe(403);
    expect(second.json().error).toBe(CREDIT_MESSAGES.publishLimit(1));
    const b = (await agent.post('/api/assistant', validCreate())).json().uuid;
    const publish = await agent.put('/api/assistant', { assistant: { uuid: b, is_public: 1 } });
    expect(publish.status).toBe(403);
    expect(publish.json().error).toBe(CREDIT_MESSAGES.publishLimit(1));
    // Saving the published one again keeps it public.
    expect((await agent.put('/api/assistant', { assistant: { uuid: first.json().uuid, is_public: 1 } })).json().is_public).toBe(1);
    // Fewer licences later (operator, plan change): what is public stays, nothing new joins.
    await t.database.db.update(teams).set({ amountPublicLicences: 0 }).where(eq(teams.id, team.id));
    expect((await agent.get(`/api/assistant/${first.json().uuid}`)).json().is_public).toBe(1);
    expect((await agent.put('/api/assistant', { assistant: { uuid: b, is_public: 1 } })).json().error).toBe(CREDIT_MESSAGES.publishNotIncluded);
    // An extra licence makes room again.
    await t.database.db.update(teams).set({ amountExtraPublicLicences: 2 }).where(eq(teams.id, team.id));
    expect((await agent.put('/api/assistant', { assistant: { uuid: b, is_public: 1 } })).status).toBe(200);

    const solo = await createStaffedTeam(t.database.db, { plan: 'solo' });
    const soloRes = await (await loginAs(t, solo.owner)).post('/api/assistant', validCreate({ is_public: 1 }));
    expect(soloRes.status).toBe(403);
    expect(soloRes.json().error).toBe(CREDIT_MESSAGES.publishNotIncluded);
  });

  it('on Solo every member uses every Mika, only admins edit, and rights cannot be assigned', async () => {
    const { team, owner, employee } = await createStaffedTeam(t.database.db, { plan: 'solo' });
    const a = await createAssistant(t.database.db, team);
    const member = await loginAs(t, employee);
    const thread = await openThread(member, a.uuid);
    const answer = await member.get(streamUrl(a.uuid, thread, 'Hallo?'));
    expect(answer.status).toBe(200);
    expect(parseSse(answer.body).events.some((e) => e.type === 'complete')).toBe(true);
    expect((await member.get(`/api/assistantdata/${a.uuid}`)).status).toBe(403);
    expect((await member.put('/api/assistant', { assistant: { uuid: a.uuid, button_color: '#112233' } })).status).toBe(403);
    const listed = await member.get('/api/assistants/');
    expect(JSON.stringify(listed.json()), listed.body).toContain(a.uuid);

    const admin = await loginAs(t, owner);
    expect((await admin.get(`/api/assistantdata/${a.uuid}`)).status).toBe(200);
    const rights = await admin.post(`/api/user/${employee.uuid}/permissions`, { assistant_id: a.id, permission_type: 'can_edit', value: 1 });
    expect(rights.status).toBe(403);
    expect(rights.json().error).toBe(CREDIT_MESSAGES.rightsNotIncluded);
  });

  it('after the trial: sign-in works, using or changing a Mika answers 403 with a feedback action to the offer, nothing is lost', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db, { plan: 'trial' });
    const a = await createAssistant(t.database.db, team, { name: 'Mika Bleibt', isPublic: true });
    await t.database.db.update(teams).set({ trialEndsAt: new Date(Date.now() - 60_000) }).where(eq(teams.id, team.id));
    const agent = await loginAs(t, owner);
    const use = await agent.post('/api/thread/create', { assistantUuid: a.uuid });
    expect(use.status).toBe(403);
    expect(use.json()).toEqual({
      error: CREDIT_MESSAGES.trialEnded,
      feedback: { status: 'warning', title: CREDIT_MESSAGES.trialEndedTitle, message: CREDIT_MESSAGES.trialEnded, btnUrl: '/Offer', btnText: CREDIT_MESSAGES.trialEndedButton },
    });
    expect((await agent.put('/api/assistant', { assistant: { uuid: a.uuid, button_color: '#112233' } })).status).toBe(403);
    expect((await agent.post('/api/assistant', validCreate())).status).toBe(403);
    // Still there, still listed, credits still readable; the public chat refuses neutrally.
    expect(JSON.stringify((await agent.get('/api/assistants/')).json())).toContain('Mika Bleibt');
    expect((await agent.get('/api/credits')).status).toBe(200);
    const visitor = new Agent(t.app, '10.1.2.3');
    const pub = await visitor.get(streamUrl(a.uuid, await openThread(visitor, a.uuid, true), 'Hallo?'));
    expect(pub.status).toBe(402);
    expect(pub.json().error).toBe(CREDIT_MESSAGES.emptyPublic);
    // Booking a plan (the billing feature sets the plan) gives everything back.
    await t.database.db.update(teams).set({ planSlug: 'team', trialEndsAt: null }).where(eq(teams.id, team.id));
    const again = await loginAs(t, owner);
    expect((await again.post('/api/thread/create', { assistantUuid: a.uuid })).status).toBe(200);
  });
});

