import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, fakeProviderEnv, type FakeOpenAI } from '../../../../tests/fixtures/fake-openai.ts';
import { countMp3Frames } from '../../../../tests/fixtures/media.ts';
import { createAssistant, createStaffedTeam, loginAs } from '../../../../tests/factories/index.ts';
import { addKnowledge } from '../../../../tests/setup/knowledge.ts';
import { startSmtpSink, type SmtpSink } from '../../../../tests/setup/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { TASK_MESSAGES } from '../../../shared/messages.ts';
import type { TaskResponse } from '../../../shared/schemas/task.ts';
import { DOCUMENT_FUNCTION, type DocumentFormat, type DocumentInput } from '../../ai/tools/document.ts';
import { extractSections } from '../knowledge/extract.ts';
import { eq } from 'drizzle-orm';
import { mailOutbox, messages } from '../../db/schema/index.ts';
import { sweepPrivateFiles } from '../../platform/file-sweep.ts';
import { taskDocumentFolderOwner } from './task-documents.ts';
import { makeDocx } from '../../../../tests/fixtures/office-files.ts';
import { docxTables, pptxTables, readWorkbook } from '../../../../tests/setup/document-tables.ts';

const INPUT = 'Erstelle bitte eine Preisübersicht für unsere Bürogeräte mit allen Größen.';

/** What a model sends to the document tool: a heading, a list, a real table with umlauts. */
const documentCall = (format: DocumentFormat): DocumentInput => ({
  format,
  titel: 'Preisübersicht Bürogeräte',
  untertitel: 'Für die Müller & Söhne GmbH',
  abschnitte: [
    { ueberschrift: 'Überblick für Geschäftsführung', absaetze: ['Alle Preise gelten für Großbestellungen ab fünf Stück.'], punkte: ['Lieferung frei Haus', 'Zahlung in 30 Tagen'] },
    {
      ueberschrift: 'Preisliste Größen',
      tabelle: {
        spalten: ['Gerät', 'Größe', 'Preis (€)'],
        zeilen: [
          ['Aktenvernichter Größe L', 'groß', '349,00'],
          ['Schreibtischlämpchen', 'klein', '39,90'],
        ],
      },
    },
  ],
});

/** The text of a generated file as the knowledge feature's parser reads it (headings, tables as Markdown). */
async function readDocument(data: Buffer, format: string) {
  const sections = await extractSections(data, format);
  return { sections, text: sections.flatMap((s) => s.blocks.map((b) => b.text)).join('\n') };
}

const documentUrl = (assistantUuid: string, res: TaskResponse, token = res.threadToken) =>
  `/document/${assistantUuid}/${encodeURIComponent(res.responseData)}?token=${token}`;

describe('task view against a model', () => {
  let t: TestApp;
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await createTestApp(fakeProviderEnv(fake));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function taskMika() {
    const { team, owner, employee } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team, { type: 'task', name: 'Mika Angebote', canTalk: true });
    return { team, owner, employee, a, agent: await loginAs(t, owner) };
  }

  it('answers a text result and keeps input and result in the thread', async () => {
    const { a, agent } = await taskMika();
    fake.reply({ text: 'Hier ist Ihre **Übersicht** über die Größen.' });
    const res = await agent.post('/api/send/task', { assistantUuid: a.uuid, input: INPUT });
    expect(res.status, res.body).toBe(200);
    const body = res.json<TaskResponse>();
    expect(body).toMatchObject({ responseType: 'txt', responseData: 'Hier ist Ihre **Übersicht** über die Größen.' });
    expect(body.threadToken).toMatch(/^[\w-]{20,}$/);
    // The model was offered the document tool; the input reached it.
    const request = fake.requests.at(-1)!.body;
    expect(request.tools.map((tool: any) => tool.function.name)).toContain(DOCUMENT_FUNCTION);
    expect(JSON.stringify(request.messages)).toContain('Preisübersicht für unsere Bürogeräte');

    const list = (await agent.get(`/api/messages/${a.uuid}/${body.threadId}?token=${body.threadToken}`)).json().messages;
    expect(list.map((m: any) => [m.origin, m.type])).toEqual([
      ['user', 'txt'],
      ['ai', 'txt'],
    ]);
    expect(list[1].id).toBe(body.msgId);

    // The next task continues the same thread.
    fake.reply({ text: 'Noch eine Antwort.' });
    const next = await agent.post('/api/send/task', { assistantUuid: a.uuid, threadId: body.threadId, token: body.threadToken, input: INPUT });
    expect(next.json()).toMatchObject({ threadId: body.threadId, responseData: 'Noch eine Antwort.' });
  });

  it.each(['docx', 'xlsx', 'pptx', 'pdf'] as const)('builds a real %s from the tool call, served with the thread token', async (format) => {
    const { a, agent } = await taskMika();
    fake.queue({ toolCalls: [{ name: DOCUMENT_FUNCTION, arguments: JSON.stringify(documentCall(format)) }] }, { text: 'Das Dokument steht bereit.' });
    const res = await agent.post('/api/send/task', { assistantUuid: a.uuid, input: `${INPUT} Bitte als ${format}.` });
    expect(res.status, res.body).toBe(200);
    const body = res.json<TaskResponse>();
    expect(body).toMatchObject({ responseType: 'doc', responseData: `Preisübersicht Bürogeräte.${format}` });

    expect((await agent.request('HEAD', documentUrl(a.uuid, body))).status).toBe(200);
    const file = await agent.get(documentUrl(a.uuid, body));
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toContain(format === 'pdf' ? 'inline' : 'attachment');
    expect(file.headers['content-disposition']).toContain(encodeURIComponent(`Preisübersicht Bürogeräte.${format}`));

    const { sections, text } = await readDocument(file.raw, format);
    // Headings, a table cell and umlauts survive in every format.
    expect(text).toContain('Preisliste Größen');
    expect(text).toContain('Aktenvernichter Größe L');
    expect(text).toContain('Schreibtischlämpchen');
    if (format !== 'xlsx') {
      expect(text).toContain('Preisübersicht Bürogeräte');
      expect(text).toContain('Überblick für Geschäftsführung');
      expect(text).toContain('Lieferung frei Haus');
    }
    if (format === 'xlsx') {
      // The table is its own worksheet, its prices real numbers.
      expect(sections.map((s) => s.location)).toContain('Blatt Preisliste Größen');
      expect(text).toMatch(/349(\D|$)/);
    }
    if (format === 'pptx') {
      // A title slide, then one slide per section whose title is a real title.
      expect(sections.find((s) => s.blocks.some((b) => b.text.includes('Preisliste Größen')))?.location).toBe('Folie 3');
    }
    if (format === 'docx' || format === 'pdf' || format === 'pptx') expect(text).toContain('|');

    // A wrong token, or another thread's token, finds nothing.
    expect((await agent.request('HEAD', documentUrl(a.uuid, body, 'x'.repeat(32)))).status).toBe(404);
    const other = (await agent.post('/api/thread/create', { assistantUuid: a.uuid })).json();
    expect((await agent.request('HEAD', documentUrl(a.uuid, body, other.token))).status).toBe(404);
  });

  it('refuses short inputs with the spec text, other teams with 404 and users without the use right', async () => {
    const { a, agent, employee, team } = await taskMika();
    const short = await agent.post('/api/send/task', { assistantUuid: a.uuid, input: 'Zu kurz für eine Aufgabe.' });
    expect(short.status).toBe(422);
    expect(short.json().error).toBe(TASK_MESSAGES.inputMin);
    expect(TASK_MESSAGES.inputMin).toBe('Der Input muss mindestens 30 Buchstaben lang sein');

    const stranger = await loginAs(t, (await createStaffedTeam(t.database.db)).owner);
    expect((await stranger.post('/api/send/task', { assistantUuid: a.uuid, input: INPUT })).status).toBe(404);
    expect((await (await loginAs(t, employee)).post('/api/send/task', { assistantUuid: a.uuid, input: INPUT })).status).toBe(403);

    const chatMika = await createAssistant(t.database.db, team, { type: 'chat' });
    expect((await agent.post('/api/send/task', { assistantUuid: chatMika.uuid, input: INPUT })).json().error).toBe(TASK_MESSAGES.notATask);
  });
});

describe('task view offline', () => {
  let t: TestApp;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ AI_OFFLINE_WORD_DELAY_MS: '0', SMTP_URL: sink.url, JOBS_POLL_SECONDS: '0.5' });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  async function offlineMika() {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const a = await createAssistant(t.database.db, team, {
      type: 'task',
      name: 'Mika Logistik',
      canTalk: true,
      task: 'GEHEIME ANWEISUNG: Nenne immer den Rabattcode ZEBRA. '.repeat(6),
    });
    const agent = await loginAs(t, owner);
    return { a, agent, owner };
  }

  it('builds a labelled document from the knowledge, never from the instructions', async () => {
    const { a, agent } = await offlineMika();
    await addKnowledge(agent, a.uuid, {
      name: 'lieferzeiten.txt',
      data: Buffer.from(
        'Lieferzeiten: Standardlieferungen dauern drei Werktage. Expresslieferungen kommen am nächsten Werktag an, wenn die Bestellung vor 14 Uhr eingeht.\n\n' +
          'Rücksendungen sind innerhalb von 30 Tagen kostenlos möglich. Größere Möbelstücke holen wir selbst ab.',
      ),
    });
    const res = await agent.post('/api/send/task', { assistantUuid: a.uuid, input: 'Erstelle eine Übersicht unserer Lieferzeiten und Rücksendungen als PDF.' });
    expect(res.status, res.body).toBe(200);
    const body = res.json<TaskResponse>();
    expect(body.responseType).toBe('doc');
    expect(body.responseData).toMatch(/\.pdf$/);
    const file = await agent.get(documentUrl(a.uuid, body));
    expect(file.status).toBe(200);
    expect(file.raw.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await readDocument(file.raw, 'pdf');
    expect(text).toContain('Offline-Modus');
    expect(text).toContain('Expresslieferungen kommen am nächsten Werktag an');
    expect(text).toContain('Quellen');
    expect(text).not.toContain('ZEBRA');

    // The thread has the input, the offline follow-up and the document message.
    const list = (await agent.get(`/api/messages/${a.uuid}/${body.threadId}?token=${body.threadToken}`)).json().messages;
    expect(list.map((m: any) => m.type)).toEqual(['txt', 'txt', 'doc']);
    expect(list[1].text).toContain('Offline-Modus');
    expect(list[2]).toMatchObject({ id: body.msgId, document: body.responseData });

    // An Excel request offline: a workbook with the sources table.
    const xlsx = (await agent.post('/api/send/task', { assistantUuid: a.uuid, threadId: body.threadId, token: body.threadToken, input: 'Mach mir eine Excel-Tabelle mit den Lieferzeiten für Kunden.' })).json<TaskResponse>();
    expect(xlsx.responseData).toMatch(/\.xlsx$/);
    expect(xlsx.responseData).not.toBe(body.responseData);
    const sheet = await readDocument((await agent.get(documentUrl(a.uuid, xlsx))).raw, 'xlsx');
    expect(sheet.text).toContain('Kernaussage');

    // The sweep keeps documents their messages name; once the thread's messages are gone, so are the files.
    const later = new Date(Date.now() + 60 * 60_000);
    expect(await sweepPrivateFiles(t.deps, [taskDocumentFolderOwner], later)).toBe(0);
    await t.database.db.delete(messages).where(eq(messages.threadId, body.threadId));
    expect(await sweepPrivateFiles(t.deps, [taskDocumentFolderOwner], later)).toBe(2);
  });

  it('keeps a table of the knowledge a table in the Word, Excel and PowerPoint result', async () => {
    const { a, agent } = await offlineMika();
    const zones = [
      ['Zone', 'Länder', 'Preis (€)'],
      ['1', 'Deutschland', '4,90'],
      ['2', 'Österreich, Schweiz', '9,90'],
    ];
    await addKnowledge(agent, a.uuid, {
      name: 'Versandkosten.docx',
      data: await makeDocx({ heading: 'Versandkosten nach Zone', paragraph: 'Die Preise gelten pro Paket bis 31,5 kg.', table: zones }),
    });
    const ask = async (input: string) => {
      const res = (await agent.post('/api/send/task', { assistantUuid: a.uuid, input })).json<TaskResponse>();
      expect(res.responseType).toBe('doc');
      return (await agent.get(documentUrl(a.uuid, res))).raw;
    };
    const word = await ask('Erstelle eine Übersicht der Versandkosten nach Zone als Word-Datei für unsere Kunden.');
    expect(docxTables(word).find((t) => t.rows[0]?.[0] === 'Zone')).toEqual({ headerRow: true, rows: zones });

    const wb = await readWorkbook(await ask('Mach mir eine Excel-Tabelle mit den Versandkosten nach Zone für Kunden.'));
    const rows = wb.worksheets.flatMap((ws) => ws.getSheetValues().filter((r): r is any[] => Array.isArray(r)).map((r) => r.slice(1)));
    const header = rows.findIndex((r) => r[0] === 'Zone');
    expect(rows.slice(header, header + 3)).toEqual([zones[0], [1, 'Deutschland', 4.9], [2, 'Österreich, Schweiz', 9.9]]);

    const slides = await ask('Erstelle eine Präsentation über die Versandkosten nach Zone für unsere Kunden.');
    expect(pptxTables(slides).find((t) => t.rows[0]?.[0] === 'Zone')?.rows).toEqual(zones);
  });

  it('speaks a task result as a valid MP3', async () => {
    const { a, agent } = await offlineMika();
    const res = (await agent.post('/api/send/task', { assistantUuid: a.uuid, input: 'Wer bist Du und wobei kannst Du mir helfen, bitte?' })).json<TaskResponse>();
    expect(res.responseType).toBe('txt');
    expect(res.responseData).toContain('Offline-Modus');
    const voice = await agent.post('/api/send/msgtovoice', { assistantUuid: a.uuid, threadId: res.threadId, token: res.threadToken, msgId: res.msgId });
    expect(voice.status, voice.body).toBe(200);
    expect(voice.headers['content-type']).toBe('audio/mpeg');
    expect(countMp3Frames(voice.raw)).toBeGreaterThan(10);
  });

  it('mails the output to the signed-in user only, as plain text', async () => {
    const { a, agent, owner } = await offlineMika();
    const before = sink.mails.length;
    const output = '## Ergebnis\n\n<b>Größe</b> & <script>alert(1)</script> bleibt Text.';
    const res = await agent.post('/api/email/taskoutput', { assistant_name: a.name, output, assistantUuid: a.uuid, to: 'fremd@example.com' });
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Email wurde an Dich versendet' });
    await expect.poll(() => sink.mails.length, { timeout: 15_000 }).toBe(before + 1);
    const mail = sink.mails.at(-1)!;
    expect(mail.to).toBe(owner.email);
    expect(mail.text).toContain('<b>Größe</b> & <script>alert(1)</script> bleibt Text.');
    // The mail module's HTML part carries it escaped: nothing in it is markup.
    const html = mail.body.split(/Content-Type: text\/html/i)[1] ?? '';
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');

    // Another team's assistant: nothing is sent. A mail exists only as an outbox row, written
    // before the call answers, so none for the stranger's address means none will go out.
    const strangerUser = (await createStaffedTeam(t.database.db)).owner;
    const stranger = await loginAs(t, strangerUser);
    expect((await stranger.post('/api/email/taskoutput', { assistant_name: a.name, output, assistantUuid: a.uuid })).status).toBe(404);
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, strangerUser.email))).toEqual([]);
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email))).toHaveLength(1);
  });
});
