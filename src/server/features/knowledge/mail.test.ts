import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KNOWLEDGE_MESSAGES } from '../../../shared/messages.ts';
import { chunkSections } from './chunk.ts';
import { ExtractionError, extractSections, type Section } from './extract.ts';
import { checkKnowledgeFile } from './file-check.ts';
import { makeMsg, makeTnef, makeWord97, type MsgSpec } from '../../../../tests/fixtures/office-files.ts';
import { readTnef, TnefError } from './tnef.ts';

// Mails as Python's email package writes them (tests/fixtures/mail/make.py: Outlook's, Thunderbird's
// and a system's way), with LibreOffice's files (tests/fixtures/legacy-office) attached.
const mail = (name: string) => readFileSync(new URL(`../../../../tests/fixtures/mail/${name}`, import.meta.url));
const office = (name: string) => readFileSync(new URL(`../../../../tests/fixtures/legacy-office/${name}`, import.meta.url));
const texts = (section: Section | undefined) => (section?.blocks ?? []).map((b) => b.text);
const message = (err: unknown) => (err instanceof ExtractionError ? err.message : `not an ExtractionError: ${String(err)}`);

/** A MIME message written out by hand: headers, then the body (CRLF line ends as mail has them). */
const raw = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'latin1');
const base64Lines = (data: Buffer) => data.toString('base64').replace(/.{76}/g, '$&\r\n');

/** A mail with one attachment (base64), as every mail program writes it. */
function withAttachment(subject: string, body: string, attachment: { name: string; type: string; data: Buffer }) {
  return raw([
    'From: Frau Berger <berger@rollladen-berger.de>',
    'To: service@rollladen-berger.de',
    `Subject: ${subject}`,
    'Date: Mon, 02 Jun 2025 10:00:00 +0200',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
    '--b1',
    `Content-Type: ${attachment.type}; name="${attachment.name}"`,
    'Content-Transfer-Encoding: base64',
    `Content-Disposition: attachment; filename="${attachment.name}"`,
    '',
    base64Lines(attachment.data),
    '--b1--',
    '',
  ]);
}

describe('e-mails (.eml)', () => {
  it('reads an Outlook mail: subject as heading, who wrote to whom and when (Berlin time), the text with its table, the attachment as its own sections', async () => {
    const sections = await extractSections(mail('lieferzeit-outlook.eml'), 'eml');
    const [body, ...attachment] = sections;
    expect(body!.location).toBe('');
    expect(body!.blocks[0]).toEqual({ kind: 'heading', text: 'AW: Lieferzeit für die Rollläden – Auftrag 4711' });
    // Encoded words (=?utf-8?…?=), quoted-printable Windows-1252; the inline logo is no attachment.
    expect(body!.blocks[1]).toEqual({
      kind: 'text',
      text: [
        'Von: Jürgen Müller <juergen.mueller@nordlicht-gmbh.de>',
        'An: Service Rollladen Berger <service@rollladen-berger.de>',
        'Cc: Sabine Schäfer <s.schaefer@nordlicht-gmbh.de>',
        'Gesendet: 18.03.2025, 09:12',
        'Anhänge: Preisübersicht 2025.xlsx',
      ].join('\n'),
    });
    expect(texts(body)).toContain('wie besprochen liefern wir die Rollläden für Auftrag 4711 in Kalenderwoche 14. Die Montage übernimmt Herr Schulz am Donnerstag, 3. April, ab 8 Uhr.');
    // The HTML holds a table: read from the HTML, the table stays one.
    expect(body!.blocks).toContainEqual({ kind: 'table', text: '| Artikel | Lieferzeit |\n| --- | --- |\n| Aluminium-Rollladen | 3 Wochen |\n| Holz-Rollladen | 6 Wochen |' });
    expect(texts(body).join('\n')).not.toMatch(/MsoNormal|cid:|<o:p>/);
    // The attached workbook reads exactly as the same file uploaded alone, each sheet located in the attachment.
    const alone = await extractSections(office('preise.xlsx'), 'xlsx');
    expect(attachment).toEqual(alone.map((s) => ({ ...s, location: `Anhang „Preisübersicht 2025.xlsx“, ${s.location}` })));
  });

  it('reads a forwarded mail attached to a mail, and the document attached to that one', async () => {
    const sections = await extractSections(mail('weiterleitung-thunderbird.eml'), 'eml');
    expect(texts(sections[0])).toEqual([
      'WG: Neue Reisekostenregelung ab April',
      'Von: Sabine Schäfer <s.schaefer@nordlicht-gmbh.de>\nAn: Team Vertrieb <vertrieb@nordlicht-gmbh.de>\nGesendet: 03.03.2025, 08:30\nAnhänge: Neue Reisekostenregelung ab April.eml',
      'Zur Info für alle im Außendienst: die Regelung unten gilt auch für Kundenbesuche.',
    ]);
    const forwarded = 'Anhang „Neue Reisekostenregelung ab April.eml“';
    expect(sections[1]!.location).toBe(forwarded);
    expect(texts(sections[1]).slice(0, 2)).toEqual([
      'Neue Reisekostenregelung ab April',
      'Von: Buchhaltung <buchhaltung@nordlicht-gmbh.de>\nAn: alle@nordlicht-gmbh.de\nGesendet: 01.03.2025, 14:00\nAnhänge: Reiserichtlinie.docx',
    ]);
    const docx = await extractSections(office('reise.docx'), 'docx');
    expect(sections.slice(2)).toEqual(docx.map((s) => ({ ...s, location: `${forwarded}, Anhang „Reiserichtlinie.docx“` })));
  });

  it('reads a mail that has only HTML (a system\'s, a web mailer\'s), headings and tables kept', async () => {
    const [section] = await extractSections(mail('ostern-nur-html.eml'), 'eml');
    expect(section!.blocks).toContainEqual({ kind: 'table', text: '| Tag | Öffnungszeit |\n| --- | --- |\n| Karfreitag | geschlossen |\n| Ostersamstag | 9 bis 12 Uhr |\n| Ostermontag | geschlossen |' });
    expect(texts(section)[1]).toBe('Von: Shop-System <noreply@nordlicht-gmbh.de>\nAn: service@rollladen-berger.de\nGesendet: 10.04.2025, 16:45');
  });

  it('cuts a mail into passages that each still say where they come from', async () => {
    const chunks = chunkSections(await extractSections(mail('lieferzeit-outlook.eml'), 'eml'));
    const row = chunks.find((c) => c.text.includes('Käsekuchen'));
    expect(row?.location).toBe('Anhang „Preisübersicht 2025.xlsx“, Blatt Preise 2026');
    expect(chunks.find((c) => c.text.includes('Kalenderwoche 14'))).toMatchObject({ location: '', heading: 'AW: Lieferzeit für die Rollläden – Auftrag 4711' });
  });

  it('keeps the mail when an attachment cannot be read (protected, an image, unknown): it is only named', async () => {
    for (const attachment of [
      { name: 'Preise geheim.xls', type: 'application/vnd.ms-excel', data: office('preise-geschuetzt.xls') },
      { name: 'Foto.jpg', type: 'image/jpeg', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) },
      { name: 'Rechnung.pdf', type: 'application/pdf', data: Buffer.from('kein PDF') },
    ]) {
      const sections = await extractSections(withAttachment('Preise', 'Die Preise gelten bis Juni.', attachment), 'eml');
      expect(sections).toHaveLength(1);
      expect(texts(sections[0])).toContain('Die Preise gelten bis Juni.');
      expect(texts(sections[0])[1]).toContain(`Anhänge: ${attachment.name}`);
    }
  });

  it('reads the files Outlook packed into a winmail.dat as the mail\'s attachments; a damaged one is only named', async () => {
    const winmail = makeTnef([
      { name: 'Preisübersicht 2026.xlsx', data: office('preise.xlsx') },
      { name: 'Foto vom Lager.jpg', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0]) },
    ]);
    const sections = await extractSections(withAttachment('Preise', 'Anbei die Preise.', { name: 'winmail.dat', type: 'application/ms-tnef', data: winmail }), 'eml');
    expect(texts(sections[0])[1]).toContain('Anhänge: Preisübersicht 2026.xlsx, Foto vom Lager.jpg');
    const alone = await extractSections(office('preise.xlsx'), 'xlsx');
    expect(sections.slice(1)).toEqual(alone.map((s) => ({ ...s, location: `Anhang „Preisübersicht 2026.xlsx“, ${s.location}` })));

    const damaged = Buffer.from(winmail.subarray(0, 200));
    const kept = await extractSections(withAttachment('Preise', 'Anbei die Preise.', { name: 'winmail.dat', type: 'application/ms-tnef', data: damaged }), 'eml');
    expect(kept).toHaveLength(1);
    expect(texts(kept[0])[1]).toContain('Anhänge: winmail.dat');
  });

  it('reads a winmail.dat only as far as its bytes go: a cut or mutated one ends in TnefError or fewer files, never in a hang', () => {
    const source = makeTnef([{ name: 'Preise.xlsx', data: office('preise.xlsx') }, { name: 'Reise.docx', data: office('reise.docx') }]);
    expect(readTnef(source).map((f) => [f.name, f.data.length])).toEqual([['Preise.xlsx', 9500], ['Reise.docx', 8802]]);
    expect(() => readTnef(Buffer.from('winmail'))).toThrow(TnefError);
    let seed = 5;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let round = 0; round < 300; round++) {
      const broken = Buffer.from(source.subarray(0, 6 + random(source.length - 5)));
      for (let i = 0; i < 3; i++) broken[6 + random(Math.max(1, broken.length - 6))] = random(256);
      try {
        expect(readTnef(broken).length).toBeLessThanOrEqual(2);
      } catch (err) {
        expect(err).toBeInstanceOf(TnefError);
      }
    }
  });

  it('reads forwarded mails three deep; a deeper one is only named (a mail cannot nest without end)', async () => {
    let nested = raw(['From: a@example.de', 'Subject: Ebene 0', 'Content-Type: text/plain; charset=utf-8', '', 'Text der Ebene 0', '']);
    for (let level = 1; level <= 4; level++) {
      nested = raw([
        'From: a@example.de',
        `Subject: Ebene ${level}`,
        'MIME-Version: 1.0',
        `Content-Type: multipart/mixed; boundary="n${level}"`,
        '',
        `--n${level}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        `Text der Ebene ${level}`,
        `--n${level}`,
        'Content-Type: message/rfc822',
        `Content-Disposition: attachment; filename="Ebene ${level - 1}.eml"`,
        '',
        nested.toString('latin1'),
        `--n${level}--`,
        '',
      ]);
    }
    const all = (await extractSections(nested, 'eml')).flatMap(texts).join('\n');
    for (const level of [4, 3, 2]) expect(all).toContain(`Text der Ebene ${level}`);
    expect(all).not.toContain('Text der Ebene 1');
    expect(all).toContain('Anhänge: Ebene 1.eml');
  });

  it('reads a mail without subject or date, and one saved with a leading mbox line', async () => {
    const plain = raw(['From: info@example.de', 'To: service@example.de', '', 'Nur ein kurzer Text.', '']);
    expect(texts((await extractSections(plain, 'eml'))[0])).toEqual(['(ohne Betreff)', 'Von: info@example.de\nAn: service@example.de', 'Nur ein kurzer Text.']);
    const mbox = Buffer.concat([Buffer.from('From info@example.de Mon Jun  2 10:00:00 2025\n'), plain]);
    expect(checkKnowledgeFile('Gespeichert.eml', mbox)).toBe('eml');
  });

  it('accepts a mail upload and refuses what is no mail, before anything is stored', () => {
    expect(checkKnowledgeFile('Lieferzeit.EML', mail('lieferzeit-outlook.eml'))).toBe('eml');
    // Exchange's headers can run to tens of KB before the first empty line.
    const received = Array.from({ length: 900 }, (_, i) => `Received: from relay${i}.example.de by mx.example.de; Mon, 2 Jun 2025 10:00:00 +0200`);
    expect(checkKnowledgeFile('Lang.eml', raw([...received, 'From: a@example.de', 'Subject: Lang', '', 'Text', '']))).toBe('eml');
    for (const wrong of [Buffer.from('Hallo zusammen,\n\nhier der Text ohne Kopf.'), office('reise.docx'), Buffer.from('Betreff ohne Doppelpunkt\n\nText'), Buffer.from('X-Custom: nur\n\nText')])
      expect(() => checkKnowledgeFile('Mail.eml', wrong)).toThrow(KNOWLEDGE_MESSAGES.contentMismatch);
  });

  it('ends a damaged mail in its text or the German «unreadable» message, never in a crash or a hang', async () => {
    const source = mail('lieferzeit-outlook.eml');
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const allowed = new Set([KNOWLEDGE_MESSAGES.errorUnreadable, KNOWLEDGE_MESSAGES.errorNoText]);
    for (let round = 0; round < 150; round++) {
      const broken = Buffer.from(source.subarray(0, random(source.length) + 1));
      for (let i = 0; i < 20; i++) broken[random(broken.length)] = random(256);
      try {
        const sections = await extractSections(broken, 'eml');
        expect(sections.length).toBeGreaterThan(0);
      } catch (err) {
        expect(allowed).toContain(message(err));
      }
    }
  });
});

/** The Outlook mail of lieferzeit-outlook.eml, as Outlook saves it (.msg). */
const lieferzeit: MsgSpec = {
  subject: 'AW: Lieferzeit für die Rollläden – Auftrag 4711',
  from: { name: 'Jürgen Müller', address: 'juergen.mueller@nordlicht-gmbh.de' },
  to: [{ name: 'Service Rollladen Berger', address: 'service@rollladen-berger.de' }],
  cc: [{ name: 'Sabine Schäfer', address: 's.schaefer@nordlicht-gmbh.de' }],
  date: new Date('2025-03-18T08:12:44Z'),
  body:
    'Guten Tag Frau Berger,\r\n\r\nwie besprochen liefern wir die Rollläden für Auftrag 4711 in Kalenderwoche 14. Die Montage übernimmt Herr Schulz am Donnerstag, 3. April, ab 8 Uhr.\r\n\r\n' +
    'Lieferzeiten:\r\nAluminium-Rollladen: 3 Wochen\r\nHolz-Rollladen: 6 Wochen\r\n\r\nMit freundlichen Grüßen\r\nJürgen Müller\r\n\r\n> Am 17.03.2025 schrieb Frau Berger:\r\n> Wann kommen die Rollläden für Auftrag 4711?\r\n',
  html: '',
  attachments: [
    { name: 'image001.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47]), contentId: 'logo@nordlicht' },
    { name: 'Preisübersicht 2025.xlsx', data: office('preise.xlsx') },
  ],
};

describe('Outlook mails (.msg)', () => {
  it('reads an Outlook mail as the same mail saved as .eml: header lines, text, table, attachment; the inline logo is no attachment', async () => {
    // The HTML exactly as the .eml carries it (Outlook keeps it as bytes in the charset its meta tag names).
    const eml = mail('lieferzeit-outlook.eml');
    const quoted = /<html>[\s\S]*<\/html>/.exec(eml.toString('latin1').replace(/=\r?\n/g, ''))![0];
    const html = new TextDecoder('windows-1252').decode(Buffer.from(quoted.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1'));
    const msg = makeMsg({ ...lieferzeit, html });
    expect(await extractSections(msg, 'msg')).toEqual(await extractSections(eml, 'eml'));
  });

  it('reads the 8-bit strings of an older Outlook in the mail\'s code page (umlauts, €)', async () => {
    const msg = makeMsg({ ...lieferzeit, subject: 'Preise für 2025 – Anzahlung 500 €', html: undefined, attachments: [], ansi: true });
    const [section] = await extractSections(msg, 'msg');
    expect(texts(section).slice(0, 2)).toEqual([
      'Preise für 2025 – Anzahlung 500 €',
      'Von: Jürgen Müller <juergen.mueller@nordlicht-gmbh.de>\nAn: Service Rollladen Berger <service@rollladen-berger.de>\nCc: Sabine Schäfer <s.schaefer@nordlicht-gmbh.de>\nGesendet: 18.03.2025, 09:12',
    ]);
    expect(texts(section)).toContain('Mit freundlichen Grüßen\nJürgen Müller');
  });

  it('reads an Outlook message attached to an Outlook message, and the document attached to that one', async () => {
    const forwarded: MsgSpec = {
      subject: 'Neue Reisekostenregelung ab April',
      from: { name: 'Buchhaltung', address: 'buchhaltung@nordlicht-gmbh.de' },
      to: [{ name: 'Alle', address: 'alle@nordlicht-gmbh.de' }],
      date: new Date('2025-03-01T13:00:00Z'),
      body: 'Anbei die neue Reisekostenregelung. Sie gilt ab dem 1. April.',
      attachments: [{ name: 'Reiserichtlinie.docx', data: office('reise.docx') }],
    };
    const msg = makeMsg({ ...lieferzeit, subject: 'WG: Neue Reisekostenregelung ab April', html: undefined, body: 'Zur Info.', attachments: [{ name: 'Neue Reisekostenregelung ab April', message: forwarded }] });
    const sections = await extractSections(msg, 'msg');
    expect(texts(sections[0])[1]).toContain('Anhänge: Neue Reisekostenregelung ab April');
    expect(sections[1]!.location).toBe('Anhang „Neue Reisekostenregelung ab April“');
    expect(texts(sections[1])).toEqual([
      'Neue Reisekostenregelung ab April',
      'Von: Buchhaltung <buchhaltung@nordlicht-gmbh.de>\nAn: Alle <alle@nordlicht-gmbh.de>\nGesendet: 01.03.2025, 14:00\nAnhänge: Reiserichtlinie.docx',
      'Anbei die neue Reisekostenregelung. Sie gilt ab dem 1. April.',
    ]);
    const docx = await extractSections(office('reise.docx'), 'docx');
    expect(sections.slice(2)).toEqual(docx.map((s) => ({ ...s, location: `Anhang „Neue Reisekostenregelung ab April“, Anhang „Reiserichtlinie.docx“${s.location ? `, ${s.location}` : ''}` })));

    // Attached messages nest three deep; a deeper one is only named.
    let nested: MsgSpec = { ...forwarded, subject: 'Ebene 0', body: 'Text der Ebene 0', attachments: [] };
    for (let level = 1; level <= 4; level++) nested = { ...forwarded, subject: `Ebene ${level}`, body: `Text der Ebene ${level}`, attachments: [{ name: `Ebene ${level - 1}`, message: nested }] };
    const all = (await extractSections(makeMsg(nested), 'msg')).flatMap(texts).join('\n');
    for (const level of [4, 3, 2]) expect(all).toContain(`Text der Ebene ${level}`);
    expect(all).not.toContain('Text der Ebene 1');
    expect(all).toContain('Anhänge: Ebene 1');
  });

  it('reads a body Outlook keeps only as compressed RTF: the HTML inside it (with its table), text inside it, or RTF of its own', async () => {
    const only = { ...lieferzeit, html: undefined, body: undefined, attachments: [] };
    // HTML encapsulated in RTF ([MS-OXRTFEX]), as Outlook keeps an HTML mail: tags in \htmltag
    // groups, the text between, RTF-only parts suppressed by \htmlrtf.
    const encapsulated = String.raw`{\rtf1\ansi\ansicpg1252\fromhtml1 \deff0{\fonttbl{\f0\fswiss\fcharset0 Arial;}}
{\colortbl\red0\green0\blue0;}
\uc1\pard\plain\deftab360 \f0\fs24 
{\*\htmltag19 <html>}{\*\htmltag34 <head>}{\*\htmltag41 </head>}
{\*\htmltag50 <body>}\htmlrtf {\htmlrtf0 
{\*\htmltag64 <p>}\htmlrtf {\htmlrtf0 Die Rolll\'e4den kommen in Kalenderwoche 14 \endash  Anzahlung 500 \u8364?.\htmlrtf\par}\htmlrtf0
{\*\htmltag72 </p>}
{\*\htmltag64 <table>}{\*\htmltag64 <tr>}{\*\htmltag64 <th>}\htmlrtf {\htmlrtf0 Artikel\htmlrtf }\htmlrtf0{\*\htmltag72 </th>}{\*\htmltag64 <th>}\htmlrtf {\htmlrtf0 Lieferzeit\htmlrtf }\htmlrtf0{\*\htmltag72 </th>}{\*\htmltag72 </tr>}
{\*\htmltag64 <tr>}{\*\htmltag64 <td>}\htmlrtf {\htmlrtf0 Holz-Rollladen\htmlrtf }\htmlrtf0{\*\htmltag72 </td>}{\*\htmltag64 <td>}\htmlrtf {\htmlrtf0 6 Wochen\htmlrtf }\htmlrtf0{\*\htmltag72 </td>}{\*\htmltag72 </tr>}{\*\htmltag72 </table>}
{\*\htmltag58 </body>}{\*\htmltag27 </html>}}`;
    const [html] = await extractSections(makeMsg({ ...only, rtf: encapsulated }), 'msg');
    expect(html!.blocks.slice(2)).toEqual([
      { kind: 'text', text: 'Die Rollläden kommen in Kalenderwoche 14 – Anzahlung 500 €.' },
      { kind: 'table', text: '| Artikel | Lieferzeit |\n| --- | --- |\n| Holz-Rollladen | 6 Wochen |' },
    ]);
    // With a plain-text body too, the table still comes from the HTML in the RTF.
    const [both] = await extractSections(makeMsg({ ...only, body: 'Artikel Lieferzeit Holz-Rollladen 6 Wochen', rtf: encapsulated }), 'msg');
    expect(both!.blocks).toContainEqual({ kind: 'table', text: '| Artikel | Lieferzeit |\n| --- | --- |\n| Holz-Rollladen | 6 Wochen |' });

    const fromText = String.raw`{\rtf1\ansi\ansicpg1252\fromtext \deff0{\fonttbl{\f0 Courier New;}}\f0 Die Rolll\'e4den kommen in KW 14.\par Zweite Zeile.}`;
    expect(texts((await extractSections(makeMsg({ ...only, rtf: fromText }), 'msg'))[0]).slice(2)).toEqual(['Die Rollläden kommen in KW 14.\nZweite Zeile.']);

    const own = String.raw`{\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0 Arial;}}\f0\fs20 Die Rolll\'e4den kommen in Kalenderwoche 14.\par Mit freundlichen Gr\'fc\'dfen\par}`;
    expect(texts((await extractSections(makeMsg({ ...only, rtf: own }), 'msg'))[0]).slice(2)).toEqual(['Die Rollläden kommen in Kalenderwoche 14.', 'Mit freundlichen Grüßen']);
  });

  it('shows a sender inside Exchange by the SMTP address Outlook keeps, never by the Exchange path', async () => {
    const exchange = '/O=EXCHANGELABS/OU=EXCHANGE ADMINISTRATIVE GROUP/CN=RECIPIENTS/CN=JMUELLER';
    const msg = makeMsg({ ...lieferzeit, html: undefined, attachments: [], from: { name: 'Jürgen Müller', address: exchange } });
    const header = texts((await extractSections(msg, 'msg'))[0])[1]!;
    expect(header.split('\n')[0]).toBe('Von: Jürgen Müller');
    expect(header).not.toContain('/O=');
  });

  it('reads a mail by what it holds: MIME text named .msg, an Outlook file named .eml', async () => {
    expect(checkKnowledgeFile('Lieferzeit.msg', mail('ostern-nur-html.eml'))).toBe('msg');
    expect(await extractSections(mail('ostern-nur-html.eml'), 'msg')).toEqual(await extractSections(mail('ostern-nur-html.eml'), 'eml'));
    const msg = makeMsg({ ...lieferzeit, html: undefined, attachments: [] });
    expect(checkKnowledgeFile('Lieferzeit.eml', msg)).toBe('eml');
    expect(await extractSections(msg, 'eml')).toEqual(await extractSections(msg, 'msg'));
  });

  it('refuses what is no Outlook mail under a .msg name, before anything is stored', () => {
    expect(checkKnowledgeFile('Lieferzeit.MSG', makeMsg(lieferzeit))).toBe('msg');
    for (const wrong of [makeWord97('Kein Brief\r'), office('reise.docx'), Buffer.from('Nur ein Text ohne Kopf')])
      expect(() => checkKnowledgeFile('Lieferzeit.msg', wrong)).toThrow(KNOWLEDGE_MESSAGES.contentMismatch);
  });

  it('ends a damaged .msg in its text or the German «unreadable» message, never in a crash or a hang', async () => {
    const source = makeMsg(lieferzeit);
    let seed = 11;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const allowed = new Set([KNOWLEDGE_MESSAGES.errorUnreadable, KNOWLEDGE_MESSAGES.errorNoText]);
    let read = 0;
    for (let round = 0; round < 150; round++) {
      const broken = Buffer.from(source);
      for (let i = 0; i < 1 + random(12); i++) broken[512 + random(broken.length - 512)] = random(256);
      try {
        expect((await extractSections(broken, 'msg')).length).toBeGreaterThan(0);
        read++;
      } catch (err) {
        expect(allowed).toContain(message(err));
      }
    }
    // Most single-byte damage leaves the mail readable.
    expect(read).toBeGreaterThan(50);
  });
});
