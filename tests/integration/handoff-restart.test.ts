import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { handoffSettings } from '../../src/server/db/schema/index.ts';
import { SESSION_COOKIE } from '../../src/server/platform/session.ts';
import { createAssistant, createSession, createStaffedTeam } from '../factories/index.ts';
import { spawnServer } from '../setup/server-process.ts';

// The hand-off state is in the database (decision 044): an instance killed while a person holds a
// conversation loses nothing — after the restart the conversation is still held, by the same person,
// its messages intact, and the visitor's next message still goes to the person, not the Mika.

const ALWAYS = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: '00:00', to: '23:59' }));

describe('a held conversation survives kill -9 (embedded database)', () => {
  let dataDir: string;
  let uuid: string;
  let session: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mika-handoff-crash-'));
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    await database.migrate();
    const { team, owner } = await createStaffedTeam(database.db);
    const assistant = await createAssistant(database.db, team, { isPublic: true, name: 'Mika Empfang' });
    await database.db.insert(handoffSettings).values({ assistantId: assistant.id, teamId: team.id, enabled: true, hours: ALWAYS });
    uuid = assistant.uuid;
    session = await createSession(database.db, owner.id);
    await database.close();
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('is still held after the restart, with its messages', async () => {
    const logFile = path.join(os.tmpdir(), `mika-handoff-crash-${process.pid}.log`);
    const env = { DATA_DIR: dataDir, AI_OFFLINE_WORD_DELAY_MS: '0' };
    let server = await spawnServer({ env, logFile });
    // The member's calls: the session cookie and the CSRF token echoed.
    const member = async (base: string, method: string, url: string) => {
      const csrf = (await fetch(`${base}/sanctum/csrf-cookie`)).headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => c.startsWith('XSRF-TOKEN='))!;
      const res = await fetch(`${base}${url}`, {
        method,
        headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${session}; ${csrf}`, 'x-xsrf-token': decodeURIComponent(csrf.slice('XSRF-TOKEN='.length)) },
        ...(method === 'GET' ? {} : { body: url.endsWith('/message') ? JSON.stringify({ text: 'Ich kümmere mich darum.' }) : '{}' }),
      });
      return { status: res.status, body: (await res.json()) };
    };
    const thread = (await (
      await fetch(`${server.baseUrl}/api/thread/create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ assistantUuid: uuid, public: true }) })
    ).json()) as { id: number; token: string };
    const send = async (base: string, message: string) => {
      const q = new URLSearchParams({ assistantUuid: uuid, threadId: String(thread.id), token: thread.token, message });
      return (await fetch(`${base}/api/send/stream?${q}`)).text();
    };
    const messagesOf = async (base: string) =>
      ((await (await fetch(`${base}/api/messages/${uuid}/${thread.id}?token=${thread.token}`)).json()) as { messages: { origin: string; text: string }[] }).messages;

    try {
      expect((await member(server.baseUrl, 'POST', `/api/live/threads/${thread.id}/take`)).status).toBe(200);
      expect((await member(server.baseUrl, 'POST', `/api/live/threads/${thread.id}/message`)).status).toBe(200);
      expect(await send(server.baseUrl, 'Wo bleibt meine Bestellung?')).toContain('"type":"held"');
      const before = await messagesOf(server.baseUrl);

      await server.kill9();
      server = await spawnServer({ env, logFile });

      const listed = (await member(server.baseUrl, 'GET', '/api/live/threads')).body as { threadId: number; takenByMe: boolean }[];
      expect(listed.find((t) => t.threadId === thread.id)).toMatchObject({ takenByMe: true });
      expect(await messagesOf(server.baseUrl)).toEqual(before);
      expect(before.map((m) => m.origin)).toEqual(['staff', 'staff', 'user']);
      // Still the person's turn: stored for them, the Mika stays silent.
      expect(await send(server.baseUrl, 'Hallo?')).toContain('"type":"held"');
      expect((await messagesOf(server.baseUrl)).map((m) => m.origin)).toEqual(['staff', 'staff', 'user', 'user']);
    } finally {
      await server.stop();
      await fs.rm(logFile, { force: true });
    }
  });
});
