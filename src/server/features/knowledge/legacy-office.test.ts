import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KNOWLEDGE_MESSAGES } from '../../../shared/messages.ts';
import { makeCompoundFile, makePng, makePptx, makeWord97, makeXlsx } from '../../../../tests/fixtures/office-files.ts';
import { checkAssetFile } from '../assets/asset-file-check.ts';
import { chunkSections } from './chunk.ts';
import { ExtractionError, extractSections } from './extract.ts';
import { checkKnowledgeFile } from './file-check.ts';
import { readCompoundFile } from '../../platform/compound-file.ts';

// Word, Excel and PowerPoint 97–2003 as LibreOffice writes them (tests/fixtures/legacy-office/README.md).
const fixture = (name: string) => readFileSync(new URL(`../../../../tests/fixtures/legacy-office/${name}`, import.meta.url));
const message = (err: unknown) => (err instanceof ExtractionError ? err.message : `not an ExtractionError: ${String(err)}`);

/** A password-protected .docx/.xlsx/.pptx as Office writes it: the encrypted zip inside a compound file. */
const encryptedOoxml = () =>
  makeCompoundFile({
    EncryptionInfo: Buffer.concat([Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0]), Buffer.from(`<?xml version="1.0"?><encryption/>${' '.repeat(4200)}`)]),
    EncryptedPackage: Buffer.alloc(9000, 0x5a),
  });

describe('Word 97–2003 (.doc)', () => {
  it('reads a .doc as the same headings, paragraphs and tables as the .docx of the same document', async () => {
    const doc = await extractSections(fixture('reise.doc'), 'doc');
    expect(doc).toEqual(await extractSections(fixture('reise.docx'), 'docx'));
    const blocks = doc[0]!.blocks;
    expect(blocks.filter((b) => b.kind === 'heading').map((b) => b.text)).toEqual([
      'Reisekostenrichtlinie der Bäckerei Müller GmbH',
      'Übernachtung',
      'Verpflegungsmehraufwand',
      'Fahrtkosten',
      'Zuständigkeiten',
      'Anhang: Kostenstellen',
    ]);
    // Empty cells stay in their column; a link reads as its text, not its field code.
    expect(blocks).toContainEqual({ kind: 'table', text: '| Standort | Ansprechpartner | Telefon |\n| --- | --- | --- |\n| Weißenburg |  | 09141 1234 |\n| Gößweinstein | Herr Öztürk |  |' });
    expect(blocks.map((b) => b.text).join('\n')).toContain('Weitere Informationen stehen im Intranet.');
    expect(blocks.map((b) => b.text).join('\n')).not.toContain('HYPERLINK');
    expect(blocks.at(-1)).toEqual({ kind: 'text', text: 'Kostenstelle 4149: Filiale Nummer 150 – Verantwortlich ist die Filialleitung, Budget 2490 €.' });
  });

  it('reads the one-byte text Microsoft Word writes, with its umlauts, € and fields', async () => {
    const doc = makeWord97('Öffnungszeiten\rWir öffnen um 6 Uhr – auch sonntags für 2 €. Mehr im \x13 HYPERLINK "https://firma.example" \x14Intranet\x15.\r\x0cSeite zwei\r');
    const [section] = await extractSections(doc, 'doc');
    expect(section!.blocks.map((b) => b.text)).toEqual(['Öffnungszeiten', 'Wir öffnen um 6 Uhr – auch sonntags für 2 €. Mehr im Intranet.', 'Seite zwei']);
  });

  it('accepts a .doc upload and refuses what is no Word file, before anything is stored', async () => {
    expect(checkKnowledgeFile('Reise.DOC', fixture('reise.doc'))).toBe('doc');
    const xlsx = await makeXlsx({ Blatt: [['A']] });
    for (const wrong of [xlsx, fixture('preise.xls'), Buffer.from('Nur Text')])
      expect(() => checkKnowledgeFile('Reise.doc', wrong)).toThrow(KNOWLEDGE_MESSAGES.contentMismatch);
  });
});

describe('Excel 97–2003 (.xls)', () => {
  it('reads each sheet as the same table as the .xlsx saved from it: dates, € amounts, empty cells and formulas as Excel shows them', async () => {
    const xls = await extractSections(fixture('preise.xls'), 'xls');
    expect(xls).toEqual(await extractSections(fixture('preise.xlsx'), 'xlsx'));
    expect(xls.map((s) => s.location)).toEqual(['Blatt Preise 2026', 'Blatt Lager']);
    const prices = xls[0]!.blocks[0]!.text.split('\n');
    expect(prices).toContain('| Roggenbrot 1 kg | RB-100 | 4,20 € | 01.03.2026 | täglich frisch |');
    expect(prices).toContain('| Käsekuchen (Blech) | KK-3 | 38,50 € | 15.04.2026 | Vorbestellung 2 Tage; „Großauftrag“ |');
    expect(prices.at(-1)).toBe('| Summe |  | 44,45 € |  |  |');
    expect(xls[1]!.blocks[0]!.text).toContain('| Weißenburg | 1250 | WAHR |');
    // A long sheet is cut by rows, each passage under the header.
    const passages = chunkSections(xls);
    const stock = passages.filter((p) => p.location === 'Blatt Lager');
    expect(stock.length).toBeGreaterThan(1);
    for (const p of stock) expect(p.text.startsWith('| Filiale | Bestand Mehl (kg) | Inventur |')).toBe(true);
  });

  it('accepts an .xls upload and refuses what is no Excel file', () => {
    expect(checkKnowledgeFile('Preise.xls', fixture('preise.xls'))).toBe('xls');
    expect(() => checkKnowledgeFile('Preise.xls', fixture('reise.doc'))).toThrow(KNOWLEDGE_MESSAGES.contentMismatch);
  });
});

describe('what an Excel 97–2003 workbook hides', () => {
  /** preise.xls with the bits Excel sets when a sheet, a row or a column is hidden. */
  function withHidden(): Buffer {
    const book = Buffer.from(readCompoundFile(fixture('preise.xls')).stream('Workbook')!);
    const sheets: number[] = [];
    let sheet = -1;
    for (let at = 0; at + 4 <= book.length; at += 4 + book.readUInt16LE(at + 2)) {
      const type = book.readUInt16LE(at);
      const data = at + 4;
      if (type === 0x0809 && sheets.length > 0) sheet++; // a BOF after the globals: the next sheet's records
      if (type === 0x0085) sheets.push(at);
      // The second sheet («Lager») hidden: BoundSheet8.hsState.
      if (type === 0x0085 && sheets.length === 2) book[data + 4] = 0x01;
      // On the first sheet: the third column (the prices) by COLINFO.fHidden, the third row by ROW.fDyZero.
      if (sheet === 0 && type === 0x007d && book.readUInt16LE(data) === 2) book.writeUInt16LE(book.readUInt16LE(data + 8) | 0x0001, data + 8);
      if (sheet === 0 && type === 0x0208 && book.readUInt16LE(data) === 2) book.writeUInt16LE(book.readUInt16LE(data + 12) | 0x0020, data + 12);
    }
    return makeCompoundFile({ Workbook: book });
  }

  it('leaves out what an «XML Spreadsheet 2003» hides: a sheet, a row, a column (spans included)', async () => {
    const xml = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<?mso-application progid="Excel.Sheet"?>
<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:x="urn:schemas-microsoft-com:office:excel" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">
 <Worksheet ss:Name="Preise">
  <Table>
   <Column ss:Width="120"/><Column ss:Hidden="1" ss:Span="1"/><Column ss:Width="60"/>
   <Row><Cell><Data ss:Type="String">Artikel</Data></Cell><Cell><Data ss:Type="String">EK</Data></Cell><Cell><Data ss:Type="String">Rabatt EK</Data></Cell><Cell><Data ss:Type="String">VK</Data></Cell></Row>
   <Row><Cell><Data ss:Type="String">Roggenbrot</Data></Cell><Cell><Data ss:Type="Number">1.1</Data></Cell><Cell><Data ss:Type="Number">0.1</Data></Cell><Cell><Data ss:Type="Number">4.2</Data></Cell></Row>
   <Row ss:Hidden="1"><Cell><Data ss:Type="String">Testartikel</Data></Cell><Cell><Data ss:Type="Number">0.5</Data></Cell><Cell/><Cell><Data ss:Type="Number">0.9</Data></Cell></Row>
   <Row><Cell><Data ss:Type="String">Dinkelbrot</Data></Cell><Cell><Data ss:Type="Number">1.4</Data></Cell><Cell/><Cell><Data ss:Type="Number">4.9</Data></Cell></Row>
  </Table>
 </Worksheet>
 <Worksheet ss:Name="Kalkulation">
  <Table><Row><Cell><Data ss:Type="String">Mehl Großhandel Schulz</Data></Cell></Row></Table>
  <WorksheetOptions xmlns="urn:schemas-microsoft-com:office:excel"><Visible>SheetHidden</Visible></WorksheetOptions>
 </Worksheet>
</Workbook>`);
    const sections = await extractSections(xml, 'xml');
    expect(sections.map((s) => s.location)).toEqual(['Blatt Preise']);
    expect(sections[0]!.blocks[0]!.text).toBe('| Artikel | VK |\n| --- | --- |\n| Roggenbrot | 4,2 |\n| Dinkelbrot | 4,9 |');
  });

  it('leaves out a hidden sheet, hidden rows and hidden columns, as for an .xlsx', async () => {
    const shown = await extractSections(fixture('preise.xls'), 'xls');
    const hidden = await extractSections(withHidden(), 'xls');
    expect(hidden.map((s) => s.location)).toEqual(['Blatt Preise 2026']);
    const before = shown[0]!.blocks[0]!.text.split('\n');
    const after = hidden[0]!.blocks[0]!.text.split('\n');
    // One row fewer, and every row one column fewer: the prices are gone.
    expect(after).toHaveLength(before.length - 1);
    expect(before.join('\n')).toContain('4,20 €');
    expect(after.join('\n')).not.toMatch(/€/);
    expect(after[0]!.split(' | ')).toHaveLength(before[0]!.split(' | ').length - 1);
    expect(after.join('\n')).toContain('Roggenbrot 1 kg');
    expect(after.join('\n')).not.toContain(before[3]!.split(' | ')[0]!.slice(2));
  });
});

describe('PowerPoint 97–2003 (.ppt)', () => {
  it('reads a .ppt slide by slide as the .pptx of the same presentation: titles as headings, every text box', async () => {
    const ppt = await extractSections(fixture('filialen.ppt'), 'ppt');
    expect(ppt).toEqual(await extractSections(fixture('filialen.pptx'), 'pptx'));
    expect(ppt).toEqual([
      {
        location: 'Folie 1',
        blocks: [
          { kind: 'heading', text: 'Filialen 2027' },
          { kind: 'text', text: 'Wir eröffnen drei neue Filialen: Würzburg, Fürth und Regensburg.' },
          { kind: 'text', text: 'Die Eröffnung in Fürth ist am 3. Mai.' },
        ],
      },
      {
        location: 'Folie 2',
        blocks: [
          { kind: 'heading', text: 'Lieferzeiten' },
          { kind: 'text', text: 'Bestellungen bis 14 Uhr liefern wir am nächsten Werktag.' },
          { kind: 'text', text: 'Großaufträge brauchen zwei Tage Vorlauf.' },
        ],
      },
    ]);
    expect(checkKnowledgeFile('Filialen.ppt', fixture('filialen.ppt'))).toBe('ppt');
    expect(() => checkKnowledgeFile('Filialen.ppt', fixture('reise.doc'))).toThrow(KNOWLEDGE_MESSAGES.contentMismatch);
  });

  it('says a protected .ppt is protected', async () => {
    // PowerPoint marks an encrypted file in its Current User stream (headerToken 0xF3D1C4DF).
    const current = Buffer.alloc(4096);
    current.writeUInt32LE(0xf3d1c4df, 12);
    const ppt = makeCompoundFile({ 'Current User': current, 'PowerPoint Document': Buffer.alloc(4096) });
    expect(message(await extractSections(ppt, 'ppt').catch((e: unknown) => e))).toBe(KNOWLEDGE_MESSAGES.errorEncrypted);
  });
});

describe('files Word and Excel open by what they hold, whatever their name says', () => {
  it('reads a renamed .doc/.docx/.xls/.xlsx as what it is', async () => {
    for (const [file, name, ext] of [
      ['reise.doc', 'Reise.docx', 'docx'],
      ['reise.docx', 'Reise.doc', 'doc'],
      ['preise.xlsx', 'Preise.xls', 'xls'],
      ['preise.xls', 'Preise.xlsx', 'xlsx'],
      ['filialen.ppt', 'Filialen.pptx', 'pptx'],
      ['filialen.pptx', 'Filialen.ppt', 'ppt'],
    ] as const) {
      expect(checkKnowledgeFile(name, fixture(file)), name).toBe(ext);
      expect(await extractSections(fixture(file), ext)).toEqual(await extractSections(fixture(file), file.split('.')[1]!));
    }
  });

  it('reads an «Excel export» that is HTML or tab-separated text, and RTF or HTML saved as .doc', async () => {
    // What business systems hand out as «Export nach Excel»: an HTML table, Windows-1252.
    const htmlXls = Buffer.from(
      '<html xmlns:x="urn:schemas-microsoft-com:office:excel"><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252"></head>' +
        '<body><table><tr><th>Kunde</th><th>Umsatz 2026</th></tr><tr><td>Bäckerei Groß</td><td>12.400,00</td></tr></table></body></html>',
      'latin1',
    );
    expect(checkKnowledgeFile('Umsatz.xls', htmlXls)).toBe('xls');
    expect((await extractSections(htmlXls, 'xls'))[0]!.blocks).toContainEqual({ kind: 'table', text: '| Kunde | Umsatz 2026 |\n| --- | --- |\n| Bäckerei Groß | 12.400,00 |' });
    const tsvXls = Buffer.from('Artikel\tBestand\r\nWeißbrot\t42\r\nKürbiskernbrot\t7\r\n', 'latin1');
    expect(checkKnowledgeFile('Bestand.xls', tsvXls)).toBe('xls');
    expect((await extractSections(tsvXls, 'xls'))[0]!.blocks[0]!.text).toBe('| Artikel | Bestand |\n| --- | --- |\n| Weißbrot | 42 |\n| Kürbiskernbrot | 7 |');
    const rtfDoc = Buffer.from('{\\rtf1\\ansi\\ansicpg1252 {\\b Lieferbedingungen}\\par Wir liefern frei Haus ab 50 \\\'80 Bestellwert.\\par}', 'latin1');
    expect(checkKnowledgeFile('Lieferung.doc', rtfDoc)).toBe('doc');
    expect((await extractSections(rtfDoc, 'doc')).flatMap((sec) => sec.blocks.map((b) => b.text)).join(' ')).toContain('Wir liefern frei Haus ab 50 € Bestellwert.');
    const htmlDoc = Buffer.from('<html><body><h1>Hausordnung</h1><p>Die Küche wird freitags gereinigt.</p></body></html>');
    expect(checkKnowledgeFile('Hausordnung.doc', htmlDoc)).toBe('doc');
    expect((await extractSections(htmlDoc, 'doc'))[0]!.blocks).toEqual([
      { kind: 'heading', text: 'Hausordnung' },
      { kind: 'text', text: 'Die Küche wird freitags gereinigt.' },
    ]);
  });

  it('reads an «XML Spreadsheet 2003» (as .xml, or named .xls) as a workbook, not as markup', async () => {
    // As Excel 2003 and many business systems write it: styles with number formats, ss:Index gaps.
    const xml = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>
<?mso-application progid="Excel.Sheet"?>
<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:o="urn:schemas-microsoft-com:office:office"
 xmlns:x="urn:schemas-microsoft-com:office:excel" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">
 <Styles>
  <Style ss:ID="Default" ss:Name="Normal"><Alignment ss:Vertical="Bottom"/></Style>
  <Style ss:ID="s62"><NumberFormat ss:Format="Short Date"/></Style>
  <Style ss:ID="s63"><NumberFormat ss:Format="#,##0.00\\ &quot;€&quot;"/></Style>
 </Styles>
 <Worksheet ss:Name="Aufträge &amp; Termine">
  <Table ss:ExpandedColumnCount="4" ss:ExpandedRowCount="3">
   <Row><Cell><Data ss:Type="String">Kunde</Data></Cell><Cell><Data ss:Type="String">Termin</Data></Cell><Cell><Data ss:Type="String">Betrag</Data></Cell><Cell><Data ss:Type="String">Bezahlt</Data></Cell></Row>
   <Row><Cell><Data ss:Type="String">Bäckerei Groß</Data></Cell><Cell ss:StyleID="s62"><Data ss:Type="DateTime">2026-03-15T00:00:00.000</Data></Cell><Cell ss:StyleID="s63"><Data ss:Type="Number">1234.5</Data></Cell><Cell><Data ss:Type="Boolean">1</Data></Cell></Row>
   <Row><Cell><ss:Data ss:Type="String" xmlns="http://www.w3.org/TR/REC-html40"><B>Café</B> Süß</ss:Data></Cell><Cell ss:Index="3" ss:StyleID="s63"><Data ss:Type="Number">80</Data></Cell></Row>
  </Table>
 </Worksheet>
</Workbook>`,
    );
    const expected = [
      {
        location: 'Blatt Aufträge & Termine',
        blocks: [
          {
            kind: 'table',
            text: '| Kunde | Termin | Betrag | Bezahlt |\n| --- | --- | --- | --- |\n| Bäckerei Groß | 15.03.2026 | 1.234,50 € | WAHR |\n| Café Süß |  | 80,00 € |  |',
          },
        ],
      },
    ];
    for (const name of ['Auftraege.xml', 'Auftraege.xls']) {
      const ext = name.split('.')[1]!;
      expect(checkKnowledgeFile(name, xml)).toBe(ext);
      expect(await extractSections(xml, ext)).toEqual(expected);
    }
    // Other XML stays text.
    const other = Buffer.from('<?xml version="1.0"?><lieferung><artikel>Roggenbrot</artikel></lieferung>');
    expect((await extractSections(other, 'xml'))[0]!.blocks[0]!.text).toContain('<artikel>Roggenbrot</artikel>');
  });

  it('reads tab-separated values (.tsv) as a table, like a CSV', async () => {
    const tsv = Buffer.from('Artikel\tBestand\r\nMehl\t1250 kg\r\nZucker\t80 kg\r\n', 'latin1');
    expect(checkKnowledgeFile('Lager.tsv', tsv)).toBe('tsv');
    expect(await extractSections(tsv, 'tsv')).toEqual([{ location: '', blocks: [{ kind: 'table', text: '| Artikel | Bestand |\n| --- | --- |\n| Mehl | 1250 kg |\n| Zucker | 80 kg |' }] }]);
    expect(() => checkKnowledgeFile('Lager.tsv', fixture('preise.xls'))).toThrow(KNOWLEDGE_MESSAGES.contentMismatch);
  });

  it('still refuses what neither Word nor Excel would open under that name', async () => {
    const pptx = await makePptx([{ title: 'Folie', body: 'Text' }]);
    for (const [name, data] of [
      ['Preise.xls', pptx],
      ['Preise.xlsx', fixture('reise.doc')],
      ['Reise.doc', fixture('preise.xlsx')],
      ['Bild.xls', makePng()],
      ['Notiz.doc', Buffer.from('Nur eine Notiz')],
    ] as const)
      expect(() => checkKnowledgeFile(name, data), name).toThrow(KNOWLEDGE_MESSAGES.contentMismatch);
  });
});

describe('templates, macro-enabled files and shows (.dotx, .xlsm, .ppsx, .dot, .xlt, .pps, …)', () => {
  // LibreOffice saved each from the committed document with the filter of Office's variant (variants.sh).
  it('reads each as the same passages as the document it was saved from', async () => {
    for (const [variant, extension, document] of [
      ['reise.docm', 'docm', 'reise.docx'],
      ['reise.dotx', 'dotx', 'reise.docx'],
      ['reise.dot', 'dot', 'reise.doc'],
      ['preise.xlsm', 'xlsm', 'preise.xlsx'],
      ['preise.xltx', 'xltx', 'preise.xlsx'],
      ['preise.xlt', 'xlt', 'preise.xls'],
      ['filialen.ppsx', 'ppsx', 'filialen.pptx'],
      ['filialen.potx', 'potx', 'filialen.pptx'],
      ['filialen.pps', 'pps', 'filialen.ppt'],
    ] as const) {
      expect(checkKnowledgeFile(`Vorlage.${extension.toUpperCase()}`, fixture(variant)), variant).toBe(extension);
      expect(await extractSections(fixture(variant), extension), variant).toEqual(await extractSections(fixture(document), document.slice(document.lastIndexOf('.') + 1)));
    }
  });

  it('refuses what is none of them under their names', async () => {
    for (const [name, wrong] of [
      ['Makros.xlsm', Buffer.from('Nur Text')],
      ['Vorlage.dotx', fixture('preise.xlsx')],
      ['Show.ppsx', fixture('reise.docx')],
      ['Vorlage.xlt', fixture('reise.doc')],
      ['Show.pps', await makeXlsx({ Blatt: [['A']] })],
    ] as const)
      expect(() => checkKnowledgeFile(name, wrong), name).toThrow(KNOWLEDGE_MESSAGES.contentMismatch);
  });
});

describe('password-protected and damaged Office files', () => {
  it('says a protected .doc or .xls is protected, in the German message that tells what to do', async () => {
    for (const [data, ext] of [
      [fixture('reise-geschuetzt.doc'), 'doc'],
      [makeWord97('Gehälter\r', { encrypted: true }), 'doc'],
      [fixture('preise-geschuetzt.xls'), 'xls'],
    ] as const)
      expect(message(await extractSections(data, ext).catch((e: unknown) => e))).toBe(KNOWLEDGE_MESSAGES.errorEncrypted);
  });

  it('says what to do with a file from before Office 97 (Word 6/95, Excel 5/95)', async () => {
    const word6 = makeWord97('Alter Brief\r', { nFib: 0x65 });
    // Excel 5/95 keeps its workbook in a stream named Book (BIFF5).
    const excel95 = makeCompoundFile({ Book: Buffer.concat([Buffer.from([0x09, 0x08, 0x08, 0x00, 0x00, 0x05, 0x05, 0x00]), Buffer.alloc(4096)]) });
    expect(checkKnowledgeFile('Alt.xls', excel95)).toBe('xls');
    for (const [data, ext] of [[word6, 'doc'], [excel95, 'xls']] as const)
      expect(message(await extractSections(data, ext).catch((e: unknown) => e))).toBe(KNOWLEDGE_MESSAGES.errorOldOffice);
  });

  it('refuses a protected .docx, .xlsx or .pptx at upload as protected (not as «passt nicht zu ihrer Endung»); an asset may be one', () => {
    for (const name of ['Gehälter.xlsx', 'Vertrag.docx', 'Strategie.pptx'])
      expect(() => checkKnowledgeFile(name, encryptedOoxml())).toThrow(KNOWLEDGE_MESSAGES.errorEncrypted);
    // An asset is handed out as it is; the recipient knows the password.
    expect(checkAssetFile('Preisliste.xlsx', encryptedOoxml())).toBe('xlsx');
    // Any other compound file is still no .xlsx.
    expect(() => checkAssetFile('Preisliste.xlsx', fixture('preise.xls'))).toThrow(KNOWLEDGE_MESSAGES.contentMismatch);
  });

  it('ends a damaged file in the German «unreadable» message, never in a crash or a hang', async () => {
    const messages = new Set<string>();
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (const [name, ext] of [['reise.doc', 'doc'], ['preise.xls', 'xls'], ['filialen.ppt', 'ppt']] as const) {
      const original = fixture(name);
      for (const cut of [600, 5000, original.length - 700]) messages.add(message(await extractSections(original.subarray(0, cut), ext).catch((e: unknown) => e)));
      for (let i = 0; i < 150; i++) {
        const damaged = Buffer.from(original);
        for (let k = 0; k < 8; k++) damaged[Math.floor(random() * damaged.length)] = Math.floor(random() * 256);
        const result = await extractSections(damaged, ext).catch((e: unknown) => e);
        if (!Array.isArray(result)) messages.add(message(result));
      }
    }
    // Only the messages a person can act on; no «not an ExtractionError».
    for (const m of messages)
      expect([KNOWLEDGE_MESSAGES.errorUnreadable, KNOWLEDGE_MESSAGES.errorNoText, KNOWLEDGE_MESSAGES.errorEncrypted, KNOWLEDGE_MESSAGES.contentMismatch, KNOWLEDGE_MESSAGES.errorOldOffice]).toContain(m);
    expect(messages).toContain(KNOWLEDGE_MESSAGES.errorUnreadable);
  });
});
