import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { openDatabase } from '../../src/server/db/client.ts';
import type { Db } from '../../src/server/db/client.ts';
import { AI_ANSWER_EVENT, JOIN_THREAD_EVENT, type AIAnswerUpdated } from '../../src/shared/events.ts';
import { createAssistant, createStaffedTeam } from '../factories/index.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../fixtures/fake-openai.ts';
import { spawnServer } from '../setup/server-process.ts';
import { openTestDatabase } from '../setup/test-app.ts';

// A crash mid-answer (kill -9) loses nothing that was streamed: the answer is stored as it grows,
// a second client sees the text so far and the rest live, and after a restart the answer is shown
// as interrupted ("partial") with everything that had been written.

const ANSWER = Array.from({ length: 60 }, (_, i) => `Wort${i + 1}`).join(' ') + '.';

interface Prepared {
  env: Record<string, string>;
  assistantUuid: string;
  cleanup(): Promise<void>;
}

async function seedPublishedAssistant(db: Db): Promise<string> {
  const { team } = await createStaffedTeam(db);
  return (await createAssistant(db, team, { isPublic: true, name: 'Mika Absturz' })).uuid;
}

const engines: Record<string, () => Promise<Prepared>> = {
  pglite: async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mika-crash-'));
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    await database.migrate();
    const assistantUuid = await seedPublishedAssistant(database.db);
    await database.close();
    return { env: { DATA_DIR: dataDir }, assistantUuid, cleanup: () => fs.rm(dataDir, { recursive: true, force: true }) };
  },
};
if (process.env.TEST_DATABASE_URL) {
  engines.postgres = async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mika-crash-pg-'));
    const { database, url, drop } = await openTestDatabase();
    const assistantUuid = await seedPublishedAssistant(database.db);
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: url! },
      assistantUuid,
      cleanup: async () => {
        await drop();
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
  };
}

for (const [engine, prepare] of Object.entries(engines)) {
  describe(`an answer interrupted by a crash (${engine})`, () => {
    let fake: FakeOpenAI;
    let prepared: Prepared;
    beforeAll(async () => {
      fake = await startFakeOpenAI({ text: ANSWER, chunkDelayMs: 80 });
      prepared = await prepare();
    });
    afterAll(async () => {
      await fake?.close();
      await prepared?.cleanup();
    });

    it('keeps the streamed part, shows it to a second client live, and marks it interrupted after a restart', async () => {
      const env = {
        ...prepared.env,
        AI_PROVIDER: 'openai',
        AI_BASE_URL: fake.url,
        AI_API_KEY: 'test-key',
        AI_CHAT_MODEL: 'gpt-test',
        AI_CHECKPOINT_MS: '100',
        AI_STREAM_STALE_SECONDS: '1',
      };
      const logFile = path.join(os.tmpdir(), `mika-crash-${engine}-${process.pid}.log`);
      let server = await spawnServer({ env, logFile });
      const uuid = prepared.assistantUuid;
      const thread = (await (
        await fetch(`${server.baseUrl}/api/thread/create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ assistantUuid: uuid, public: true }),
        })
      ).json()) as { id: number; token: string };
      const messagesOf = async (base: string) => {
        const res = await fetch(`${base}/api/messages/${uuid}/${thread.id}?token=${thread.token}`);
        return ((await res.json()) as { messages: { origin: string; text: string; status: string; id: number }[] }).messages;
      };

      // The first client asks and reads a few words of the answer.
      const q = new URLSearchParams({ assistantUuid: uuid, threadId: String(thread.id), token: thread.token, message: 'Erzähl mir alles.' });
      const stream = await fetch(`${server.baseUrl}/api/send/stream?${q}`);
      const reader = stream.body!.getReader();
      let seen = '';
      while ((seen.match(/Wort\d+/g) ?? []).length < 5) seen += new TextDecoder().decode((await reader.read()).value);

      // A second client opens the thread: the text so far from the messages, the rest live.
      const socket = connect(server.baseUrl, { path: '/socket.io', transports: ['websocket'] });
      const live: AIAnswerUpdated[] = [];
      socket.on(AI_ANSWER_EVENT, (e: AIAnswerUpdated) => live.push(e));
      expect((await socket.emitWithAck(JOIN_THREAD_EVENT, { threadId: thread.id, token: thread.token })).ok).toBe(true);
      await expect
        .poll(async () => (await messagesOf(server.baseUrl)).at(-1), { timeout: 5000 })
        .toMatchObject({ origin: 'ai', status: 'streaming', text: expect.stringMatching(/^Wort1 Wort2/) });
      const sofar = (await messagesOf(server.baseUrl)).at(-1)!;
      await expect.poll(() => live.length, { timeout: 5000 }).toBeGreaterThan(1);
      expect(live.every((e) => e.messageId === sofar.id && !e.done)).toBe(true);
      // The live deltas continue the stored text seamlessly.
      const first = live[0]!;
      const joined = ANSWER.slice(0, first.offset) + live.map((e) => e.delta).join('');
      expect(ANSWER.startsWith(joined)).toBe(true);
      socket.close();

      // The process dies mid-answer.
      await expect.poll(async () => (await messagesOf(server.baseUrl)).at(-1)!.text.length, { timeout: 5000 }).toBeGreaterThan(sofar.text.length);
      await server.kill9();
      await reader.cancel().catch(() => undefined);

      server = await spawnServer({ env, logFile });
      try {
        // PostgreSQL: other instances may be streaming, so only a heartbeat older than the limit
        // counts; reads show such an answer as partial at once.
        await expect.poll(async () => (await messagesOf(server.baseUrl)).at(-1)?.status, { timeout: 15_000 }).toBe('partial');
        const after = await messagesOf(server.baseUrl);
        expect(after.map((m) => m.origin)).toEqual(['user', 'ai']);
        const answer = after[1]!;
        expect(answer.status).toBe('partial');
        expect(answer.text.length).toBeGreaterThanOrEqual(sofar.text.length);
        expect(answer.text.length).toBeLessThan(ANSWER.length);
        expect(ANSWER.startsWith(answer.text)).toBe(true);
        expect(fake.requests.length).toBe(1);
      } finally {
        await server.stop();
        await fs.rm(logFile, { force: true });
      }
    }, 90_000);
  });
}
