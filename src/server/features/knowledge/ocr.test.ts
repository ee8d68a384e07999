import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { Document, ImageRun, Packer, Paragraph } from 'docx';
import { makePicturePdf, makePptx } from '../../../../tests/fixtures/office-files.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { KNOWLEDGE_MESSAGES } from '../../../shared/messages.ts';
import { chunkSections } from './chunk.ts';
import { ExtractionError, extractSections, type Section } from './extract.ts';
import { extractInThread } from './reading-threads.ts';
import { withLoopWatch } from '../../../../tests/setup/event-loop.ts';
import { checkKnowledgeFile } from './file-check.ts';
import { paragraphText, recognizeImageFile, stopOcr } from './ocr.ts';

const scan = (name: string) => readFileSync(new URL(`../../../../tests/fixtures/scans/${name}`, import.meta.url));
const texts = (section: Section | undefined) => section?.blocks.map((b) => b.text) ?? [];

const NOTICE = [
  'Die Spülmaschine räumt der Reinigungsdienst jeden Freitag um 15 Uhr aus.',
  'Den Schlüssel für den Getränkeautomaten hat Frau Yilmaz, Zimmer 2.14.',
];

describe('text recognition of scans and photographed documents', () => {
  afterAll(() => stopOcr());

  it('reads a scanned PDF page by page: the scan by text recognition, the page with a text layer as it is', async () => {
    const sections = await extractSections(scan('lieferschein-scan.pdf'), 'pdf');
    expect(sections.map((s) => s.location)).toEqual(['Seite 1', 'Seite 2']);
    const page = texts(sections[0]);
    expect(page[0]).toBe('Lieferschein Nr. 4711');
    // Paragraphs as printed (Tesseract saw the tilted page as one), table rows each on their own.
    expect(page).toContain('Leergut (Paletten, Mehlsäcke) holt unser Fahrer bei der nächsten Lieferung wieder ab.');
    expect(page.find((p) => p.startsWith('Die Ware bleibt'))).toContain('Zahlbar innerhalb von 21 Tagen ohne Abzug.');
    expect(page.find((p) => p.includes('Roggenmehl'))).toMatch(/^1 Roggenmehl Type 1150 25 ?kg 18,90 EUR$/);
    expect(texts(sections[1])).toEqual(['Anlage zum Lieferschein 4711: Die Mehlsäcke sind lebensmittelecht und kompostierbar.']);
    // Passages still name the page they come from.
    expect(chunkSections(sections).find((c) => c.text.includes('21 Tagen'))?.location).toBe('Seite 1');
  }, 60_000);

  it('reads a photo of a document — also turned on its side, with or without the camera noting it', async () => {
    const photo = scan('aushang-foto.jpg');
    const upright = await extractSections(photo, 'jpg');
    expect(upright).toHaveLength(1);
    expect(upright[0]!.location).toBe('');
    expect(texts(upright[0])[0]).toBe('Aushang Teeküche');
    for (const sentence of NOTICE) expect(texts(upright[0]).join(' ')).toContain(sentence);

    // The camera held sideways: the pixels lie on their side, EXIF says how to turn them.
    const noted = await sharp(photo).rotate(270).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    // Scanned sideways: nothing says so; the other sides are tried.
    const unnoted = await sharp(photo).rotate(90).png().toBuffer();
    for (const [data, extension] of [[noted, 'jpeg'], [unnoted, 'png']] as const) {
      const read = texts((await extractSections(data, extension))[0]).join(' ');
      for (const sentence of NOTICE) expect(read).toContain(sentence);
    }
  }, 60_000);

  it('reads each page of a TIFF (a fax, a scanner\'s file) as «Seite n», one of them upside down', async () => {
    const page = await sharp(scan('aushang-foto.jpg')).greyscale().png().toBuffer();
    const upsideDown = await sharp(page).rotate(180).png().toBuffer();
    const tiff = await sharp([page, upsideDown], { join: { animated: true } }).tiff().toBuffer();
    const sections = await extractSections(tiff, 'tif');
    expect(sections.map((s) => s.location)).toEqual(['Seite 1', 'Seite 2']);
    for (const section of sections) expect(texts(section).join(' ')).toContain(NOTICE[1]);
  }, 60_000);

  it('reads a scan pasted into Word and a slide that is a photo; a document or slide with text of its own keeps its pictures unread', async () => {
    const photo = scan('aushang-foto.jpg');
    const picture = () => new ImageRun({ type: 'jpg', data: photo, transformation: { width: 600, height: 470 } });
    const pasted = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('Aushang'), new Paragraph({ children: [picture()] })] }] }));
    const read = texts((await extractSections(pasted, 'docx'))[0]).join(' ');
    expect(read).toContain('Aushang Teeküche');
    for (const sentence of NOTICE) expect(read).toContain(sentence);

    const written = await Packer.toBuffer(
      new Document({ sections: [{ children: [new Paragraph('Die Teeküche ist für alle da. Bitte haltet sie sauber und räumt eure Tassen weg.'), new Paragraph({ children: [picture()] })] }] }),
    );
    expect(texts((await extractSections(written, 'docx'))[0]).join(' ')).not.toContain('Getränkeautomaten');

    const deck = await makePptx([
      { title: 'Willkommen in der Backstube: die Regeln für alle neuen Kolleginnen und Kollegen', jpeg: photo },
      { jpeg: photo },
    ]);
    const slides = await extractSections(deck, 'pptx');
    expect(slides.map((s) => s.location)).toEqual(['Folie 1', 'Folie 2']);
    expect(texts(slides[0]).join(' ')).not.toContain('Getränkeautomaten');
    expect(texts(slides[1]).join(' ')).toContain(NOTICE[1]);
  }, 60_000);

  it('ends a picture without writing, and a damaged one, in a German error', async () => {
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#88aacc' } })
      .composite([{ input: Buffer.from('<svg width="1200" height="900"><circle cx="600" cy="450" r="300" fill="#c84"/><rect x="100" y="100" width="300" height="200" fill="#262"/></svg>') }])
      .jpeg()
      .toBuffer();
    await expect(extractSections(photo, 'jpg')).rejects.toThrow(new ExtractionError(KNOWLEDGE_MESSAGES.errorNoText));
    const damaged = scan('aushang-foto.jpg').subarray(0, 2000);
    await expect(extractSections(damaged, 'jpg')).rejects.toThrow(new ExtractionError(KNOWLEDGE_MESSAGES.errorUnreadable));
  }, 60_000);

  it('reads a file in a thread of its own: the event loop stays free while an A4 scan at 300 dpi is taken out of its PDF and read', async () => {
    // The photo as the full page of a 300-dpi A4 scan (2480 × 3508): officeparser encodes such a
    // page as a PNG of 35 MB of pixels, which held the event loop for about 1.4 s on the main thread.
    const page = await sharp(scan('aushang-foto.jpg')).resize(2480, 3508, { fit: 'contain', background: '#f4f1e8' }).jpeg({ quality: 80 }).toBuffer();
    const pdf = await makePicturePdf([page]);
    const { result: sections, longest } = await withLoopWatch(() => extractInThread(pdf, 'pdf'));
    expect(texts(sections[0]).join(' ')).toContain(NOTICE[1]);
    expect(longest).toBeLessThan(400);
  }, 60_000);

  it('reads more files at once than there are reading threads, each file its own text', async () => {
    const notes = Array.from({ length: 7 }, (_, i) => `Notiz ${i}: Die Lieferung ${i} kommt am ${i + 1}. März.`);
    const read = await Promise.all(notes.map((note) => extractInThread(Buffer.from(note), 'txt')));
    expect(read.map((sections) => texts(sections[0])[0])).toEqual(notes);
  });

  it('hands back the reason a file cannot be read from its thread, and ends the thread when cancelled', async () => {
    await expect(extractInThread(Buffer.from('%PDF-1.4 kaputt'), 'pdf')).rejects.toThrow(new ExtractionError(KNOWLEDGE_MESSAGES.errorUnreadable));
    const controller = new AbortController();
    const reading = extractInThread(scan('aushang-foto.jpg'), 'jpg', controller.signal);
    setTimeout(() => controller.abort(new Error('abgebrochen')), 100);
    await expect(reading).rejects.toThrow('abgebrochen');
  }, 60_000);

  it('stops at once when the reading is cancelled — while the recognition starts or while it reads — and reads the next picture as before', async () => {
    const photo = scan('aushang-foto.jpg');
    const cancelledAfter = (ms: number, reason: string) => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new Error(reason)), ms);
      return recognizeImageFile(photo, controller.signal);
    };
    const readsTheNotice = async () => expect((await recognizeImageFile(photo))[0]!.paragraphs.join(' ')).toContain(NOTICE[1]);
    // Cancelled while the worker starts (about 0.3 s, after the picture's preparation): its 'abort'
    // had fired before the picture was handed over, and the picture was read to its end all the same.
    await stopOcr();
    await expect(cancelledAfter(150, 'cancelled at start')).rejects.toThrow('cancelled at start');
    // Cancelled while the picture is read.
    await readsTheNotice();
    await expect(cancelledAfter(50, 'cancelled')).rejects.toThrow('cancelled');
    await readsTheNotice();
  }, 60_000);

  it('accepts pictures under any picture name, refuses what is not one, and says what to do with HEIC', () => {
    const jpeg = scan('aushang-foto.jpg');
    expect(checkKnowledgeFile('Aushang.PNG', jpeg)).toBe('png');
    const refusal = (name: string, data: Buffer) => {
      try {
        checkKnowledgeFile(name, data);
        return null;
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect(refusal('Aushang.jpg', Buffer.from('kein Bild'))).toBe(KNOWLEDGE_MESSAGES.contentMismatch);
    expect(refusal('IMG_0042.HEIC', Buffer.from('\0\0\0\x18ftypheic'))).toBe(KNOWLEDGE_MESSAGES.imageNotRead);
  });

  it('joins a word hyphenated at a line\'s end, but not «Bäcker- und Konditorei»', () => {
    expect(paragraphText(['Reklama-', 'tionen nehmen wir an.'])).toBe('Reklamationen nehmen wir an.');
    expect(paragraphText(['Bäcker-', 'und Konditorei'])).toBe('Bäcker- und Konditorei');
    expect(paragraphText(['Seite  1 ', '', ' von 2'])).toBe('Seite 1 von 2');
  });
});
