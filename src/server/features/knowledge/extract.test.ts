import { describe, expect, it } from 'vitest';
import { KNOWLEDGE_MESSAGES } from '../../../shared/messages.ts';
import {
  makeDocx,
  makePdfForm,
  makeImageOnlyPdf,
  makePdf,
  makePng,
  makePptx,
  makeXlsx,
} from '../../../../tests/fixtures/office-files.ts';
import { chunkSections } from './chunk.ts';
import { ExtractionError, extractSections } from './extract.ts';
import { checkKnowledgeFile } from './file-check.ts';
import { extractHtmlPage } from './website-extract.ts';
import {
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  Document,
  EndnoteReferenceRun,
  FootnoteReferenceRun,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  Textbox,
  TextRun,
  VerticalMergeType,
} from 'docx';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

// Real files written by libraries, read back by the ingestion's extraction and chunking.
const passagesOf = async (data: Buffer, ext: string) => chunkSections(await extractSections(data, ext));

describe('extraction and chunking of real documents', () => {
  it('reads a PDF page by page, umlauts intact, each passage knowing its page', async () => {
    const pdf = await makePdf([
      'Die Kündigungsfrist für Mitarbeitende beträgt drei Monate zum Quartalsende.',
      'Überstunden werden innerhalb von sechs Monaten durch Freizeit ausgeglichen.',
    ]);
    const passages = await passagesOf(pdf, 'pdf');
    expect(passages.map((p) => p.location)).toEqual(['Seite 1', 'Seite 2']);
    expect(passages[0]!.text).toContain('Kündigungsfrist für Mitarbeitende beträgt drei Monate');
    expect(passages[1]!.text).toContain('Überstunden werden innerhalb von sechs Monaten');
  });

  it('reads a filled PDF form: each value beside its label, a field without one under its name', async () => {
    const pdf = await makePdfForm('Lieferantenstammblatt', [
      { name: 'firma', label: 'Firma:', value: 'Mühle Weber GmbH' },
      { name: 'kontakt', label: 'Ansprechpartner:', value: 'Frau Öztürk, 0911 123456' },
      { name: 'land', label: 'Land:', value: 'Österreich', choices: ['Deutschland', 'Österreich'] },
      { name: 'bedingungen', label: 'Lieferbedingungen', labelAbove: true, value: 'frei Haus ab 500 Euro' },
      { name: 'iban', value: 'DE02 1203 0000 0000 2020 51' },
      // Left empty: nothing to read.
      { name: 'fax', label: 'Fax:', value: '' },
    ]);
    const [passage] = await passagesOf(pdf, 'pdf');
    expect(passage!.location).toBe('Seite 1');
    expect(passage!.text).toBe(
      [
        'Lieferantenstammblatt',
        'Firma: Mühle Weber GmbH',
        'Ansprechpartner: Frau Öztürk, 0911 123456',
        'Land: Österreich',
        'Lieferbedingungen: frei Haus ab 500 Euro',
        'Fax:',
        'Formularfeld „iban“: DE02 1203 0000 0000 2020 51',
      ].join('\n'),
    );
  });

  it('keeps a DOCX table as a Markdown table under its heading', async () => {
    const docx = await makeDocx({
      heading: 'Rabattstaffel',
      paragraph: 'Für Großkunden gelten folgende Rabatte.',
      table: [
        ['Menge', 'Rabatt'],
        ['ab 100 Stück', '5 Prozent'],
      ],
    });
    const [passage] = await passagesOf(docx, 'docx');
    expect(passage!.heading).toBe('Rabattstaffel');
    expect(passage!.text).toContain('Für Großkunden gelten folgende Rabatte.');
    expect(passage!.text).toContain('| Menge | Rabatt |\n| --- | --- |\n| ab 100 Stück | 5 Prozent |');
  });

  it('reads an XLSX per sheet as tables', async () => {
    const xlsx = await makeXlsx({
      Preise: [
        ['Artikel', 'Preis in Euro'],
        ['Edelstahlschraube M6', 0.35],
      ],
      Lager: [
        ['Standort', 'Bestand'],
        ['Köln', 1200],
      ],
    });
    const passages = await passagesOf(xlsx, 'xlsx');
    expect(passages.map((p) => p.location)).toEqual(['Blatt Preise', 'Blatt Lager']);
    expect(passages[0]!.text).toContain('| Edelstahlschraube M6 | 0,35 |');
    expect(passages[1]!.text).toContain('| Köln | 1200 |');
  });

  it('reads a workbook as Excel shows it: not its hidden sheets, rows and columns (a price list\'s purchase prices)', async () => {
    const xlsx = await makeXlsx(
      {
        Preisliste: [
          ['Artikel', 'Einkaufspreis', 'Verkaufspreis', 'Marge'],
          ['Roggenbrot', 1.1, 4.2, 3.1],
          ['Interner Testartikel', 0.5, 0.9, 0.4],
          ['Dinkelbrot', 1.4, 4.9, 3.5],
        ],
        Kalkulation: [
          ['Kostenstelle', 'Betrag'],
          ['Mehl Großhandel Schulz', 18000],
        ],
      },
      { sheets: ['Kalkulation'], rows: { Preisliste: [3] }, columns: { Preisliste: [2, 4] } },
    );
    const passages = await passagesOf(xlsx, 'xlsx');
    expect(passages.map((p) => p.location)).toEqual(['Blatt Preisliste']);
    const text = passages.map((p) => p.text).join('\n');
    expect(text).toContain('| Artikel | Verkaufspreis |\n| --- | --- |\n| Roggenbrot | 4,2 |\n| Dinkelbrot | 4,9 |');
    for (const secret of ['Einkaufspreis', 'Marge', '1,1', 'Testartikel', 'Kalkulation', 'Schulz']) expect(text).not.toContain(secret);
  });

  it('keeps each XLSX cell in its column and shows dates, amounts and yes/no as Excel does', async () => {
    const xlsx = await makeXlsx({
      Preise: [
        ['Artikel', 'Preis', 'Gültig ab', 'Im Sortiment', 'Postleitzahl'],
        ['Roggenbrot', { value: 4.2, format: '#,##0.00 "€"' }, { value: new Date(Date.UTC(2026, 2, 1)), format: 'dd.mm.yyyy' }, true, '01067'],
        // Empty cells in between: the ones after them stay under their header.
        ['Brezel', null, null, false, '80331'],
        [null, { value: 1234.5, format: '#,##0.00 "€"' }, null, null, null],
      ],
    });
    const [passage] = await passagesOf(xlsx, 'xlsx');
    expect(passage!.text).toBe(
      [
        '| Artikel | Preis | Gültig ab | Im Sortiment | Postleitzahl |',
        '| --- | --- | --- | --- | --- |',
        '| Roggenbrot | 4,20 € | 01.03.2026 | WAHR | 01067 |',
        '| Brezel |  |  | FALSCH | 80331 |',
        '|  | 1.234,50 € |  |  |  |',
      ].join('\n'),
    );
  });

  it('keeps merged table cells in their columns (Word, HTML, web pages): a cell over two rows is named in both', async () => {
    const cell = (text: string, options: Partial<ConstructorParameters<typeof TableCell>[0]> = {}) => new TableCell({ children: [new Paragraph(text)], ...options });
    const docx = await Packer.toBuffer(
      new Document({
        sections: [
          {
            children: [
              new Table({
                rows: [
                  new TableRow({ children: [cell('Filiale'), cell('Öffnungszeiten', { columnSpan: 2 })] }),
                  new TableRow({ children: [cell('Nord'), cell('Mo–Fr'), cell('6–18 Uhr')] }),
                  new TableRow({ children: [cell('Süd', { verticalMerge: VerticalMergeType.RESTART }), cell('Sa'), cell('7–12 Uhr')] }),
                  new TableRow({ children: [cell('', { verticalMerge: VerticalMergeType.CONTINUE }), cell('So'), cell('geschlossen')] }),
                ],
              }),
            ],
          },
        ],
      }),
    );
    const expected = '| Filiale | Öffnungszeiten |  |\n| --- | --- | --- |\n| Nord | Mo–Fr | 6–18 Uhr |\n| Süd | Sa | 7–12 Uhr |\n| Süd | So | geschlossen |';
    expect((await passagesOf(docx, 'docx'))[0]!.text).toBe(expected);
    const html =
      '<table><tr><th>Filiale</th><th colspan="2">Öffnungszeiten</th></tr><tr><td>Nord</td><td>Mo–Fr</td><td>6–18 Uhr</td></tr>' +
      '<tr><td rowspan="2">Süd</td><td>Sa</td><td>7–12 Uhr</td></tr><tr><td>So</td><td>geschlossen</td></tr></table>';
    expect((await passagesOf(Buffer.from(`<html><body>${html}</body></html>`), 'html'))[0]!.text).toBe(expected);
    const page = extractHtmlPage(`<html><body><main><h1>Filialen</h1>${html}</main></body></html>`, 'https://www.beispiel.de/filialen');
    expect(page.sections.flatMap((sec) => sec.blocks).find((b) => b.kind === 'table')?.text).toBe(expected);
  });

  it('reads a CSV as German Excel writes it (semicolons, Windows-1252, quoted fields) as a table cut by rows under its header', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => `A-${1000 + i};Vollkornbrot Nr. ${i};${i + 1},50 Euro;"Bäckerei Süd; Regal ${i}"`);
    const csv = Buffer.from(
      `Artikelnummer;Bezeichnung;Preis;Lagerort\r\n${rows.join('\r\n')}\r\nA-9999;"Brötchen ""Kaiser""";0,45 Euro;"Filiale\r\nNord"\r\n`,
      'latin1',
    );
    const passages = await passagesOf(csv, 'csv');
    expect(passages.length).toBeGreaterThan(3);
    // Every passage starts with the header row, so its numbers keep their meaning.
    for (const p of passages) expect(p.text.startsWith('| Artikelnummer | Bezeichnung | Preis | Lagerort |\n| --- | --- | --- | --- |\n')).toBe(true);
    const all = passages.map((p) => p.text).join('\n');
    expect(all).toContain('| A-1042 | Vollkornbrot Nr. 42 | 43,50 Euro | Bäckerei Süd; Regal 42 |');
    expect(all).toContain('| A-9999 | Brötchen "Kaiser" | 0,45 Euro | Filiale Nord |');
    // Excel's «CSV UTF-8» starts with a byte order mark: it is not part of the first column's name.
    const [bom] = await passagesOf(Buffer.from('\ufeffName;Ort\r\nZentrale;Köln\r\n'), 'csv');
    expect(bom!.text).toBe('| Name | Ort |\n| --- | --- |\n| Zentrale | Köln |');
    // Commas as delimiter (and a pipe in a cell) work as well.
    const [comma] = await passagesOf(Buffer.from('Name,Telefon\nZentrale,0800 123|4\n'), 'csv');
    expect(comma!.text).toBe('| Name | Telefon |\n| --- | --- |\n| Zentrale | 0800 123\\|4 |');
  });

  it('reads UTF-16 text as Windows writes it («Unicode» in Notepad, «Unicode-Text» in Excel), and still refuses binary', async () => {
    const bom = (le: boolean) => Buffer.from(le ? [0xff, 0xfe] : [0xfe, 0xff]);
    const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();
    const notepad = Buffer.concat([bom(true), Buffer.from('Öffnungszeiten der Bäckerei: täglich ab 6 Uhr.\r\n\r\nSonntags geschlossen.', 'utf16le')]);
    expect(checkKnowledgeFile('zeiten.txt', notepad)).toBe('txt');
    expect((await passagesOf(notepad, 'txt')).map((p) => p.text)).toEqual(['Öffnungszeiten der Bäckerei: täglich ab 6 Uhr.\nSonntags geschlossen.']);
    const excel = Buffer.concat([bom(false), utf16be('Filiale\tTelefon\r\nSüdstadt\t0221 12345\r\n')]);
    expect(checkKnowledgeFile('filialen.csv', excel)).toBe('csv');
    expect((await passagesOf(excel, 'csv'))[0]!.text).toBe('| Filiale | Telefon |\n| --- | --- |\n| Südstadt | 0221 12345 |');
    // A binary file that merely starts like a BOM is no text.
    expect(() => checkKnowledgeFile('bild.txt', Buffer.concat([bom(true), Buffer.from([0x01, 0x00, 0x02, 0x00, 0x00, 0xd8])]))).toThrow();
  });

  it('reads a PPTX per slide', async () => {
    const pptx = await makePptx([
      { title: 'Strategie 2027', body: 'Wir wachsen im süddeutschen Raum.' },
      { title: 'Neues Team', body: 'Frau Berger leitet ab Mai den Vertrieb.' },
    ]);
    const passages = await passagesOf(pptx, 'pptx');
    expect(passages.map((p) => p.location)).toEqual(['Folie 1', 'Folie 2']);
    expect(passages[1]!.text).toContain('Frau Berger leitet ab Mai den Vertrieb.');
  });

  it('reads footnotes, endnotes and speaker notes beside the text they belong to, but not review comments', async () => {
    const docx = await Packer.toBuffer(
      new Document({
        footnotes: { 1: { children: [new Paragraph('Gilt nur für Neukunden bis zum 31. Dezember.')] } },
        endnotes: { 1: { children: [new Paragraph('Quelle: Preisliste der Zentrale, Stand März.')] } },
        comments: { children: [{ id: 0, author: 'Chefin', children: [new Paragraph('Rabatt noch mit dem Steuerbüro klären')] }] },
        sections: [
          {
            children: [
              new Paragraph({ children: [new TextRun('Auf Dinkelbrot geben wir 10 Prozent Rabatt.'), new FootnoteReferenceRun(1)] }),
              new Table({
                rows: [new TableRow({ children: [new TableCell({ children: [new Paragraph({ children: [new TextRun('Roggenbrot 4,20 €'), new EndnoteReferenceRun(1)] })] })] })],
              }),
              new Paragraph({ children: [new CommentRangeStart(0), new TextRun('Lieferung frei Haus.'), new CommentRangeEnd(0), new TextRun({ children: [new CommentReference(0)] })] }),
            ],
          },
        ],
      }),
    );
    const [passage] = await passagesOf(docx, 'docx');
    expect(passage!.text).toMatch(/Auf Dinkelbrot geben wir 10 Prozent Rabatt\.\s+Fußnote: Gilt nur für Neukunden bis zum 31\. Dezember\./);
    expect(passage!.text).toMatch(/\| Roggenbrot 4,20 € \|[\s\S]*Endnote: Quelle: Preisliste der Zentrale, Stand März\./);
    expect(passage!.text).toContain('Lieferung frei Haus.');
    expect(passage!.text).not.toContain('Steuerbüro');

    const pptx = await makePptx([
      { title: 'Preise 2027', body: 'Neue Preise für alle Filialen.', notes: 'Die neuen Preise gelten ab dem 1. März, nicht schon im Februar.' },
      { title: 'Team', body: 'Frau Berger leitet den Vertrieb.' },
    ]);
    const slides = await passagesOf(pptx, 'pptx');
    expect(slides.map((p) => p.location)).toEqual(['Folie 1', 'Folie 2']);
    // The notes page's slide number field is no note.
    expect(slides[0]!.text).toMatch(/Neue Preise für alle Filialen\.\s+Notizen: Die neuen Preise gelten ab dem 1\. März, nicht schon im Februar\.$/);
    expect(slides[1]!.text).not.toContain('Notizen');
  });

  it('leaves out the text Word hides (hidden runs, styles that hide, hidden paragraphs, in notes too) and keeps the rest as it was', async () => {
    const write = (hidden: boolean) => {
      // The same offer with and without what its author hid: read, both must be the same.
      const when = <T,>(items: T[]) => (hidden ? items : []);
      return Packer.toBuffer(
        new Document({
          styles: {
            paragraphStyles: [{ id: 'Bearbeitung', name: 'Bearbeitungshinweis', run: { vanish: true } }],
            characterStyles: [{ id: 'Intern', name: 'Intern', run: { vanish: true } }],
          },
          footnotes: { 1: { children: [new Paragraph({ children: [new TextRun('Nur für Neukunden.'), ...when([new TextRun({ text: ' Marge 38 Prozent.', vanish: true })])] })] } },
          sections: [
            {
              children: [
                new Paragraph({ text: 'Angebot Dinkelbrot', heading: HeadingLevel.HEADING_1 }),
                new Paragraph({
                  children: [
                    new TextRun('Der Preis beträgt 4,80 € je Laib.'),
                    ...when([new TextRun({ text: ' Einkaufspreis 2,10 €.', vanish: true }), new TextRun({ text: ' Rabatt bis 30 Prozent möglich.', style: 'Intern' })]),
                    new TextRun({ text: ' Lieferung ab 20 Laiben.', vanish: false }),
                    new FootnoteReferenceRun(1),
                  ],
                }),
                ...when([
                  new Paragraph({ run: { vanish: true }, children: [new TextRun({ text: 'Hinweis: nicht an Filiale Süd schicken.', vanish: true })] }),
                  new Paragraph({ style: 'Bearbeitung', children: [new TextRun('Kalkulation mit der Chefin abstimmen.')] }),
                ]),
                // A paragraph style that hides, overruled by the run itself: shown.
                new Paragraph({ ...(hidden ? { style: 'Bearbeitung' } : {}), children: [new TextRun({ text: 'Zahlbar innerhalb von 14 Tagen.', vanish: false })] }),
              ],
            },
          ],
        }),
      );
    };
    const [withHidden, without] = await Promise.all([write(true), write(false)]);
    const read = (await passagesOf(withHidden, 'docx')).map((p) => p.text).join('\n');
    for (const secret of ['Einkaufspreis', 'Rabatt bis', 'Filiale Süd', 'Kalkulation', 'Marge']) expect(read).not.toContain(secret);
    expect(read).toMatch(/Der Preis beträgt 4,80 € je Laib\. Lieferung ab 20 Laiben\.\s+Fußnote: Nur für Neukunden\./);
    expect(read).toContain('Zahlbar innerhalb von 14 Tagen.');
    expect(read).toBe((await passagesOf(without, 'docx')).map((p) => p.text).join('\n'));
  });

  it('leaves out the text boxes Word hides (a legacy shape hidden by its style, a drawing hidden in the selection pane)', async () => {
    const box = (hidden: boolean) => new Textbox({ style: { width: '200pt', height: '50pt', ...(hidden ? { visibility: 'hidden' as const } : {}) }, children: [new Paragraph(`Textfeld ${hidden ? 'versteckt' : 'sichtbar'}.`)] });
    const docx = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('Preisliste 2027.'), box(false), box(true), new Paragraph('PLATZHALTER')] }] }));
    // No library here writes a DrawingML text box: one as Word writes it (a wps shape in DrawingML), hidden in
    // the selection pane, in the place of the placeholder's run.
    const drawing =
      '<w:r><w:drawing><wp:anchor distT="0" distB="0" distL="114300" distR="114300" simplePos="0" relativeHeight="251659264" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1">' +
      '<wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="column"><wp:posOffset>0</wp:posOffset></wp:positionH><wp:positionV relativeFrom="paragraph"><wp:posOffset>0</wp:posOffset></wp:positionV>' +
      '<wp:extent cx="2540000" cy="635000"/><wp:effectExtent l="0" t="0" r="0" b="0"/><wp:wrapNone/><wp:docPr id="7" name="Textfeld 1" hidden="1"/><wp:cNvGraphicFramePr/>' +
      '<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:cNvSpPr txBox="1"/>' +
      '<wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="2540000" cy="635000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></wps:spPr>' +
      '<wps:txbx><w:txbxContent><w:p><w:r><w:t>Ausgeblendet: Mindestmarge 25 Prozent.</w:t></w:r></w:p></w:txbxContent></wps:txbx><wps:bodyPr/></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r>';
    const parts = unzipSync(docx);
    const document = strFromU8(parts['word/document.xml']!);
    parts['word/document.xml'] = strToU8(document.replace(/<w:r><w:t[^>]*>PLATZHALTER<\/w:t><\/w:r>/, drawing));
    const shown = async () => (await passagesOf(Buffer.from(zipSync(parts)), 'docx')).map((p) => p.text).join('\n');
    const read = await shown();
    expect(read).toContain('Preisliste 2027.');
    expect(read).toContain('Textfeld sichtbar.');
    expect(read).not.toContain('versteckt');
    expect(read).not.toContain('Mindestmarge');
    // Shown, the same drawing is read: it is left out for being hidden, not for being a drawing.
    parts['word/document.xml'] = strToU8(document.replace(/<w:r><w:t[^>]*>PLATZHALTER<\/w:t><\/w:r>/, drawing.replace(' hidden="1"', '')));
    expect(await shown()).toContain('Ausgeblendet: Mindestmarge 25 Prozent.');
  });

  it('leaves out the slides a presentation hides, keeping the others\' numbers', async () => {
    const pptx = await makePptx([
      { title: 'Preise 2027', body: 'Roggenbrot kostet 4,20 Euro.' },
      { title: 'Intern', body: 'Unsere Marge auf Roggenbrot liegt bei 38 Prozent.', hidden: true },
      { title: 'Kontakt', body: 'Bestellungen unter 030 1234567.' },
    ]);
    const slides = await passagesOf(pptx, 'pptx');
    expect(slides.map((p) => p.location)).toEqual(['Folie 1', 'Folie 3']);
    expect(slides.map((p) => p.text).join('\n')).not.toContain('Marge');
  });

  it('leaves out the shapes a slide hides (the selection pane), and reads the slide\'s other shapes', async () => {
    const pptx = await makePptx([
      { title: 'Angebot Catering', body: 'Buffet für 40 Personen: 1.200 Euro.', hiddenText: 'Verhandlungsspielraum bis 900 Euro.' },
      { title: 'Ablauf', body: 'Aufbau ab 10 Uhr.' },
    ]);
    const slides = await passagesOf(pptx, 'pptx');
    expect(slides.map((p) => p.location)).toEqual(['Folie 1', 'Folie 2']);
    expect(slides[0]!.text).toContain('Buffet für 40 Personen: 1.200 Euro.');
    expect(slides.map((p) => p.text).join('\n')).not.toContain('Verhandlungsspielraum');
  });

  it('reads the data a chart shows as a table under its title (PPTX)', async () => {
    const pptx = await makePptx([
      {
        title: 'Geschäftsjahr 2026',
        chart: {
          kind: 'bar',
          title: 'Umsatz je Quartal',
          labels: ['Q1', 'Q2', 'Q3'],
          series: [
            { name: 'Umsatz in Tsd. €', values: [120, 135.5, 1234.5] },
            { name: 'Kosten in Tsd. €', values: [90, 95, 99] },
          ],
        },
      },
      { chart: { kind: 'pie', labels: ['Brot', 'Kuchen'], series: [{ name: 'Anteil am Umsatz', values: [0.6, 0.4] }] } },
    ]);
    const slides = await passagesOf(pptx, 'pptx');
    expect(slides.map((p) => p.location)).toEqual(['Folie 1', 'Folie 2']);
    expect(slides[0]!.text).toContain(
      'Diagramm „Umsatz je Quartal“:\n\n|  | Umsatz in Tsd. € | Kosten in Tsd. € |\n| --- | --- | --- |\n| Q1 | 120 | 90 |\n| Q2 | 135,5 | 95 |\n| Q3 | 1234,5 | 99 |',
    );
    expect(slides[1]!.text).toContain('Diagramm:\n\n|  | Anteil am Umsatz |\n| --- | --- |\n| Brot | 0,6 |\n| Kuchen | 0,4 |');
  });

  it('reads HTML as text with its headings, without markup or scripts', async () => {
    const html = Buffer.from(
      '<html><head><title>x</title><script>alert("nein")</script></head><body>' +
        '<h1>Anfahrt</h1><p>Sie finden uns in der <b>Hafenstraße 12</b> in Hamburg.</p></body></html>',
    );
    const [passage] = await passagesOf(html, 'html');
    expect(passage!.heading).toBe('Anfahrt');
    expect(passage!.text).toContain('Sie finden uns in der Hafenstraße 12 in Hamburg.');
    expect(passage!.text).not.toContain('alert');
    expect(passage!.text).not.toContain('<');
  });

  it('reads an HTML file as a browser shows it: not what it hides, in the encoding it declares', async () => {
    // As an older intranet exports it: Windows-1252, a remark hidden by an inline style, a hidden block.
    const html = Buffer.from(
      '<html><head><meta charset="windows-1252"><title>Preise</title></head><body><h1>Preisliste Bäckerei</h1>' +
        '<p>Roggenbrot 4,20 €.<span style="color:red; display: none !important"> Einkauf 2,10 €.</span> Täglich frisch.</p>' +
        '<div hidden><p>Marge 50 Prozent.</p></div><p style="visibility:hidden">Nur für Großkunden.</p>' +
        '<details><summary>Lieferung</summary><p>Ab 20 Laiben frei Haus.</p></details><p hidden="until-found">Zahlbar in 14 Tagen.</p></body></html>',
      'latin1',
    );
    // windows-1252's euro sign.
    html[html.indexOf(Buffer.from('4,20 ')) + 5] = 0x80;
    const text = (await passagesOf(html, 'html')).map((p) => p.text).join('\n');
    expect(text).toContain('Roggenbrot 4,20 €. Täglich frisch.');
    // A closed details element, a collapsed answer find-in-page opens: shown when asked for, read.
    expect(text).toContain('Ab 20 Laiben frei Haus.');
    expect(text).toContain('Zahlbar in 14 Tagen.');
    for (const secret of ['Einkauf', 'Marge', 'Großkunden']) expect(text).not.toContain(secret);
  });

  it('cuts long text at sentence ends within the bound and carries an overlap', async () => {
    const sentence = (i: number) =>
      `Satz Nummer ${i} beschreibt eine Regel der Reisekostenordnung ausführlich.`;
    const text = Buffer.from(Array.from({ length: 80 }, (_, i) => sentence(i)).join(' '));
    const passages = await passagesOf(text, 'txt');
    expect(passages.length).toBeGreaterThan(3);
    for (const p of passages) expect(p.text.length).toBeLessThanOrEqual(1200);
    // The second passage starts with whole sentences from the end of the first (the overlap).
    const firstOfSecond = passages[1]!.text.split(/(?<=\.)\s/)[0]!;
    expect(firstOfSecond).toMatch(/^Satz Nummer \d+ .*\.$/);
    expect(passages[0]!.text.slice(-250)).toContain(firstOfSecond);
  });

  it('ends an encrypted PDF, and one whose only picture holds no writing, in a German error', async () => {
    const encrypted = await makePdf(['Geheime Gehaltsliste'], { userPassword: 'geheim' });
    await expect(extractSections(encrypted, 'pdf')).rejects.toThrow(new ExtractionError(KNOWLEDGE_MESSAGES.errorEncrypted));
    const scanned = await makeImageOnlyPdf(makePng());
    await expect(extractSections(scanned, 'pdf')).rejects.toThrow(new ExtractionError(KNOWLEDGE_MESSAGES.errorNoText));
  });
});
