import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Document, FootnoteReferenceRun, Packer, Paragraph, TextRun } from 'docx';
import { knowledgeFiles, knowledgePassages } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { addKnowledge } from '../../../../tests/setup/knowledge.ts';
import { askInThread, openThread } from '../../../../tests/setup/chat.ts';
import { createAssistant, createStaffedTeam, loginAs } from '../../../../tests/factories/index.ts';
import { makePdf, makePptx } from '../../../../tests/fixtures/office-files.ts';
import { FILE_READING } from './extract.ts';
import { replacePassages } from './knowledge.repository.ts';
import { rereadFiles, scheduleRereading } from './knowledge.jobs.ts';

// Files an older reading read are read again when the reading of their format has changed since
// (extract.ts: FILE_READING, READING_CHANGES): a price list uploaded before footnotes were read
// gains its footnote's condition, without the team uploading it again.
describe('reading files again after the reading changed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AI_OFFLINE_WORD_DELAY_MS: '0' });
  });
  afterAll(async () => t?.close());

  const passagesOf = async (fileId: number) =>
    (await t.database.db.select({ text: knowledgePassages.text }).from(knowledgePassages).where(eq(knowledgePassages.fileId, fileId))).map((p) => p.text).join('\n');
  const fileRow = async (uuid: string) => (await t.database.db.select().from(knowledgeFiles).where(eq(knowledgeFiles.uuid, uuid)))[0]!;

  /** As the reading before notes and charts left the file: its passages without them, marked reading 1. */
  async function asReadBefore(uuid: string, text: string) {
    const file = await fileRow(uuid);
    await replacePassages(t.database.db, file, [{ heading: '', location: '', text }]);
    await t.database.db.update(knowledgeFiles).set({ reading: 1 }).where(eq(knowledgeFiles.id, file.id));
    return file;
  }

  it('reads a changed format again in place, keeps the rest as it is, and is scheduled only while files wait', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const assistant = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    const docx = await Packer.toBuffer(
      new Document({
        footnotes: { 1: { children: [new Paragraph('Gilt nur für Neukunden bis zum 31. Dezember.')] } },
        sections: [{ children: [new Paragraph({ children: [new TextRun('Auf Dinkelbrot geben wir 10 Prozent Rabatt.'), new FootnoteReferenceRun(1)] })] }],
      }),
    );
    const priceList = await addKnowledge(agent, assistant.uuid, { name: 'Rabatte.docx', data: docx });
    const slides = await addKnowledge(agent, assistant.uuid, {
      name: 'Zahlen.pptx',
      data: await makePptx([{ title: 'Geschäftsjahr', chart: { kind: 'bar', title: 'Umsatz je Quartal', labels: ['Q1', 'Q2'], series: [{ name: 'Umsatz', values: [120, 135] }] } }]),
    });
    const handbook = await addKnowledge(agent, assistant.uuid, { name: 'Handbuch.pdf', data: await makePdf(['Urlaub beantragt man zwei Wochen im Voraus.']) });
    // Read by the current reading at upload: nothing waits.
    expect((await fileRow(priceList.uuid)).reading).toBe(FILE_READING);
    expect(await scheduleRereading(t.deps)).toBe(false);

    const docxRow = await asReadBefore(priceList.uuid, 'Auf Dinkelbrot geben wir 10 Prozent Rabatt.');
    const pptxRow = await asReadBefore(slides.uuid, 'Geschäftsjahr');
    // A PDF's reading has not changed since reading 1: it is not read again.
    const pdfRow = await asReadBefore(handbook.uuid, 'Urlaub beantragt man zwei Wochen im Voraus. (so gelesen)');

    // A batch at a time: the first file, then the job the start schedules reads the rest.
    const signal = new AbortController().signal;
    expect(await rereadFiles(t.deps, { signal, lastAttempt: false }, 1)).toEqual({ count: 1, more: true });
    expect(await scheduleRereading(t.deps)).toBe(true);
    await expect.poll(async () => (await fileRow(slides.uuid)).reading, { timeout: 20_000 }).toBe(FILE_READING);

    expect(await passagesOf(docxRow.id)).toMatch(/10 Prozent Rabatt\.\s+Fußnote: Gilt nur für Neukunden bis zum 31\. Dezember\./);
    expect(await passagesOf(pptxRow.id)).toContain('Diagramm „Umsatz je Quartal“:');
    expect(await passagesOf(pdfRow.id)).toBe('Urlaub beantragt man zwei Wochen im Voraus. (so gelesen)');
    for (const uuid of [priceList.uuid, slides.uuid]) expect(await fileRow(uuid)).toMatchObject({ status: 'ready', reading: FILE_READING });
    expect((await fileRow(handbook.uuid)).reading).toBe(1);
    expect(await scheduleRereading(t.deps)).toBe(false);

    // The Mika answers from what the re-read found.
    const answer = await askInThread(agent, assistant.uuid, await openThread(agent, assistant.uuid), 'Für wen gilt der Rabatt auf Dinkelbrot?');
    expect(answer.streamed).toContain('Neukunden');
  });

  it('keeps the passages of a file that cannot be read any more, and does not try it again', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const assistant = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    const slides = await addKnowledge(agent, assistant.uuid, { name: 'Strategie.pptx', data: await makePptx([{ title: 'Strategie', body: 'Wir wachsen im Süden.' }]) });
    const row = await asReadBefore(slides.uuid, 'Wir wachsen im Süden (so gelesen).');
    // Its bytes are gone from the storage (a restore without the files folder).
    await t.deps.privateFiles.remove('knowledge', row.storedName);
    const signal = new AbortController().signal;
    expect(await rereadFiles(t.deps, { signal, lastAttempt: false })).toEqual({ count: 0, more: false });
    expect(await passagesOf(row.id)).toBe('Wir wachsen im Süden (so gelesen).');
    expect(await fileRow(slides.uuid)).toMatchObject({ status: 'ready', reading: FILE_READING });
    expect(await scheduleRereading(t.deps)).toBe(false);
  });
});
