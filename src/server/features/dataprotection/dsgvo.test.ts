import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { auditLog, dataExports, mailOutbox, messages, orders, teams, threads, type Team } from '../../db/schema/index.ts';
import { Agent } from '../../../../tests/setup/agent.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { askInThread, openThread, speakAnswer } from '../../../../tests/setup/chat.ts';
import { uploadKnowledge } from '../../../../tests/setup/knowledge-upload.ts';
import { createAssistant, createStaffedTeam, createUser, grantRights, loginAs } from '../../../../tests/factories/index.ts';
import { COMMON_MESSAGES, DATA_PROTECTION_MESSAGES } from '../../../shared/messages.ts';
import { RETENTION_JOB } from './retention.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AI_OFFLINE_WORD_DELAY_MS: '0' });
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;
const privateDir = () => path.join(t.config.dataDir, 'private');

/** Every file name below the private store. */
async function privateFiles(): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const e of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (e.isDirectory()) await walk(path.join(dir, e.name));
      else out.push(path.relative(privateDir(), path.join(dir, e.name)));
    }
  };
  await walk(privateDir());
  return out;
}

/** The rows of a raw query (both drivers answer `{ rows }`). */
const rowsOf = <T = unknown>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Every row of every table (and the job engine's payloads) as one text, to search for leftovers. */
async function everyRow(): Promise<string> {
  const db = t.database.db;
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`),
  );
  let text = '';
  for (const { table_name } of tables) {
    const rows = rowsOf(await db.execute(sql`select * from ${sql.identifier(table_name)}`));
    text += `\n${table_name}: ${JSON.stringify(rows)}`;
  }
  const jobs = rowsOf(await db.execute(sql`select name, data::text as data from pgboss.job`));
  return `${text}\njobs: ${JSON.stringify(jobs)}`;
}

async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, what: string): Promise<T> {
  for (let i = 0; i < 150; i++) {
    const v = await probe();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A thread whose creation and messages lie `daysAgo` in the past (the moved clock). */
async function agedThread(team: Team, assistantId: number, opts: { userId?: number | null; daysAgo: number; text: string }) {
  const at = new Date(Date.now() - opts.daysAgo * DAY);
  const [thread] = await t.database.db
    .insert(threads)
    .values({ tokenHash: 'x', assistantId, teamId: team.id, userId: opts.userId ?? null, isPublic: !opts.userId, createdAt: at, updatedAt: at })
    .returning();
  await t.database.db.insert(messages).values([
    { threadId: thread!.id, origin: 'user', text: opts.text, createdAt: at },
    { threadId: thread!.id, origin: 'ai', text: `Antwort auf ${opts.text}`, createdAt: at },
  ]);
  return thread!;
}

const threadExists = async (id: number) => (await t.database.db.select().from(threads).where(eq(threads.id, id))).length === 1;

describe('retention', () => {
  it('lets only admins set it, validates the choice and changes nothing on bad input', async () => {
    const { owner, employee } = await createStaffedTeam(t.database.db);
    const admin = await loginAs(t, owner);
    expect((await admin.get('/api/dataprotection/retention')).json()).toEqual({ members_days: null, visitors_days: 90, last_run: null });
    const bad = await admin.put('/api/dataprotection/retention', { members_days: 45, visitors_days: 30 });
    expect(bad.status).toBe(422);
    expect(bad.json().error).toBe(DATA_PROTECTION_MESSAGES.retentionInvalid);
    expect((await admin.get('/api/dataprotection/retention')).json().visitors_days).toBe(90);
    const ok = await admin.put('/api/dataprotection/retention', { members_days: 365, visitors_days: null });
    expect(ok.json()).toEqual({ status: 'success', message: DATA_PROTECTION_MESSAGES.retentionSaved });
    expect((await admin.get('/api/dataprotection/retention')).json()).toMatchObject({ members_days: 365, visitors_days: null });
    const staff = await loginAs(t, employee);
    expect((await staff.put('/api/dataprotection/retention', { members_days: 30, visitors_days: 30 })).status).toBe(403);
    expect((await staff.get('/api/dataprotection/retention')).status).toBe(403);
  });

  it('removes threads older than the setting with their files, from the last message; members and visitors apply separately', async () => {
    const db = t.database.db;
    const { team, owner } = await createStaffedTeam(db);
    const a = await createAssistant(db, team, { canTalk: true, isPublic: true });
    const admin = await loginAs(t, owner);
    await admin.put('/api/dataprotection/retention', { members_days: 30, visitors_days: 90 });

    const memberOld = await agedThread(team, a.id, { userId: owner.id, daysAgo: 40, text: 'Alte Teamfrage' });
    const memberYoung = await agedThread(team, a.id, { userId: owner.id, daysAgo: 20, text: 'Junge Teamfrage' });
    // 40 days old: too old for members, young enough for visitors.
    const visitorKept = await agedThread(team, a.id, { daysAgo: 40, text: 'Besucherfrage' });
    const visitorOld = await agedThread(team, a.id, { daysAgo: 100, text: 'Alte Besucherfrage' });
    // Created long ago, but its last message is recent: it stays.
    const revived = await agedThread(team, a.id, { daysAgo: 200, text: 'Wiederbelebt' });
    await db.insert(messages).values({ threadId: revived.id, origin: 'user', text: 'Neue Nachricht' });
    // A spoken answer of the old visitor thread: its file must go too.
    const audio = await t.deps.privateFiles.put(`audio-${a.uuid}`, 'mp3', Buffer.from('ID3 fake mp3'));
    await db.update(messages).set({ audio, type: 'mp3' }).where(and(eq(messages.threadId, visitorOld.id), eq(messages.origin, 'ai')));
    // Another team keeps everything (unlimited for both).
    const other = await createStaffedTeam(db);
    await db.update(teams).set({ retentionVisitorDays: null }).where(eq(teams.id, other.team.id));
    const b = await createAssistant(db, other.team, { isPublic: true });
    const otherOld = await agedThread(other.team, b.id, { daysAgo: 400, text: 'Fremd' });

    await t.deps.jobs.send(RETENTION_JOB, {});
    const run = await waitFor(async () => (await admin.get('/api/dataprotection/retention')).json().last_run, 'the retention run');
    expect(run).toMatchObject({ threads: 2, files: 1 });

    expect(await threadExists(memberOld.id)).toBe(false);
    expect(await threadExists(visitorOld.id)).toBe(false);
    expect(await threadExists(memberYoung.id)).toBe(true);
    expect(await threadExists(visitorKept.id)).toBe(true);
    expect(await threadExists(revived.id)).toBe(true);
    expect(await threadExists(otherOld.id)).toBe(true);
    expect(await privateFiles()).not.toContain(path.join(`audio-${a.uuid}`, audio));
    expect((await db.select().from(messages).where(eq(messages.threadId, visitorOld.id))).length).toBe(0);

    const audit = (await admin.get('/api/dataprotection/audit')).json().entries;
    expect(audit[0].text).toBe('Aufbewahrung ausgeführt: 2 Unterhaltungen, 4 Nachrichten, 1 Dateien gelöscht');
  });

  it('erases every other team when one team fails (a file the storage refuses), and that team on a later run', async () => {
    const db = t.database.db;
    // Team A comes first and fails: its old visitor thread holds an answer file the storage cannot delete.
    const a = await createStaffedTeam(db);
    const mikaA = await createAssistant(db, a.team, { isPublic: true, canTalk: true });
    const adminA = await loginAs(t, a.owner);
    await adminA.put('/api/dataprotection/retention', { members_days: null, visitors_days: 30 });
    const stuck = await agedThread(a.team, mikaA.id, { daysAgo: 60, text: 'Frage bei A' });
    const audio = await t.deps.privateFiles.put(`audio-${mikaA.uuid}`, 'mp3', Buffer.from('ID3 fake mp3'));
    await db.update(messages).set({ audio, type: 'mp3' }).where(and(eq(messages.threadId, stuck.id), eq(messages.origin, 'ai')));
    const audioPath = path.join(privateDir(), `audio-${mikaA.uuid}`, audio);
    await fs.rm(audioPath);
    await fs.mkdir(audioPath);
    // Team B comes after it and must not wait for A.
    const b = await createStaffedTeam(db);
    const mikaB = await createAssistant(db, b.team, { isPublic: true });
    const adminB = await loginAs(t, b.owner);
    await adminB.put('/api/dataprotection/retention', { members_days: null, visitors_days: 30 });
    const due = await agedThread(b.team, mikaB.id, { daysAgo: 60, text: 'Frage bei B' });

    await t.deps.jobs.send(RETENTION_JOB, {});
    expect(await waitFor(async () => (await adminB.get('/api/dataprotection/retention')).json().last_run, 'B’s retention run')).toMatchObject({ threads: 1 });
    expect(await threadExists(due.id)).toBe(false);
    expect(await threadExists(stuck.id)).toBe(true);
    expect((await adminA.get('/api/dataprotection/retention')).json().last_run).toBeNull();

    // The storage answers again: the next run erases A's thread too.
    await fs.rm(audioPath, { recursive: true });
    await t.deps.jobs.send(RETENTION_JOB, {});
    expect(await waitFor(async () => (await adminA.get('/api/dataprotection/retention')).json().last_run, 'A’s retention run')).toMatchObject({ threads: 1 });
    expect(await threadExists(stuck.id)).toBe(false);
  });
});

describe('export', () => {
  it('builds one ZIP with every category of the team and nothing of another team; only the admin who asked downloads it', async () => {
    const db = t.database.db;
    const { team, owner, admin: secondAdmin, employee } = await createStaffedTeam(db);
    const a = await createAssistant(db, team, { name: 'Export-Mika', isPublic: true, canTalk: true, form: { active: true, settings: { send_to: 'vertrieb@example.com' } } });
    await grantRights(db, employee, a, { canUse: true });
    const admin = await loginAs(t, owner);
    expect((await uploadKnowledge(admin, a.uuid, { name: 'preise.txt', data: Buffer.from('Unsere Preise 2027: Paket A kostet 10 Euro.') })).status).toBe(200);
    const staff = await loginAs(t, employee);
    const own = await openThread(staff, a.uuid);
    await askInThread(staff, a.uuid, own, 'Teamfrage zum Paket Zitrone');
    const visitor = new Agent(t.app, '192.0.2.77');
    const vt = await openThread(visitor, a.uuid, { public: true });
    const visitorAnswer = (await askInThread(visitor, a.uuid, vt, 'Besucherfrage Pflaume')).complete;
    const spoken = await speakAnswer(visitor, a.uuid, vt, visitorAnswer.message_id);
    expect(spoken.status, spoken.body).toBe(200);
    const form = await visitor.post('/api/send/form', { assistantUuid: a.uuid, threadId: vt.id, token: vt.token, firstname: 'Paula', lastname: 'Pflaume', email: 'paula@kunde.example' });
    expect(form.status).toBe(200);
    await db.insert(orders).values({ teamId: team.id, status: 'paid', credits: 500, priceCents: 1234 });

    // Another team with a marker that must not appear.
    const other = await createStaffedTeam(db);
    const b = await createAssistant(db, other.team, { name: 'Fremder-Mika-Quitte' });
    const stranger = await loginAs(t, other.owner);
    const st = await openThread(stranger, b.uuid);
    await askInThread(stranger, b.uuid, st, 'Geheimnis Quitte');

    const started = await admin.post('/api/dataprotection/exports', { scope: 'team' });
    expect(started.json().message).toBe(DATA_PROTECTION_MESSAGES.exportStarted);
    const uuid = started.json().export.uuid;
    const ready = await waitFor(async () => {
      const list = (await admin.get('/api/dataprotection/exports')).json().exports;
      return list.find((e: { uuid: string; status: string }) => e.uuid === uuid && e.status === 'ready');
    }, 'the export');
    expect(ready.download_url).toBe(`/api/dataprotection/exports/${uuid}/download`);

    const res = await admin.get(ready.download_url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.raw));
    const text = (name: string) => strFromU8(files[name]!);
    expect(JSON.parse(text('users.json')).map((u: { email: string }) => u.email)).toContain(owner.email);
    expect(JSON.parse(text('assistants.json'))[0]).toMatchObject({ name: 'Export-Mika', tools: [expect.objectContaining({ toolSlug: 'form' })] });
    const knowledge = JSON.parse(text('knowledge/files.json'));
    expect(knowledge[0].name).toBe('preise.txt');
    expect(text(knowledge[0].file)).toContain('Paket A kostet 10 Euro');
    const conversations = Object.keys(files).filter((n) => n.endsWith('conversation.json')).map(text).join('\n');
    expect(conversations).toContain('Teamfrage zum Paket Zitrone');
    expect(conversations).toContain('Besucherfrage Pflaume');
    // The spoken answer is exported as the audio message it is, with its MP3.
    const visitorMessages = JSON.parse(text(`conversations/${vt.id}/conversation.json`)).messages as { id: number; type: string; audio: string | null }[];
    const spokenMessage = visitorMessages.find((m) => m.id === visitorAnswer.message_id)!;
    expect(spokenMessage).toMatchObject({ type: 'mp3', audio: `conversations/${vt.id}/audio/${String(spoken.headers['x-audio-file'])}` });
    expect(Buffer.from(files[spokenMessage.audio!]!).equals(spoken.raw)).toBe(true);
    expect(text('form-submissions.json')).toContain('paula@kunde.example');
    expect(JSON.parse(text('orders.json'))[0]).toMatchObject({ credits: 500, priceCents: 1234 });
    expect(text('LIESMICH.txt')).toContain('Datenexport');
    const all = Object.values(files).map((f) => Buffer.from(f).toString('latin1')).join('\n');
    for (const marker of ['Quitte', other.owner.email]) expect(all).not.toContain(marker);

    // The mail says it is ready; the list of another admin does not show it, the link answers 404.
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email));
    expect(mails.map((m) => m.subject)).toContain(DATA_PROTECTION_MESSAGES.exportMailSubject);
    const second = await loginAs(t, secondAdmin);
    expect((await second.get('/api/dataprotection/exports')).json().exports).toEqual([]);
    expect((await second.get(ready.download_url)).status).toBe(404);
    expect((await stranger.get(ready.download_url)).status).toBe(404);
    expect((await staff.get(ready.download_url)).status).toBe(403);

    // Expired: refused, and the nightly run removes it with its file.
    await db.update(dataExports).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(dataExports.uuid, uuid));
    const expired = await admin.get(ready.download_url);
    expect(expired.status).toBe(404);
    expect(expired.json().error).toBe(DATA_PROTECTION_MESSAGES.exportExpired);
  });

  it('refuses a user or thread of another team (404) and bad input (422) without creating anything', async () => {
    const db = t.database.db;
    const { owner } = await createStaffedTeam(db);
    const other = await createStaffedTeam(db);
    const admin = await loginAs(t, owner);
    expect((await admin.post('/api/dataprotection/exports', { scope: 'user', userUuid: other.employee.uuid })).status).toBe(404);
    expect((await admin.post('/api/dataprotection/exports', { scope: 'thread', threadId: 999999 })).status).toBe(404);
    const bad = await admin.post('/api/dataprotection/exports', { scope: 'alles' });
    expect(bad.status).toBe(422);
    expect(bad.json().error).toBe(DATA_PROTECTION_MESSAGES.exportScopeInvalid);
    expect((await admin.get('/api/dataprotection/exports')).json().exports).toEqual([]);
  });
});

describe('erasure', () => {
  it('erases a user: no row, file, mail or job payload of theirs remains; another team gets 404', async () => {
    const db = t.database.db;
    const { team, owner } = await createStaffedTeam(db);
    const person = await createUser(db, team, { name: 'Erika Holunderstrauch', email: `erika.${Date.now()}@loeschen.example` });
    const a = await createAssistant(db, team, { canTalk: true, name: 'Lösch-Mika' });
    await grantRights(db, person, a, { canUse: true });
    const agent = await loginAs(t, person);
    const thread = await openThread(agent, a.uuid);
    const { complete } = await askInThread(agent, a.uuid, thread, 'Persönliche Frage Holunderbeere');
    const voice = await speakAnswer(agent, a.uuid, thread, complete.message_id);
    expect(voice.status).toBe(200);
    const audioFile = path.join(`audio-${a.uuid}`, String(voice.headers['x-audio-file']));
    expect(await privateFiles()).toContain(audioFile);
    await agent.post('/api/email/taskoutput', { assistant_name: a.name, output: 'Ergebnis Holunderbeere' });

    const admin = await loginAs(t, owner);
    const exp = (await admin.post('/api/dataprotection/exports', { scope: 'user', userUuid: person.uuid })).json().export;
    await waitFor(async () => (await admin.get('/api/dataprotection/exports')).json().exports.find((e: { uuid: string; status: string }) => e.uuid === exp.uuid && e.status === 'ready'), 'the user export');
    const [stored] = await db.select().from(dataExports).where(eq(dataExports.uuid, exp.uuid));
    const exportFile = path.join('exports', stored!.storedName!);
    expect(await privateFiles()).toContain(exportFile);
    const before = await everyRow();
    expect(before).toContain('Holunderbeere');
    expect(before).toContain(person.email);

    const stranger = await loginAs(t, (await createStaffedTeam(db)).owner);
    expect((await stranger.delete(`/api/dataprotection/users/${person.uuid}`)).status).toBe(404);
    expect(await everyRow()).toContain(person.email);
    expect((await admin.delete(`/api/dataprotection/users/${owner.uuid}`)).json().error).toBe(DATA_PROTECTION_MESSAGES.ownerNotErasable);

    const res = await admin.delete(`/api/dataprotection/users/${person.uuid}`);
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ message: DATA_PROTECTION_MESSAGES.userErased, removed: { threads: 1, messages: 2 } });
    expect(res.json().removed.files).toBeGreaterThanOrEqual(2);
    const after = await everyRow();
    expect(after).not.toContain('Holunderbeere');
    expect(after).not.toContain(person.email);
    expect(after).not.toContain(person.name);
    expect(await privateFiles()).not.toContain(audioFile);
    expect(await privateFiles()).not.toContain(exportFile);
    // Signed out for good.
    expect((await agent.get('/api/user/data')).status).toBe(401);
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.teamId, team.id), eq(auditLog.action, 'dataprotection.user_erased')));
    expect(entry!.detail).toMatchObject({ userUuid: person.uuid, threads: 1 });
  });

  it("erases a visitor's conversation found by the contact-form e-mail, with its submission, mail and audio; other teams see nothing", async () => {
    const db = t.database.db;
    const { team, owner } = await createStaffedTeam(db);
    const a = await createAssistant(db, team, { isPublic: true, canTalk: true, form: { active: true, settings: { send_to: 'vertrieb@example.com' } } });
    const visitor = new Agent(t.app, '192.0.2.78');
    const vt = await openThread(visitor, a.uuid, { public: true });
    const { complete } = await askInThread(visitor, a.uuid, vt, 'Meine Frage Schlehe');
    const voice = await speakAnswer(visitor, a.uuid, vt, complete.message_id);
    const audioFile = path.join(`audio-${a.uuid}`, String(voice.headers['x-audio-file']));
    const email = `schlehe.${Date.now()}@besuch.example`;
    await visitor.post('/api/send/form', { assistantUuid: a.uuid, threadId: vt.id, token: vt.token, firstname: 'Sina', lastname: 'Schlehe', email });
    expect(await everyRow()).toContain(email);

    const admin = await loginAs(t, owner);
    const found = (await admin.get(`/api/dataprotection/visitor-threads?q=${encodeURIComponent(email.toUpperCase())}`)).json().threads;
    expect(found).toEqual([expect.objectContaining({ id: vt.id, messages: 2, has_form: true })]);
    expect((await admin.get(`/api/dataprotection/visitor-threads?q=${vt.id}`)).json().threads).toHaveLength(1);
    expect((await admin.get('/api/dataprotection/visitor-threads?q=irgendwas')).json().error).toBe(DATA_PROTECTION_MESSAGES.visitorQueryInvalid);

    const strangerAdmin = await loginAs(t, (await createStaffedTeam(db)).owner);
    expect((await strangerAdmin.get(`/api/dataprotection/visitor-threads?q=${encodeURIComponent(email)}`)).json().threads).toEqual([]);
    expect((await strangerAdmin.delete(`/api/dataprotection/visitor-threads/${vt.id}`)).status).toBe(404);
    expect(await threadExists(vt.id)).toBe(true);

    const res = await admin.delete(`/api/dataprotection/visitor-threads/${vt.id}`);
    expect(res.json()).toMatchObject({ message: DATA_PROTECTION_MESSAGES.threadErased, removed: { threads: 1 } });
    const after = await everyRow();
    expect(after).not.toContain('Schlehe');
    expect(after).not.toContain(email);
    expect(await privateFiles()).not.toContain(audioFile);
    expect((await visitor.get(`/api/messages/${a.uuid}/${vt.id}?token=${vt.token}`)).status).toBe(404);
  });

  it('lets a visitor delete their own conversation with its token; a wrong token changes nothing', async () => {
    const db = t.database.db;
    const { team, owner } = await createStaffedTeam(db);
    const a = await createAssistant(db, team, { isPublic: true });
    const visitor = new Agent(t.app, '192.0.2.79');
    const vt = await openThread(visitor, a.uuid, { public: true });
    await askInThread(visitor, a.uuid, vt, 'Bitte vergiss mich Mispel');
    const wrong = await visitor.delete('/api/dataprotection/thread', { assistantUuid: a.uuid, threadId: vt.id, token: 'falsch' });
    expect(wrong.status).toBe(404);
    expect(await threadExists(vt.id)).toBe(true);
    const res = await visitor.delete('/api/dataprotection/thread', { assistantUuid: a.uuid, threadId: vt.id, token: vt.token });
    expect(res.json()).toMatchObject({ message: DATA_PROTECTION_MESSAGES.ownThreadDeleted, removed: { threads: 1, messages: 2 } });
    expect(await everyRow()).not.toContain('Mispel');
    const entries = (await (await loginAs(t, owner)).get('/api/dataprotection/audit')).json().entries;
    expect(entries[0].text).toBe(`Unterhaltung #${vt.id} von der Besucherin / dem Besucher selbst gelöscht`);
    expect(entries[0].actor).toBeNull();
  });

  it('keeps the audit list for admins only', async () => {
    const { employee } = await createStaffedTeam(t.database.db);
    const res = await (await loginAs(t, employee)).get('/api/dataprotection/audit');
    expect(res.status).toBe(403);
    expect(res.json().error).toBe(COMMON_MESSAGES.forbidden);
  });
});
