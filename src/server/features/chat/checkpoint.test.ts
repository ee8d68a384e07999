import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { messages } from '../../db/schema/index.ts';
import { openTestDatabase, type TestDatabase } from '../../../../tests/setup/test-app.ts';
import { createAssistant, createStaffedTeam } from '../../../../tests/factories/index.ts';
import { finishAnswerRow, insertQuestionAndAnswer, insertThread, saveAnswerCheckpoint } from './chat.repository.ts';

// Checkpoints of answers streaming at the same time are written together (one statement per
// short window): each answer still gets exactly its own newest text, and only while it streams.

let test: TestDatabase;
beforeAll(async () => {
  test = await openTestDatabase();
});
afterAll(async () => test?.drop());

describe('answer checkpoints', () => {
  it('store each streaming answer its newest text, together, and leave finished answers alone', async () => {
    const db = test.database.db;
    const { team, owner } = await createStaffedTeam(db);
    const assistant = await createAssistant(db, team);
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) {
      const threadId = await insertThread(db, { tokenHash: `h${i}-${Math.random()}`, assistantId: assistant.id, teamId: team.id, userId: owner.id });
      answers.push((await insertQuestionAndAnswer(db, threadId, `Frage ${i}`)).id);
    }
    const done = answers[4]!;
    await finishAnswerRow(db, done, { text: 'Fertige Antwort', status: 'complete', model: 'm', inputTokens: 1, outputTokens: 1 });
    // The streaming answers' last sign of life lies an hour back: the checkpoint must renew it.
    const hourAgo = new Date(Date.now() - 3_600_000);
    await db.update(messages).set({ heartbeatAt: hourAgo }).where(inArray(messages.id, answers.slice(0, 4)));

    await Promise.all([
      ...answers.map((id, i) => saveAnswerCheckpoint(db, id, `Zwischenstand ${i} – „Anführungszeichen“ und \\ Backslash`)),
      saveAnswerCheckpoint(db, answers[0]!, 'Neuester Stand 0'),
    ]);
    const rows = await db.select().from(messages).where(inArray(messages.id, answers));
    const text = (id: number) => rows.find((r) => r.id === id)!.text;
    expect(text(answers[0]!)).toBe('Neuester Stand 0');
    for (let i = 1; i < 4; i++) expect(text(answers[i]!)).toBe(`Zwischenstand ${i} – „Anführungszeichen“ und \\ Backslash`);
    expect(text(done)).toBe('Fertige Antwort');
    const [streaming] = await db.select().from(messages).where(eq(messages.id, answers[1]!));
    expect(streaming!.heartbeatAt!.getTime()).toBeGreaterThan(hourAgo.getTime());
  });
});
