import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { askedQuestions } from '../../db/schema/index.ts';
import { createAssistant, createStaffedTeam, grantRights, loginAs } from '../../../../tests/factories/index.ts';
import { Agent } from '../../../../tests/setup/agent.ts';
import { askInThread, openThread, type TestThread } from '../../../../tests/setup/chat.ts';
import { addKnowledge } from '../../../../tests/setup/knowledge.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { buildStaleInsights } from './index.ts';
import type { Insight } from '../../../shared/schemas/question-insights.ts';
import type { ChatMessage } from '../../../shared/schemas/chat.ts';
import type { KnowledgeList } from '../../../shared/schemas/knowledge.ts';

// Issue 33 (Einblicke) on the real app and database: a visitor's questions become topics,
// unanswered questions and feedback counts; "Antwort hinterlegen" teaches the Mika.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AI_OFFLINE_WORD_DELAY_MS: '0', LOG_LEVEL: 'error' });
});
afterAll(async () => t?.close());

const LIEFERZEIT = [
  'Wie lange ist die Lieferzeit?',
  'Welche Lieferzeit hat ein Sofa?',
  'Lieferzeit nach Österreich?',
  'Wie ist die Lieferzeit für einen Tisch?',
  'Ist die Lieferzeit im Sommer länger?',
  'Lieferzeit für Stühle?',
  'Gibt es eine kürzere Lieferzeit?',
  'Lieferzeit in die Schweiz?',
  'Wie lange dauert die Lieferzeit für Betten?',
  'Was ist die übliche Lieferzeit?',
];
const LIEFERKOSTEN = [
  'Was sind die Lieferkosten?',
  'Wie hoch sind die Lieferkosten für ein Sofa?',
  'Lieferkosten nach Österreich?',
  'Sind die Lieferkosten für einen Tisch gleich?',
  'Lieferkosten im Sommer?',
  'Lieferkosten für Stühle?',
  'Gibt es günstigere Lieferkosten?',
  'Lieferkosten in die Schweiz?',
  'Wer trägt die Lieferkosten für Betten?',
  'Was sind die üblichen Lieferkosten?',
];
const RUECKGABE = [
  'Wie funktioniert die Rückgabe?',
  'Kann ich die Rückgabe online anmelden?',
  'Rückgabe eines Sofas möglich?',
  'Wie lange habe ich Zeit für die Rückgabe?',
  'Kostet die Rückgabe etwas?',
  'Rückgabe ohne Karton?',
  'Rückgabe bei Beschädigung?',
  'Wo melde ich eine Rückgabe an, Antwort bitte an max.muster@example.com',
  'Rückgabe im Geschäft?',
  'Rückgabe nach 20 Tagen?',
];

async function setUp() {
  const { team, owner, employee } = await createStaffedTeam(t.database.db, { plan: 'team' });
  // Offline the intro is quoted when it matches: delivery questions are answered, returns are not.
  const mika = await createAssistant(t.database.db, team, {
    isPublic: true,
    intro: 'Hallo! Ich beantworte Fragen zur Lieferzeit (5 Werktage) und zu den Lieferkosten (49 Euro) unserer Möbel.',
  });
  await grantRights(t.database.db, employee, mika, { canUse: true, canEdit: false });
  return { team, owner, employee, mika };
}

async function askAll(visitor: Agent, uuid: string, thread: TestThread, questions: string[]) {
  const answers: number[] = [];
  for (const q of questions) {
    const { complete } = await askInThread(visitor, uuid, thread, q);
    expect(complete, q).toBeTruthy();
    answers.push(complete!.message_id as number);
  }
  return answers;
}

const feedback = (agent: Agent, uuid: string, thread: TestThread, messageId: number, value: 1 | -1, reason?: string) =>
  agent.post('/api/feedback', { assistantUuid: uuid, threadId: thread.id, token: thread.token, messageId, value, ...(reason ? { reason } : {}) });

describe('Einblicke', () => {
  it('groups a visitor’s 30 questions into three topics, lists the unanswerable ones with their reason, masks an e-mail address; teaching an answer fixes it', async () => {
    const { owner, mika } = await setUp();
    // Two visitors (the public chat allows 30 messages per address in ten minutes).
    const one = new Agent(t.app, '198.51.100.10');
    const two = new Agent(t.app, '198.51.100.11');
    const threadOne = await openThread(one, mika.uuid, { public: true });
    const threadTwo = await openThread(two, mika.uuid, { public: true });
    const zeit = await askAll(one, mika.uuid, threadOne, LIEFERZEIT);
    await askAll(one, mika.uuid, threadOne, RUECKGABE.slice(0, 5));
    const kosten = await askAll(two, mika.uuid, threadTwo, LIEFERKOSTEN);
    await askAll(two, mika.uuid, threadTwo, RUECKGABE.slice(5));

    // Two thumbs down (one changed from a thumbs up), with a reason.
    expect((await feedback(two, mika.uuid, threadTwo, kosten[0]!, 1)).status).toBe(200);
    const changed = await feedback(two, mika.uuid, threadTwo, kosten[0]!, -1, 'Falsch');
    expect(changed.status, changed.body).toBe(200);
    expect((await feedback(one, mika.uuid, threadOne, zeit[1]!, -1)).status).toBe(200);
    // Another thread's answer does not exist for this token; a reason longer than 500 characters is refused.
    expect((await feedback(one, mika.uuid, threadOne, kosten[1]!, -1)).status).toBe(404);
    const long = await feedback(one, mika.uuid, threadOne, zeit[2]!, -1, 'x'.repeat(501));
    expect(long.status).toBe(422);
    expect(long.json().fields?.reason?.[0] ?? long.json().error).toContain('500');

    // (A vote queues the Mika's build at once: the minute's run may find nothing left to do.)
    await buildStaleInsights(t.deps);
    const admin = await loginAs(t, owner);
    const res = await admin.get(`/api/insights/${mika.uuid}?days=7`);
    expect(res.status, res.body).toBe(200);
    const insight = res.json<Insight>();
    expect(insight.topics.map((x) => [x.label, x.count]).sort()).toEqual([
      ['Lieferkosten', 10],
      ['Lieferzeit', 10],
      ['Rückgabe', 10],
    ]);
    const topic = (label: string) => insight.topics.find((x) => x.label === label)!;
    expect(topic('Rückgabe').answered).toBe(0);
    expect(topic('Lieferzeit').answered).toBe(0.9);
    expect(topic('Lieferkosten').negative).toBe(0.1);
    expect(topic('Lieferzeit').trend).toBe(10);
    expect(topic('Lieferzeit').examples).toHaveLength(3);
    expect(insight.feedback).toEqual({ up: 0, down: 2 });
    // The ten return questions (no knowledge to quote) and the two thumbs down.
    expect(insight.unanswered).toHaveLength(12);
    expect(insight.unanswered.find((u) => u.question === 'Wie funktioniert die Rückgabe?')).toMatchObject({ reason: 'Nichts Passendes im Wissen', fixed: false });
    expect(insight.unanswered.find((u) => u.question === LIEFERKOSTEN[0])).toMatchObject({ reason: 'Daumen runter: Falsch' });
    expect(insight.unanswered.find((u) => u.question === LIEFERZEIT[1])).toMatchObject({ reason: 'Daumen runter' });
    const masked = insight.unanswered.find((u) => u.question.startsWith('Wo melde ich'))!;
    expect(masked.question).toBe('Wo melde ich eine Rückgabe an, Antwort bitte an [verborgen]');
    expect(JSON.stringify(insight)).not.toContain('max.muster@example.com');

    // "Antwort hinterlegen": the next identical question is answered offline from the new entry, with its source.
    const taught = await admin.post(`/api/insights/${mika.uuid}/answers`, {
      question: 'Wie funktioniert die Rückgabe?',
      answer: 'Die Rückgabe ist 30 Tage lang kostenlos: Melden Sie sie im Kundenkonto an, wir holen die Ware ab.',
    });
    expect(taught.status, taught.body).toBe(200);
    const office = await openThread(admin, mika.uuid);
    const again = await askInThread(admin, mika.uuid, office, 'Wie funktioniert die Rückgabe?');
    expect(again.complete!.final_text).toContain('Die Rückgabe ist 30 Tage lang kostenlos');
    expect(again.complete!.sources).toEqual([{ file: 'Fragen und Antworten', location: '' }]);
    // The Q&A entry is listed in the Wissen tab as one source.
    const files = (await admin.get(`/api/knowledge/${mika.uuid}`)).json().files as { name: string }[];
    expect(files.map((f) => f.name)).toEqual(['Fragen und Antworten']);
    const entries = (await admin.get(`/api/knowledge/${mika.uuid}/qa`)).json().entries as { uuid: string; question: string }[];
    expect(entries.map((e) => e.question)).toEqual(['Wie funktioniert die Rückgabe?']);

    await buildStaleInsights(t.deps);
    const after = (await admin.get(`/api/insights/${mika.uuid}?days=7`)).json<Insight>();
    expect(after.unanswered.find((u) => u.question === 'Wie funktioniert die Rückgabe?')!.fixed).toBe(true);
    // The office question was answered (from the entry): it counts as answered.
    expect(after.topics.find((x) => x.label === 'Rückgabe')!.count).toBe(11);
  });

  it('another team gets 404 on every call, an employee without the edit right 403, a visitor cannot read insights', async () => {
    const { employee, mika } = await setUp();
    const other = await createStaffedTeam(t.database.db, { plan: 'team' });
    const stranger = await loginAs(t, other.owner);
    const body = { question: 'Frage?', answer: 'Antwort.' };
    expect((await stranger.get(`/api/insights/${mika.uuid}?days=30`)).status).toBe(404);
    expect((await stranger.post(`/api/insights/${mika.uuid}/answers`, body)).status).toBe(404);
    expect((await stranger.get(`/api/knowledge/${mika.uuid}/qa`)).status).toBe(404);
    const visitor = new Agent(t.app, '198.51.100.20');
    const thread = await openThread(visitor, mika.uuid, { public: true });
    const { complete } = await askInThread(visitor, mika.uuid, thread, 'Wie lange ist die Lieferzeit?');
    // Without the thread's token another team's caller meets no answer.
    expect((await stranger.post('/api/feedback', { assistantUuid: mika.uuid, threadId: thread.id, messageId: complete!.message_id, value: -1 })).status).toBe(404);
    const staff = await loginAs(t, employee);
    expect((await staff.get(`/api/insights/${mika.uuid}?days=30`)).status).toBe(403);
    expect((await staff.post(`/api/insights/${mika.uuid}/answers`, body)).status).toBe(403);
    expect((await staff.get('/api/insights')).status).toBe(403);
    expect((await visitor.get(`/api/insights/${mika.uuid}?days=30`)).status).toBe(401);
    expect((await visitor.post(`/api/insights/${mika.uuid}/answers`, body)).status).toBe(401);
    // Only 7, 30 or 90 days.
    const admin = await loginAs(t, (await createStaffedTeam(t.database.db)).owner);
    expect((await admin.get(`/api/insights/${mika.uuid}?days=14`)).status).toBe(422);
  });

  it('the same question asked again is one entry: the unanswered list counts it, a topic shows it once among its examples', async () => {
    const { owner, mika } = await setUp();
    const one = new Agent(t.app, '198.51.100.40');
    const two = new Agent(t.app, '198.51.100.41');
    const threadOne = await openThread(one, mika.uuid, { public: true });
    const threadTwo = await openThread(two, mika.uuid, { public: true });
    await askAll(one, mika.uuid, threadOne, ['Kann ich das Sofa zurückgeben?', 'Wie funktioniert die Rückgabe?']);
    await askAll(two, mika.uuid, threadTwo, ['kann ich das  Sofa zurückgeben', 'Kann ich das Sofa zurückgeben?!']);
    await buildStaleInsights(t.deps);
    const admin = await loginAs(t, owner);
    const insight = (await admin.get(`/api/insights/${mika.uuid}?days=7`)).json<Insight>();
    // Newest first: the last asking's words, date and reason, with how often it was asked.
    expect(insight.unanswered.map((u) => [u.question, u.times])).toEqual([
      ['Kann ich das Sofa zurückgeben?!', 3],
      ['Wie funktioniert die Rückgabe?', 1],
    ]);
    const examples = insight.topics.flatMap((x) => x.examples);
    expect(examples.filter((e) => /sofa zurückgeben/i.test(e))).toHaveLength(1);
    expect(insight.topics.reduce((n, x) => n + x.count, 0)).toBe(4);
    // One answer for the entry fixes every asking of it, however it was written.
    const taught = await admin.post(`/api/insights/${mika.uuid}/answers`, { question: 'Kann ich das Sofa zurückgeben?!', answer: 'Ja, innerhalb von 30 Tagen.' });
    expect(taught.status, taught.body).toBe(200);
    const rows = await t.database.db.select().from(askedQuestions).where(eq(askedQuestions.assistantId, mika.id));
    expect(rows.filter((r) => r.fixedAt !== null).map((r) => r.question).sort()).toEqual(['Kann ich das Sofa zurückgeben?', 'Kann ich das Sofa zurückgeben?!', 'kann ich das  Sofa zurückgeben']);
  });

  it('erasing the thread removes the question texts but keeps the counts per topic and day', async () => {
    const { owner, mika } = await setUp();
    const visitor = new Agent(t.app, '198.51.100.30');
    const thread = await openThread(visitor, mika.uuid, { public: true });
    const answers = await askAll(visitor, mika.uuid, thread, LIEFERZEIT.slice(0, 4));
    expect((await feedback(visitor, mika.uuid, thread, answers[0]!, -1, 'Unvollständig')).status).toBe(200);
    const erased = await visitor.delete('/api/dataprotection/thread', { assistantUuid: mika.uuid, threadId: thread.id, token: thread.token });
    expect(erased.status, erased.body).toBe(200);
    const rows = await t.database.db.select().from(askedQuestions).where(eq(askedQuestions.assistantId, mika.id));
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.question === null && r.reason === null && r.threadId === null)).toBe(true);
    await buildStaleInsights(t.deps);
    const admin = await loginAs(t, owner);
    const insight = (await admin.get(`/api/insights/${mika.uuid}?days=30`)).json<Insight>();
    expect(insight.topics).toHaveLength(1);
    expect(insight.topics[0]).toMatchObject({ count: 4, negative: 0.25, examples: [] });
    expect(insight.unanswered).toEqual([]);
    expect(insight.feedback.down).toBe(1);
  });

  it('a stored answer comes before a document that also matches, also once the Q&A file is renamed', async () => {
    const { owner, mika } = await setUp();
    const admin = await loginAs(t, owner);
    // The document matches the question better than the stored entry's own wording does.
    const handbook = [
      '# Wie funktioniert die Rückgabe?',
      'Wie die Rückgabe funktioniert, regeln unsere AGB. Die Rückgabe funktioniert nicht bei Sonderanfertigungen.',
    ].join('\n\n');
    await addKnowledge(admin, mika.uuid, { name: 'Handbuch.md', data: Buffer.from(handbook) });
    const stored = await admin.post(`/api/insights/${mika.uuid}/answers`, {
      question: 'Rückgabe anmelden',
      answer: 'Melden Sie die Rückgabe im Kundenkonto an, wir holen die Ware innerhalb von 30 Tagen kostenlos ab.',
    });
    expect(stored.status, stored.body).toBe(200);
    const qaFile = (await admin.get(`/api/knowledge/${mika.uuid}`)).json<KnowledgeList>().files.find((f) => f.name === 'Fragen und Antworten')!;
    const renamed = await admin.post('/api/knowledge/edit', { fileUuid: qaFile.uuid, name: 'Unsere Antworten', description: '' });
    expect(renamed.status, renamed.body).toBe(200);
    const thread = await openThread(admin, mika.uuid);
    const { complete } = await askInThread(admin, mika.uuid, thread, 'Wie funktioniert die Rückgabe?');
    expect(complete!.sources[0]).toEqual({ file: 'Unsere Antworten', location: '' });
    expect(complete!.final_text).toContain('wir holen die Ware innerhalb von 30 Tagen kostenlos ab');
  });

  it('a vote shows again with its reason when the conversation is loaded again', async () => {
    const { mika } = await setUp();
    const visitor = new Agent(t.app, '198.51.100.50');
    const thread = await openThread(visitor, mika.uuid, { public: true });
    const [first, second] = await askAll(visitor, mika.uuid, thread, LIEFERZEIT.slice(0, 2));
    expect((await feedback(visitor, mika.uuid, thread, first!, -1, 'Unvollständig')).status).toBe(200);
    expect((await feedback(visitor, mika.uuid, thread, second!, 1)).status).toBe(200);
    const res = await visitor.get(`/api/messages/${mika.uuid}/${thread.id}?token=${thread.token}`);
    expect(res.status, res.body).toBe(200);
    const byId = new Map(res.json<{ messages: ChatMessage[] }>().messages.map((m) => [m.id, m]));
    expect(byId.get(first!)!.feedback).toEqual({ value: -1, reason: 'Unvollständig' });
    expect(byId.get(second!)!.feedback).toEqual({ value: 1, reason: null });
    // Questions carry no vote.
    expect([...byId.values()].filter((m) => m.origin === 'user').every((m) => m.feedback === undefined)).toBe(true);
  });

  it('the team overview on Nutzung lists the Mikas with the most unanswered questions first (admins only)', async () => {
    const { owner, mika } = await setUp();
    const visitor = new Agent(t.app, '198.51.100.40');
    const thread = await openThread(visitor, mika.uuid, { public: true });
    await askAll(visitor, mika.uuid, thread, RUECKGABE.slice(0, 2));
    await buildStaleInsights(t.deps);
    const admin = await loginAs(t, owner);
    const res = await admin.get('/api/insights');
    expect(res.status, res.body).toBe(200);
    expect(res.json().assistants).toEqual([{ uuid: mika.uuid, name: mika.name, questions: 2, unanswered: 2, down: 0 }]);
  });
});
