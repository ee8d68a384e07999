import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { knowledgeFiles, knowledgePassages, messages } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { parseSse } from '../../../../tests/setup/sse.ts';
import { addKnowledge, uploadKnowledge, waitForIngestion } from '../../../../tests/setup/knowledge.ts';
import {
  makeCompoundFile,
  makeImageOnlyPdf,
  makePdf,
  makePng,
  makeZipBombDocx,
} from '../../../../tests/fixtures/office-files.ts';
import {
  createAssistant,
  createStaffedTeam,
  grantRights,
  loginAs,
} from '../../../../tests/factories/index.ts';
import { Agent } from '../../../../tests/setup/agent.ts';
import { KNOWLEDGE_MESSAGES } from '../../../shared/messages.ts';
import { KNOWLEDGE_MAX_FILES, type KnowledgeFile } from '../../../shared/schemas/knowledge.ts';
import { fakeProviderEnv, startFakeOpenAI, type FakeOpenAI } from '../../../../tests/fixtures/fake-openai.ts';

const HANDBOOK = [
  'Reisekosten: Bahnfahrten in der zweiten Klasse werden vollständig erstattet. Die Abrechnung erfolgt monatlich.',
  'Homeoffice: Mitarbeitende dürfen an zwei Tagen pro Woche von zu Hause arbeiten. Die Arbeitsmittel stellt die Firma.',
];

async function ask(agent: Agent, assistantUuid: string, message: string, opts: { public?: boolean } = {}) {
  const thread = (await agent.post('/api/thread/create', { assistantUuid, ...opts })).json<{
    id: number;
    token: string;
  }>();
  const q = new URLSearchParams({ assistantUuid, threadId: String(thread.id), token: thread.token, message });
  const res = await agent.get(`/api/send/stream?${q.toString()}`);
  expect(res.status, res.body).toBe(200);
  const { events } = parseSse(res.body);
  const complete = events.find((e) => e.type === 'complete');
  expect(complete, res.body).toBeTruthy();
  return {
    thread,
    complete,
    text: events
      .filter((e) => e.type === 'text')
      .map((e) => e.text)
      .join(''),
  };
}

describe('knowledge files (offline engine)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AI_OFFLINE_WORD_DELAY_MS: '0' });
  });
  afterAll(async () => t?.close());

  it('ingests an upload in the background, answers from it with the source, and shows the source under the answer', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const assistant = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);

    const res = await uploadKnowledge(
      agent,
      assistant.uuid,
      { name: 'Handbuch.pdf', data: await makePdf(HANDBOOK) },
      { description: 'Unser Handbuch' },
    );
    expect(res.status, res.body).toBe(200);
    const uploaded = res.json<{ file: KnowledgeFile; message: string }>();
    expect(uploaded.message).toBe(KNOWLEDGE_MESSAGES.fileUploaded);
    // The request only stores and enqueues: the text is read by the job.
    expect(['queued', 'reading', 'chunking', 'indexing']).toContain(uploaded.file.status);
    const ready = await waitForIngestion(agent, assistant.uuid, uploaded.file.uuid);
    expect(ready).toMatchObject({
      name: 'Handbuch.pdf',
      description: 'Unser Handbuch',
      extension: 'pdf',
      is_filtered: 0,
      status: 'ready',
      passages: 2,
    });
    const stored = await t.database.db
      .select()
      .from(knowledgePassages)
      .where(eq(knowledgePassages.fileId, ready.id));
    expect(stored.map((p) => p.location).sort()).toEqual(['Seite 1', 'Seite 2']);

    // "Homeofficeregelung" shares no word with the passage as the German stemmer sees it.
    const answer = await ask(agent, assistant.uuid, 'Gibt es eine Homeofficeregelung?');
    expect(answer.text).toContain('an zwei Tagen pro Woche von zu Hause');
    expect(answer.text).toContain('Handbuch.pdf, Seite 2');
    expect(answer.complete.sources).toEqual([{ file: 'Handbuch.pdf', location: 'Seite 2' }]);
    const history = await agent.get(
      `/api/messages/${assistant.uuid}/${answer.thread.id}?token=${answer.thread.token}`,
    );
    const last = history.json<{ messages?: unknown[] }>();
    expect(JSON.stringify(last)).toContain('"sources":[{"file":"Handbuch.pdf","location":"Seite 2"}]');
  });

  it('answers from a CSV file exported by German Excel with the row the question names, under its header', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const assistant = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    const rows = Array.from({ length: 80 }, (_, i) => `B-${200 + i};Sorte ${i};${i + 2},20 Euro;${i * 3} Stück`);
    rows[41] = 'B-241;Roggenmischbrot;4,80 Euro;17 Stück';
    const csv = Buffer.from(`Nummer;Brotsorte;Preis;Lagerbestand\r\n${rows.join('\r\n')}\r\n`, 'latin1');
    const res = await uploadKnowledge(agent, assistant.uuid, { name: 'Brote.csv', data: csv });
    expect(res.status, res.body).toBe(200);
    await waitForIngestion(agent, assistant.uuid, res.json<{ file: KnowledgeFile }>().file.uuid);
    const answer = await ask(agent, assistant.uuid, 'Wie hoch ist der Lagerbestand beim Roggenmischbrot?');
    // The quoted table keeps its header, so «17 Stück» is read as the stock of that bread.
    expect(answer.text).toContain('Lagerbestand');
    expect(answer.text).toMatch(/B-241\s*\|\s*Roggenmischbrot\s*\|\s*4,80 Euro\s*\|\s*17 Stück/);
    expect(answer.complete.sources).toEqual([{ file: 'Brote.csv', location: '' }]);
  });

  it('answers from Word and Excel 97–2003 files (.doc, .xls), and refuses a password-protected .xlsx at once with the reason', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const assistant = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    const fixture = (name: string) => readFileSync(new URL(`../../../../tests/fixtures/legacy-office/${name}`, import.meta.url));
    for (const name of ['reise.doc', 'preise.xls']) {
      const res = await uploadKnowledge(agent, assistant.uuid, { name, data: fixture(name) });
      expect(res.status, res.body).toBe(200);
      expect(await waitForIngestion(agent, assistant.uuid, res.json<{ file: KnowledgeFile }>().file.uuid)).toMatchObject({ status: 'ready', extension: name.split('.')[1] });
    }
    const hotel = await ask(agent, assistant.uuid, 'Bis zu welchem Betrag werden Hotelkosten pro Nacht erstattet?');
    expect(hotel.text).toContain('Hotelkosten werden bis 120 € pro Nacht erstattet');
    expect(hotel.complete.sources).toEqual([{ file: 'reise.doc', location: '' }]);
    // The date as the sheet shows it, not Excel's day number 46127.
    const cake = await ask(agent, assistant.uuid, 'Ab wann gilt der Preis für den Käsekuchen?');
    expect(cake.text).toMatch(/Käsekuchen \(Blech\)\s*\|\s*KK-3\s*\|\s*38,50 €\s*\|\s*15\.04\.2026/);
    expect(cake.complete.sources).toEqual([{ file: 'preise.xls', location: 'Blatt Preise 2026' }]);

    const protectedXlsx = makeCompoundFile({ EncryptionInfo: Buffer.alloc(4096, 1), EncryptedPackage: Buffer.alloc(8192, 2) });
    const refused = await uploadKnowledge(agent, assistant.uuid, { name: 'Gehälter.xlsx', data: protectedXlsx });
    expect(refused.status).toBe(422);
    expect(refused.json<{ error: string }>().error).toBe(KNOWLEDGE_MESSAGES.errorEncrypted);
    const list = await agent.get(`/api/knowledge/${assistant.uuid}`);
    expect(list.json<{ files: KnowledgeFile[] }>().files.map((f) => f.name).sort()).toEqual(['preise.xls', 'reise.doc']);
  });

  it('answers public visitors from the knowledge too, without listing the file names as sources', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const assistant = await createAssistant(t.database.db, team, { isPublic: true });
    await addKnowledge(await loginAs(t, owner), assistant.uuid, {
      name: 'Intern Preise.txt',
      data: Buffer.from('Die Werkstatt repariert Fahrräder innerhalb von zwei Werktagen.'),
    });
    const visitor = new Agent(t.app, '10.0.0.7');
    const answer = await ask(visitor, assistant.uuid, 'Wie lange dauert eine Reparatur?', { public: true });
    expect(answer.text).toContain('innerhalb von zwei Werktagen');
    expect(answer.complete.sources).toBeUndefined();
  });

  it('renames and describes ("Aktualisiert"), and deletes ("Datei gelöscht") with every passage at once', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const assistant = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    const file = await addKnowledge(agent, assistant.uuid, {
      name: 'notiz.txt',
      data: Buffer.from('Der Parkplatz liegt hinter dem Gebäude.'),
    });

    const edit = await agent.post('/api/knowledge/edit', {
      fileUuid: file.uuid,
      name: 'Anfahrt.txt',
      description: 'Wo parken',
    });
    expect(edit.status, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({
      message: KNOWLEDGE_MESSAGES.updated,
      file: { name: 'Anfahrt.txt', description: 'Wo parken' },
    });
    const empty = await agent.post('/api/knowledge/edit', {
      fileUuid: file.uuid,
      name: '  ',
      description: '',
    });
    expect(empty.status).toBe(422);
    expect(empty.json().fields.name).toEqual([KNOWLEDGE_MESSAGES.nameRequired]);

    const del = await agent.delete('/api/knowledge', { assistantUuid: assistant.uuid, fileUuid: file.uuid });
    expect(del.status, del.body).toBe(200);
    expect(del.json().message).toBe(KNOWLEDGE_MESSAGES.fileDeleted);
    const [left] = await t.database.db
      .select({ n: count() })
      .from(knowledgePassages)
      .where(eq(knowledgePassages.assistantId, assistant.id));
    expect(left!.n).toBe(0);
    const answer = await ask(agent, assistant.uuid, 'Wo liegt der Parkplatz?');
    expect(answer.text).not.toContain('hinter dem Gebäude');
  });

  it('refuses what breaks a rule with a German message and stores nothing', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const assistant = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    const refused = async (file: { name: string; data: Buffer }, status: number, message: string) => {
      const res = await uploadKnowledge(agent, assistant.uuid, file);
      expect(res.status, res.body).toBe(status);
      expect(res.json().error).toBe(message);
    };
    await refused(
      { name: 'gross.txt', data: Buffer.alloc(10 * 1024 * 1024 + 1, 0x61) },
      413,
      KNOWLEDGE_MESSAGES.fileTooLarge,
    );
    await refused({ name: 'bild.pdf', data: makePng() }, 422, KNOWLEDGE_MESSAGES.contentMismatch);
    await refused({ name: 'tabelle.xlsx', data: await makePdf(['kein Excel']) }, 422, KNOWLEDGE_MESSAGES.contentMismatch);
    await refused({ name: 'daten.json', data: Buffer.from('{ kein json') }, 422, KNOWLEDGE_MESSAGES.contentMismatch);
    await refused({ name: 'programm.exe', data: Buffer.from('MZ') }, 422, KNOWLEDGE_MESSAGES.typeNotAllowed);
    // What people try first is refused with what to do instead.
    await refused({ name: 'Unterlagen.zip', data: Buffer.from('PK\x03\x04') }, 422, KNOWLEDGE_MESSAGES.archiveNotRead);
    await refused({ name: 'IMG_0042.HEIC', data: Buffer.from('\0\0\0\x18ftypheic') }, 422, KNOWLEDGE_MESSAGES.imageNotRead);
    await refused({ name: 'Aushang.jpg', data: Buffer.from('kein Foto') }, 422, KNOWLEDGE_MESSAGES.contentMismatch);
    await refused({ name: 'Postfach.pst', data: Buffer.from('!BDN') }, 422, KNOWLEDGE_MESSAGES.mailboxNotRead);
    await refused({ name: 'bombe.docx', data: await makeZipBombDocx() }, 422, KNOWLEDGE_MESSAGES.archiveTooLarge);
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(knowledgeFiles)
      .where(eq(knowledgeFiles.assistantId, assistant.id));
    expect(stored!.n).toBe(0);
  }, 90_000);

  it(`refuses the ${KNOWLEDGE_MAX_FILES + 1}st file`, async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const assistant = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    await t.database.db.insert(knowledgeFiles).values(
      Array.from({ length: KNOWLEDGE_MAX_FILES }, (_, i) => ({
        teamId: team.id,
        assistantId: assistant.id,
        name: `datei-${i}.txt`,
        extension: 'txt',
        sizeBytes: 1,
        storedName: `x${i}.bin`,
        status: 'ready',
      })),
    );
    const res = await uploadKnowledge(agent, assistant.uuid, {
      name: 'eine-zu-viel.txt',
      data: Buffer.from('Noch eine Datei.'),
    });
    expect(res.status, res.body).toBe(422);
    expect(res.json().error).toBe(KNOWLEDGE_MESSAGES.tooManyFiles(KNOWLEDGE_MAX_FILES));
    const list = await agent.get(`/api/knowledge/${assistant.uuid}`);
    expect(list.json().files).toHaveLength(KNOWLEDGE_MAX_FILES);
    // A new version of one of them takes its place: it may come in at the limit.
    const replaced = list.json<{ files: KnowledgeFile[] }>().files.find((f) => f.name === 'datei-7.txt')!;
    const newVersion = await uploadKnowledge(agent, assistant.uuid, { name: 'datei-7.txt', data: Buffer.from('Die neue Fassung.') }, { replaces: replaced.uuid });
    expect(newVersion.status, newVersion.body).toBe(200);
  });

  it('replaces an earlier file by its new version once that is ready (never both, never neither), and refuses the same file twice', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const assistant = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    const version1 = await makePdf(['Preisliste: Das Roggenbrot kostet 4,20 Euro.']);
    const first = await addKnowledge(agent, assistant.uuid, { name: 'Preisliste.pdf', data: version1 });
    const names = async () => (await agent.get(`/api/knowledge/${assistant.uuid}`)).json<{ files: KnowledgeFile[] }>().files.map((f) => f.name);

    // The very same bytes again, under any name: refused, nothing stored.
    for (const name of ['Preisliste.pdf', 'Preisliste (1).pdf']) {
      const again = await uploadKnowledge(agent, assistant.uuid, { name, data: version1 });
      expect(again.status).toBe(422);
      expect(again.json<{ error: string }>().error).toBe(KNOWLEDGE_MESSAGES.alreadyKnown('Preisliste.pdf'));
    }
    expect(await names()).toEqual(['Preisliste.pdf']);

    // A replacement that cannot be read (password) leaves the earlier version in place.
    const lockedPdf = await makePdf(['x'], { userPassword: 'pw' });
    const locked = await uploadKnowledge(agent, assistant.uuid, { name: 'Preisliste.pdf', data: lockedPdf }, { replaces: first.uuid });
    expect(await waitForIngestion(agent, assistant.uuid, locked.json<{ file: KnowledgeFile }>().file.uuid)).toMatchObject({ status: 'error' });
    // A file that ended in an error may be tried again: that is no duplicate.
    const retried = await uploadKnowledge(agent, assistant.uuid, { name: 'Preisliste.pdf', data: lockedPdf });
    expect(retried.status, retried.body).toBe(200);
    await waitForIngestion(agent, assistant.uuid, retried.json<{ file: KnowledgeFile }>().file.uuid);
    expect((await agent.request('DELETE', '/api/knowledge', { assistantUuid: assistant.uuid, fileUuid: retried.json<{ file: KnowledgeFile }>().file.uuid })).status).toBe(200);
    expect((await ask(agent, assistant.uuid, 'Was kostet das Roggenbrot?')).text).toContain('4,20 Euro');
    const removed = await agent.request('DELETE', '/api/knowledge', { assistantUuid: assistant.uuid, fileUuid: locked.json<{ file: KnowledgeFile }>().file.uuid });
    expect(removed.status, removed.body).toBe(200);

    // The new version: both are listed while it is read, then only the new one is known.
    const upload = await uploadKnowledge(agent, assistant.uuid, { name: 'Preisliste.pdf', data: await makePdf(['Preisliste: Das Roggenbrot kostet 4,60 Euro.']) }, { replaces: first.uuid });
    expect(upload.status, upload.body).toBe(200);
    const second = upload.json<{ file: KnowledgeFile }>().file;
    expect(await waitForIngestion(agent, assistant.uuid, second.uuid)).toMatchObject({ status: 'ready' });
    const files = (await agent.get(`/api/knowledge/${assistant.uuid}`)).json<{ files: KnowledgeFile[] }>().files;
    expect(files.map((f) => f.uuid)).toEqual([second.uuid]);
    const answer = await ask(agent, assistant.uuid, 'Was kostet das Roggenbrot?');
    expect(answer.text).toContain('4,60 Euro');
    expect(answer.text).not.toContain('4,20 Euro');
    // The earlier version's row, passages and bytes are gone.
    const stored = await t.database.db.select().from(knowledgeFiles).where(eq(knowledgeFiles.uuid, first.uuid));
    expect(stored).toEqual([]);
    expect(await t.database.db.select().from(knowledgePassages).where(eq(knowledgePassages.fileId, first.id))).toEqual([]);

    // Replacing a file that is gone, or another Mika's: refused with the reason, nothing stored.
    const other = await createAssistant(t.database.db, team);
    const otherFile = await addKnowledge(agent, other.uuid, { name: 'Andere.txt', data: Buffer.from('Eine andere Datei.') });
    for (const replaces of [first.uuid, otherFile.uuid]) {
      const refused = await uploadKnowledge(agent, assistant.uuid, { name: 'Preisliste.pdf', data: Buffer.from('%PDF-1.4 neu') }, { replaces });
      expect(refused.status).toBe(422);
      expect(refused.json<{ error: string }>().error).toBe(KNOWLEDGE_MESSAGES.replacedGone);
    }
    expect(await names()).toEqual(['Preisliste.pdf']);
  });

  it('answers from a photographed notice by text recognition; a picture without writing and an encrypted PDF end in a visible German error', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const assistant = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    const photo = readFileSync(new URL('../../../../tests/fixtures/scans/aushang-foto.jpg', import.meta.url));
    const read = await addKnowledge(agent, assistant.uuid, { name: 'Aushang Teeküche.jpg', data: photo });
    expect(read).toMatchObject({ status: 'ready', error: null });
    const answer = await ask(agent, assistant.uuid, 'Wer hat den Schlüssel für den Getränkeautomaten?');
    expect(answer.text).toContain('Den Schlüssel für den Getränkeautomaten hat Frau Yilmaz, Zimmer 2.14.');
    expect(answer.text).toContain('Aushang Teeküche.jpg');

    for (const [name, data, reason] of [
      ['scan.pdf', await makeImageOnlyPdf(makePng()), KNOWLEDGE_MESSAGES.errorNoText],
      ['geheim.pdf', await makePdf(['Gehälter'], { userPassword: 'pw' }), KNOWLEDGE_MESSAGES.errorEncrypted],
    ] as const) {
      const res = await uploadKnowledge(agent, assistant.uuid, { name, data });
      expect(res.status, res.body).toBe(200);
      const done = await waitForIngestion(agent, assistant.uuid, res.json().file.uuid);
      expect(done).toMatchObject({ status: 'error', error: reason, passages: 0 });
    }
  }, 60_000);

  it('reads a text file while another team\'s scan is still being recognized', async () => {
    const scanner = await createStaffedTeam(t.database.db);
    const other = await createStaffedTeam(t.database.db);
    const scanMika = await createAssistant(t.database.db, scanner.team);
    const textMika = await createAssistant(t.database.db, other.team);
    const scanAgent = await loginAs(t, scanner.owner);
    const textAgent = await loginAs(t, other.owner);
    const scan = readFileSync(new URL('../../../../tests/fixtures/scans/lieferschein-scan.pdf', import.meta.url));
    const scanRes = await uploadKnowledge(scanAgent, scanMika.uuid, { name: 'Lieferschein.pdf', data: scan });
    expect(scanRes.status, scanRes.body).toBe(200);
    const textRes = await uploadKnowledge(textAgent, textMika.uuid, { name: 'Regeln.txt', data: Buffer.from(HANDBOOK.join('\n\n')) });
    expect(textRes.status, textRes.body).toBe(200);
    const text = await waitForIngestion(textAgent, textMika.uuid, textRes.json().file.uuid);
    expect(text.status).toBe('ready');
    // The scan is still being read when the text file is ready (its recognition takes seconds).
    const scanNow = (await scanAgent.get(`/api/knowledge/${scanMika.uuid}`)).json<{ files: KnowledgeFile[] }>().files[0]!;
    expect(['queued', 'reading']).toContain(scanNow.status);
    expect(await waitForIngestion(scanAgent, scanMika.uuid, scanRes.json().file.uuid, 60_000)).toMatchObject({ status: 'ready' });
  }, 90_000);

  it('answers 404 for another team on every call, and never retrieves its passages', async () => {
    const a = await createStaffedTeam(t.database.db);
    const b = await createStaffedTeam(t.database.db);
    const assistantA = await createAssistant(t.database.db, a.team);
    const assistantB = await createAssistant(t.database.db, b.team);
    const agentA = await loginAs(t, a.owner);
    const agentB = await loginAs(t, b.owner);
    const secret = await addKnowledge(agentA, assistantA.uuid, {
      name: 'intern.txt',
      data: Buffer.from('Der Tresorcode lautet 4711.'),
    });

    expect((await agentB.get(`/api/knowledge/${assistantA.uuid}`)).status).toBe(404);
    expect(
      (await uploadKnowledge(agentB, assistantA.uuid, { name: 'x.txt', data: Buffer.from('Eindringling') }))
        .status,
    ).toBe(404);
    expect(
      (await agentB.post('/api/knowledge/edit', { fileUuid: secret.uuid, name: 'gekapert', description: '' }))
        .status,
    ).toBe(404);
    expect(
      (await agentB.delete('/api/knowledge', { assistantUuid: assistantA.uuid, fileUuid: secret.uuid }))
        .status,
    ).toBe(404);
    // Their own assistant with the other team's file uuid: not found either.
    expect(
      (await agentB.delete('/api/knowledge', { assistantUuid: assistantB.uuid, fileUuid: secret.uuid }))
        .status,
    ).toBe(404);
    const answer = await ask(agentB, assistantB.uuid, 'Wie lautet der Tresorcode?');
    expect(answer.text).not.toContain('4711');
    const [still] = await t.database.db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, secret.id));
    expect(still!.name).toBe('intern.txt');
  });

  it('needs the edit right: an employee without it is refused, with it allowed', async () => {
    const { team, employee } = await createStaffedTeam(t.database.db);
    const assistant = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, employee);
    await grantRights(t.database.db, employee, assistant, { canUse: true, canEdit: false });
    expect((await agent.get(`/api/knowledge/${assistant.uuid}`)).status).toBe(403);
    expect(
      (await uploadKnowledge(agent, assistant.uuid, { name: 'a.txt', data: Buffer.from('Text') })).status,
    ).toBe(403);
    await grantRights(t.database.db, employee, assistant, { canUse: true, canEdit: true });
    expect((await agent.get(`/api/knowledge/${assistant.uuid}`)).status).toBe(200);
  });
});

describe('knowledge with a real provider', () => {
  let fake: FakeOpenAI;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await createTestApp(fakeProviderEnv(fake));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('gives the model the passages with their source, and masks a data-protection file even with the filter switch off', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db, { protectionLevel: 0, filter: 'Berger' });
    // The assistant's own switch is off (level 0 default), its own list names a customer.
    const assistant = await createAssistant(t.database.db, team, { filter: 'Firma Kranich' });
    const agent = await loginAs(t, owner);
    await addKnowledge(
      agent,
      assistant.uuid,
      {
        name: 'Kunden.txt',
        data: Buffer.from('Großkunde Firma Kranich zahlt nach Absprache mit Frau Berger erst nach 60 Tagen.'),
      },
      { dataProtection: '1' },
    );
    await addKnowledge(agent, assistant.uuid, {
      name: 'Zahlung.txt',
      data: Buffer.from('Rechnungen sind innerhalb von 14 Tagen zahlbar.'),
    });

    fake.reply({
      text: (body) => `Laut Kunden.txt: ${JSON.stringify(body).includes('60 Tagen') ? 'gefunden' : 'nichts'}`,
    });
    const answer = await ask(agent, assistant.uuid, 'Welches Zahlungsziel hat der Großkunde?');
    const body = JSON.stringify(fake.requests.at(-1)!.body);
    expect(body).toContain('(Kunden.txt)');
    expect(body).toContain('zahlt nach Absprache');
    expect(body).not.toContain('Kranich');
    expect(body).not.toContain('Berger');
    expect(answer.text).toBe('Laut Kunden.txt: gefunden');
    expect(answer.complete.sources).toEqual([{ file: 'Kunden.txt', location: '' }]);
    const [row] = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.id, answer.complete.message_id));
    expect(row!.sources).toEqual([{ file: 'Kunden.txt', location: '' }]);
  });
});
