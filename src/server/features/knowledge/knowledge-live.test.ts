import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { uploadKnowledge } from '../../../../tests/setup/knowledge.ts';
import {
  createAssistant,
  createStaffedTeam,
  grantRights,
  loginAs,
} from '../../../../tests/factories/index.ts';
import type { Agent } from '../../../../tests/setup/agent.ts';
import { makePdf } from '../../../../tests/fixtures/office-files.ts';
import {
  JOIN_KNOWLEDGE_EVENT,
  KNOWLEDGE_PROGRESS_EVENT,
  type KnowledgeProgress,
} from '../../../shared/schemas/knowledge.ts';

// The knowledge room of an assistant: joined with the session of the WebSocket handshake and the
// edit right; it carries every ingestion stage of an upload, in order.

describe('live ingestion progress', () => {
  let t: TestApp;
  let base: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.close();
  });

  const socketOf = (agent: Agent | null) => {
    const cookie = agent ? [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
    const socket = connect(base, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: cookie ? { cookie } : {},
    });
    sockets.push(socket);
    return socket;
  };
  const join = async (socket: Socket, assistantUuid: string) =>
    ((await socket.emitWithAck(JOIN_KNOWLEDGE_EVENT, { assistantUuid })) as { ok: boolean }).ok;

  it('admits only signed-in users with the edit right on that assistant', async () => {
    const a = await createStaffedTeam(t.database.db);
    const b = await createStaffedTeam(t.database.db);
    const assistant = await createAssistant(t.database.db, a.team);
    await grantRights(t.database.db, a.employee, assistant, { canUse: true, canEdit: false });
    expect(await join(socketOf(null), assistant.uuid)).toBe(false);
    expect(await join(socketOf(await loginAs(t, b.owner)), assistant.uuid)).toBe(false);
    expect(await join(socketOf(await loginAs(t, a.employee)), assistant.uuid)).toBe(false);
    expect(await join(socketOf(await loginAs(t, a.owner)), assistant.uuid)).toBe(true);
  });

  it('sends the stages of an upload in order, ending with ready', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const assistant = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    const socket = socketOf(agent);
    const events: KnowledgeProgress[] = [];
    socket.on(KNOWLEDGE_PROGRESS_EVENT, (e: KnowledgeProgress) => events.push(e));
    expect(await join(socket, assistant.uuid)).toBe(true);
    const res = await uploadKnowledge(agent, assistant.uuid, {
      name: 'Plan.pdf',
      data: await makePdf(['Der Plan für 2027.']),
    });
    expect(res.status, res.body).toBe(200);
    await expect.poll(() => events.at(-1)?.status, { timeout: 15_000 }).toBe('ready');
    expect(events.map((e) => e.status)).toEqual(['queued', 'reading', 'chunking', 'indexing', 'ready']);
    expect(new Set(events.map((e) => e.fileUuid))).toEqual(new Set([res.json().file.uuid]));
  });
});
