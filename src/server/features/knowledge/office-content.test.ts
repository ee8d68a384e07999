import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { chunkSections } from './chunk.ts';
import { extractSections } from './extract.ts';

// What OpenDocument and Office 97–2003 files hide, as LibreOffice writes them
// (tests/fixtures/office-content/README.md): what the office program shows is what the Mika knows
// (decision 060).
const fixture = (name: string) => readFileSync(new URL(`../../../../tests/fixtures/office-content/${name}`, import.meta.url));
const read = async (name: string) => chunkSections(await extractSections(fixture(name), name.split('.').pop()!));
const textOf = (passages: { text: string }[]) => passages.map((p) => p.text).join('\n');

describe('what OpenDocument files hide is not read', () => {
  it('reads a Calc workbook without its hidden sheet, rows and columns, each shown cell in its column', async () => {
    const passages = await read('preise.ods');
    expect(passages.map((p) => p.location)).toEqual(['Blatt Preise']);
    expect(passages[0]!.text).toBe(
      [
        '| Artikel | Verkaufspreis | Bemerkung | Lieferant |',
        '| --- | --- | --- | --- |',
        '| Roggenbrot | 4.2 | täglich frisch | Mühle Weber |',
        '| Dinkelbrötchen | 0.85 | nur Mo–Fr | Mühle Weber |',
        // Two empty cells written as one, one of them in the hidden column: the supplier stays in its column.
        '| Laugenbrezel | 0.9 |  | Hofmühle |',
      ].join('\n'),
    );
    for (const secret of ['Einkaufspreis', 'Interne Notiz', 'Hotel Adler', 'Kalkulation', 'Marge']) expect(textOf(passages)).not.toContain(secret);
  });

  it('reads a Writer text without its hidden characters, hidden paragraph and hidden section', async () => {
    const text = textOf(await read('angebot.odt'));
    expect(text).toContain('Der Preis beträgt 4,80 € je Laib. Lieferung ab 20 Laiben.');
    expect(text).toContain('Zahlbar innerhalb von 14 Tagen.');
    for (const secret of ['Einkaufspreis', 'Filiale Süd', 'Kalkulation']) expect(text).not.toContain(secret);
  });

  it('keeps, in a paragraph its style hides, a span that shows itself again', async () => {
    // The offer with one more span in its hidden paragraph («P1»), under the style that shows («T2»).
    const parts = unzipSync(fixture('angebot.odt'));
    const content = strFromU8(parts['content.xml']!);
    expect(content).toContain('<text:p text:style-name="P1">Hinweis: nicht an Filiale Süd schicken.</text:p>');
    parts['content.xml'] = strToU8(
      content.replace('Hinweis: nicht an Filiale Süd schicken.</text:p>', 'Hinweis: nicht an Filiale Süd schicken.<text:span text:style-name="T2">Abholung in Filiale Nord möglich.</text:span></text:p>'),
    );
    const text = textOf(chunkSections(await extractSections(Buffer.from(zipSync(parts)), 'odt')));
    expect(text).toContain('Abholung in Filiale Nord möglich.');
    expect(text).not.toContain('Filiale Süd');
  });

  it('reads an RTF file without its hidden characters and paragraph (RTF keeps no hidden sections: that one is shown)', async () => {
    const text = textOf(await read('angebot.rtf'));
    expect(text).toContain('Der Preis beträgt 4,80 € je Laib. Lieferung ab 20 Laiben.');
    expect(text).toContain('Kalkulation mit der Chefin abstimmen.');
    for (const secret of ['Einkaufspreis', 'Filiale Süd']) expect(text).not.toContain(secret);
  });

  it('reads an Impress presentation without its hidden slide and hidden shape; the other slides keep their numbers and notes', async () => {
    const passages = await read('strategie.odp');
    expect(passages.map((p) => p.location)).toEqual(['Folie 1', 'Folie 3']);
    expect(passages[0]!.text).toContain('Roggenbrot kostet 4,20 Euro.');
    expect(passages[1]!.text).toContain('Notizen: Telefon ist werktags ab 6 Uhr besetzt.');
    for (const secret of ['Marge', 'Verhandlungsspielraum']) expect(textOf(passages)).not.toContain(secret);
  });
});

describe('Office 97–2003: what Word and PowerPoint hide is not read, their notes are', () => {
  it('reads a .doc as its .docx: footnote and endnote after their paragraph, without hidden or deleted text', async () => {
    const doc = await read('bestellung.doc');
    expect(doc).toEqual(await read('bestellung.docx'));
    expect(textOf(doc)).toMatch(/je Laib\. Die Lieferung erfolgt am 12\. Januar\.\nFußnote: Preis gilt bis zum 31\. März 2027\.\nEndnote: Anlieferung über den Hof, Tor 2\.\nZahlbar innerhalb von 14 Tagen\.$/);
    // Hidden characters, and a discount the author deleted with changes recorded.
    for (const secret of ['Rohertrag', 'Skonto']) expect(textOf(doc)).not.toContain(secret);
  });

  it('reads a .ppt as its .odp: without the hidden slide and the hidden shape, with the speaker notes', async () => {
    const ppt = await read('strategie.ppt');
    expect(ppt).toEqual(await read('strategie.odp'));
    expect(ppt.map((p) => p.location)).toEqual(['Folie 1', 'Folie 3']);
    expect(ppt[1]!.text).toContain('Notizen: Telefon ist werktags ab 6 Uhr besetzt.');
  });
});

describe('OpenDocument charts', () => {
  it('reads a chart on an Impress slide and in a Writer text as a table of what it shows, under its title', async () => {
    const table = ['|  | Umsatz | Kosten |', '| --- | --- | --- |', '| Q1 | 120 | 95,5 |', '| Q2 | 135 | 101,25 |', '| Q3 | 150,5 | 99 |'].join('\n');
    const [slide] = await read('zahlen.odp');
    expect(slide!.location).toBe('Folie 1');
    expect(slide!.text).toContain(`Die Zahlen im Überblick.\nDiagramm „Umsatz je Quartal“:\n\n${table}`);
    // In a text, after the paragraph it is anchored in.
    expect(textOf(await read('bericht.odt'))).toContain(`Ausblick: stabil.\nDiagramm „Umsatz je Quartal“:\n\n${table}`);
  });
});

describe('PDF forms as LibreOffice exports them', () => {
  it('reads a radio group\'s chosen button, its value as written (UTF-8 in a PDF name)', async () => {
    const [page] = await read('stammblatt.pdf');
    expect(page!.text).toContain('Bitte wählen Sie die Zahlungsart.');
    // Both buttons' captions are the page's text; which one is chosen only the form says.
    expect(page!.text).toContain('Formularfeld „zahlungsart“: Überweisung');
    expect(page!.text).not.toContain('„zahlungsart“: Lastschrift');
  });
});
