import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { assistants, creditLedger, creditReservations } from '../../db/schema/index.ts';
import { Agent } from '../../../../tests/setup/agent.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { parseSse } from '../../../../tests/setup/sse.ts';
import { createAssistant, createStaffedTeam, loginAs } from '../../../../tests/factories/index.ts';
import { PUBLIC_CHAT_MESSAGES } from '../../../shared/messages.ts';
import { frameAncestors, isEmbedOrigin } from './embedding.ts';
import { loadConfig } from '../../config.ts';

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  // A stand-in for the built client, so the page route has a chat.html to serve.
  clientDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mika-client-'));
  await fs.writeFile(path.join(clientDir, 'chat.html'), '<!doctype html><title>Mika Chat</title>');
  t = await createTestApp({ AI_OFFLINE_WORD_DELAY_MS: '0', CLIENT_DIR: clientDir });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(clientDir, { recursive: true, force: true });
});

const streamUrl = (uuid: string, thread: { id: number; token: string }, message: string) =>
  `/api/send/stream?${new URLSearchParams({ assistantUuid: uuid, threadId: String(thread.id), token: thread.token, message })}`;

describe('public chat access', () => {
  it('lets visitors chat with a published assistant only, and stops at once when unpublished', async () => {
    const { team } = await createStaffedTeam(t.database.db);
    const published = await createAssistant(t.database.db, team, { isPublic: true, name: 'Mika Empfang' });
    const privateOne = await createAssistant(t.database.db, team);
    const visitor = new Agent(t.app, '198.51.100.20');

    expect((await visitor.get(`/api/assistant/${published.uuid}`)).json().name).toBe('Mika Empfang');
    const thread = (await visitor.post('/api/thread/create', { assistantUuid: published.uuid, public: true })).json();
    expect(thread.token).toBeTruthy();
    const { events, done } = parseSse((await visitor.get(streamUrl(published.uuid, thread, 'Hallo, wer bist Du?'))).body);
    expect(done).toBe(true);
    expect(events.some((e) => e.type === 'complete')).toBe(true);
    const history = await visitor.get(`/api/messages/${published.uuid}/${thread.id}?token=${thread.token}`);
    expect(history.json().messages).toHaveLength(2);

    expect((await visitor.get(`/api/messages/${published.uuid}/${thread.id}?token=falsch`)).status).toBe(404);
    expect((await visitor.post('/api/thread/create', { assistantUuid: privateOne.uuid })).status).toBe(404);
    expect((await visitor.post('/api/thread/create', { assistantUuid: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await visitor.get(`/api/assistant/${privateOne.uuid}`)).status).toBe(404);

    await t.database.db.update(assistants).set({ isPublic: false }).where(eq(assistants.id, published.id));
    expect((await visitor.get(streamUrl(published.uuid, thread, 'Noch da?'))).status).toBe(404);
    expect((await visitor.get(`/api/messages/${published.uuid}/${thread.id}?token=${thread.token}`)).status).toBe(404);
  });

  it('works for visitors whose browser refuses our cookies (third-party iframe), CSRF stays on for sessions', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team, { isPublic: true });
    const visitor = new Agent(t.app, '198.51.100.30');
    const thread = await visitor.post('/api/thread/create', { assistantUuid: a.uuid }, { csrf: false });
    expect(thread.status).toBe(200);
    // With a session the token is required, as everywhere.
    const member = await loginAs(t, owner);
    expect((await member.post('/api/thread/create', { assistantUuid: a.uuid }, { csrf: false })).status).toBe(403);
    // Sign-in calls always need it.
    expect((await new Agent(t.app).post('/api/login', { email: owner.email, password: 'x' }, { csrf: false })).status).toBe(403);
  });

  it('keeps team threads away from visitors, even with the right token', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team, { isPublic: true });
    const member = await loginAs(t, owner);
    const teamThread = (await member.post('/api/thread/create', { assistantUuid: a.uuid })).json();
    const visitor = new Agent(t.app, '198.51.100.21');
    expect((await visitor.get(`/api/messages/${a.uuid}/${teamThread.id}?token=${teamThread.token}`)).status).toBe(404);
    // A logged-in user on the public page gets a visitor thread, separate from their own.
    const publicThread = (await member.post('/api/thread/create', { assistantUuid: a.uuid, public: true })).json();
    expect(publicThread.id).not.toBe(teamThread.id);
  });

  it('limits messages per visitor with a German 429, other visitors unaffected', async () => {
    const { team } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team, { isPublic: true });
    const visitor = new Agent(t.app, '203.0.113.77');
    const thread = (await visitor.post('/api/thread/create', { assistantUuid: a.uuid })).json();
    for (let i = 0; i < 30; i++) expect((await visitor.get(streamUrl(a.uuid, thread, `Frage ${i}`))).status).toBe(200);
    const limited = await visitor.get(streamUrl(a.uuid, thread, 'Noch eine'));
    expect(limited.status).toBe(429);
    expect(limited.json().error).toBe(PUBLIC_CHAT_MESSAGES.tooManyMessages);
    const other = new Agent(t.app, '203.0.113.78');
    const otherThread = (await other.post('/api/thread/create', { assistantUuid: a.uuid })).json();
    expect((await other.get(streamUrl(a.uuid, otherThread, 'Hallo'))).status).toBe(200);
  });
});

describe('visitor limits set by the operator', () => {
  let tight: TestApp;
  beforeAll(async () => {
    tight = await createTestApp({
      AI_OFFLINE_WORD_DELAY_MS: '0',
      PUBLIC_CONVERSATIONS_PER_IP_PER_HOUR: '2',
      PUBLIC_MESSAGES_PER_IP_PER_10_MINUTES: '3',
      PUBLIC_MESSAGES_PER_MIKA_PER_HOUR: '5',
    });
  });
  afterAll(async () => {
    await tight?.close();
  });

  it('refuses the next conversation, the next message of an IP and of a Mika with a German 429, storing and charging nothing', async () => {
    const { team } = await createStaffedTeam(tight.database.db);
    const a = await createAssistant(tight.database.db, team, { isPublic: true });
    const visitor = new Agent(tight.app, '192.0.2.10');
    const thread = (await visitor.post('/api/thread/create', { assistantUuid: a.uuid })).json();
    expect((await visitor.post('/api/thread/create', { assistantUuid: a.uuid })).status).toBe(200);
    const thirdThread = await visitor.post('/api/thread/create', { assistantUuid: a.uuid });
    expect(thirdThread.status).toBe(429);
    expect(thirdThread.json().error).toBe(PUBLIC_CHAT_MESSAGES.tooManyMessages);

    for (let i = 0; i < 3; i++) expect((await visitor.get(streamUrl(a.uuid, thread, `Frage ${i}`))).status).toBe(200);
    // What the team was charged and what is held: ledger rows and reservations.
    const charges = async () => [
      (await tight.database.db.select().from(creditLedger).where(eq(creditLedger.teamId, team.id))).length,
      (await tight.database.db.select().from(creditReservations).where(eq(creditReservations.teamId, team.id))).length,
    ];
    const before = await charges();
    const overIp = await visitor.get(streamUrl(a.uuid, thread, 'Eine vierte Frage'));
    expect(overIp.status).toBe(429);
    expect(overIp.json().error).toBe(PUBLIC_CHAT_MESSAGES.tooManyMessages);
    expect(Number(overIp.headers['retry-after'])).toBeGreaterThan(500);
    const history = (await visitor.get(`/api/messages/${a.uuid}/${thread.id}?token=${thread.token}`)).json().messages;
    expect(history).toHaveLength(6);
    expect(await charges()).toEqual(before);

    // The Mika's own limit (5 per hour) counts every visitor: the refused message above did not count.
    const other = new Agent(tight.app, '192.0.2.11');
    const otherThread = (await other.post('/api/thread/create', { assistantUuid: a.uuid })).json();
    for (let i = 0; i < 2; i++) expect((await other.get(streamUrl(a.uuid, otherThread, `Hallo ${i}`))).status).toBe(200);
    const overMika = await other.get(streamUrl(a.uuid, otherThread, 'Noch eine Frage'));
    expect(overMika.status).toBe(429);
    expect(overMika.json().error).toBe(PUBLIC_CHAT_MESSAGES.tooManyMessages);
    // Another published Mika of the team is not affected.
    const b = await createAssistant(tight.database.db, team, { isPublic: true });
    const bThread = (await new Agent(tight.app, '192.0.2.12').post('/api/thread/create', { assistantUuid: b.uuid })).json();
    expect((await new Agent(tight.app, '192.0.2.12').get(streamUrl(b.uuid, bThread, 'Hallo'))).status).toBe(200);
  });

  it('takes only whole positive numbers', () => {
    expect(loadConfig({}).publicChat.messagesPerIp).toEqual({ limit: 30, windowMs: 600_000 });
    expect(() => loadConfig({ PUBLIC_MESSAGES_PER_IP_PER_10_MINUTES: '0' })).toThrow(/PUBLIC_MESSAGES_PER_IP_PER_10_MINUTES/);
    expect(() => loadConfig({ PUBLIC_CONVERSATIONS_PER_IP_PER_HOUR: 'viele' })).toThrow(/PUBLIC_CONVERSATIONS_PER_IP_PER_HOUR/);
    expect(loadConfig({ PUBLIC_MESSAGES_PER_MIKA_PER_HOUR: '5000' }).publicChat.messagesPerAssistant.limit).toBe(5000);
  });
});

describe('embedding', () => {
  it('builds frame-ancestors from the allowed domains', () => {
    expect(frameAncestors('')).toBe('*');
    // firma.de brings www.firma.de along (and the other way round); a wildcard stands for itself.
    expect(frameAncestors('firma.de, *.partner.de')).toBe(
      "'self' https://firma.de http://firma.de https://*.partner.de http://*.partner.de https://www.firma.de http://www.firma.de",
    );
    expect(frameAncestors('www.firma.de, firma.de')).toBe("'self' https://www.firma.de http://www.firma.de https://firma.de http://firma.de");
  });

  it('serves the chat page with the assistant’s embedding policy and validates the list', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team, { isPublic: true });
    const admin = await loginAs(t, owner);
    const bad = await admin.put('/api/assistant', { assistant: { uuid: a.uuid, allowed_domains: 'https://firma.de/pfad' } });
    expect(bad.status).toBe(422);
    expect(bad.json().error).toBe(PUBLIC_CHAT_MESSAGES.domainsInvalid);
    const ok = await admin.put('/api/assistant', { assistant: { uuid: a.uuid, allowed_domains: 'Firma.de, shop.firma.de' } });
    expect(ok.json().allowed_domains).toBe('firma.de, shop.firma.de');

    const page = await new Agent(t.app).get(`/chat/${a.uuid}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Mika Chat');
    expect(page.headers['content-security-policy']).toContain(
      "frame-ancestors 'self' https://firma.de http://firma.de https://shop.firma.de http://shop.firma.de https://www.firma.de",
    );
    expect(page.headers['x-frame-options']).toBeUndefined();
    // The live channel admits the same pages: the listed domain, its www twin, nothing else.
    expect(await isEmbedOrigin(t.database.db, 'https://www.firma.de')).toBe(true);
    expect(await isEmbedOrigin(t.database.db, 'https://shop.firma.de')).toBe(true);
    expect(await isEmbedOrigin(t.database.db, 'https://blog.firma.de')).toBe(false);
    expect(await isEmbedOrigin(t.database.db, 'https://firma.de.evil.example')).toBe(false);
    const open = await createAssistant(t.database.db, team, { isPublic: true });
    expect((await new Agent(t.app).get(`/chat/${open.uuid}`)).headers['content-security-policy']).toContain('frame-ancestors *');
    // The office itself stays unframeable by other sites.
    expect((await new Agent(t.app).get('/api/capabilities')).headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
