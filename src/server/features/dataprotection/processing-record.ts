import { requireAccess } from '../../platform/access.ts';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { DataLocation } from '../../config.ts';
import type { Deps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/session.ts';
import { filterEntries } from '../../../shared/schemas/users.ts';
import { loadProcessingFacts } from './dataprotection.repository.ts';
import { EXPORT_VALID_DAYS } from './exports.ts';
import { maxOf } from '../../../shared/arrays.ts';

// The record of processing activities (DSGVO Art. 30) for one team, generated from the current
// settings on every request: it changes when the settings do. One model, two renderings
// (Markdown and PDF), so both always say the same.

const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
};

const LEVELS = ['Niedrig', 'Mittel', 'Hoch'] as const;
const TYPES: Record<string, string> = { chat: 'Chat', task: 'Aufgabe', image: 'Bild' };
export const LOCATION_LABELS: Record<DataLocation, string> = { eu: 'EU/EWR', 'non-eu': 'außerhalb der EU', unknown: 'nicht angegeben' };

interface Section {
  heading: string;
  paragraphs?: string[];
  rows?: string[][];
  header?: string[];
  bullets?: string[];
}

export interface ProcessingRecord {
  title: string;
  generatedAt: Date;
  sections: Section[];
}

const days = (d: number | null) => (d === null ? 'unbegrenzt' : `${d} Tage nach der letzten Nachricht`);
const germanDate = (d: Date) =>
  new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(d);

export async function buildProcessingRecord(deps: Deps, auth: AuthContext, now = new Date()): Promise<ProcessingRecord> {
  requireAccess(auth, 'admin');
  const facts = await loadProcessingFacts(deps.db, auth.team.id);
  if (!facts) throw new Error('team gone');
  const { team, mikas, tools, knowledge, people } = facts;
  const filterCount = filterEntries(team.filter).length;
  const caps = deps.ai.capabilities();

  const mikaRows = mikas.map((a) => {
    const active = (slug: string) => tools.some((t) => t.assistantId === a.id && t.toolSlug === slug && t.active);
    const files = knowledge.find((k) => k.assistantId === a.id)?.n ?? 0;
    // Einblicke (issue 33): questions and the feedback on answers of chat and task Mikas.
    const categories = [a.type === 'image' ? 'Bildbeschreibungen, erzeugte Bilder' : 'Chatnachrichten, Rückmeldungen zu Antworten (Daumen, Grund)'];
    if (a.canTalk) categories.push('Sprache (Aufnahmen, gesprochene Antworten)');
    if (files > 0) categories.push(`Wissen (${files} ${files === 1 ? 'Datei' : 'Dateien'})`);
    if (active('form')) categories.push('Kontaktformular (Name, E-Mail, Telefon, Nachricht)');
    if (active('email')) categories.push('E-Mail-Versand an hinterlegte Kontakte');
    return [a.name, TYPES[a.type] ?? a.type, a.isPublic ? 'öffentlich (Besucher)' : 'nur Team', categories.join('; ')];
  });

  const processors = deps.providers.processors();
  const sections: Section[] = [
    {
      heading: '1. Verantwortlicher und Zweck',
      paragraphs: [
        `Team: ${team.name}. Verantwortlich ist das Unternehmen dieses Teams; ${deps.config.productName} verarbeitet die Daten als Auftragsverarbeiter (AVV).`,
        `Zweck: KI-Assistenten („Mikas“) für Mitarbeitende (${people} User) und – bei öffentlichen Mikas – für Besucher der Website: Fragen beantworten, Aufgaben erledigen, Bilder erzeugen, Kontaktanfragen entgegennehmen.`,
      ],
    },
    {
      heading: '2. Mikas und Datenkategorien',
      header: ['Mika', 'Art', 'Nutzer', 'Datenkategorien'],
      rows: mikaRows.length > 0 ? mikaRows : [['–', '–', '–', 'Noch keine Mikas angelegt']],
      paragraphs: [
        'Betroffene: User des Teams (Name, E-Mail, Unterhaltungen, Bilder), Besucher öffentlicher Mikas (Unterhaltungen, freiwillige Angaben im Kontaktformular), in Wissensdateien genannte Personen.',
      ],
    },
    {
      heading: '3. Empfänger und Unterauftragsverarbeiter',
      header: ['Name', 'Zweck', 'Daten', 'Speicherort'],
      rows:
        processors.length > 0
          ? processors.map((p) => [p.name, p.purpose, p.data, LOCATION_LABELS[p.location]])
          : [['–', 'Kein externer Dienst eingerichtet', 'Antworten entstehen auf dem eigenen Server (Offline-Modus)', '–']],
      paragraphs: [
        caps.offline
          ? 'KI-Modell: keines eingerichtet – die Offline-Engine antwortet auf dem Server, keine Daten verlassen ihn.'
          : `KI-Modell: ${caps.chat.provider ?? ''} ${caps.chat.model ?? ''}`.trim() + '.',
        'Bei Speicherorten außerhalb der EU ist eine geeignete Garantie nach Art. 44 ff. DSGVO (z. B. Angemessenheitsbeschluss, EU-Standardvertragsklauseln) erforderlich; Angaben laut Konfiguration des Betreibers.',
      ],
    },
    {
      heading: '4. Speicherdauer',
      bullets: [
        `Unterhaltungen von Team-Mitgliedern: ${days(team.retentionMemberDays)}`,
        `Unterhaltungen von Besuchern öffentlicher Mikas: ${days(team.retentionVisitorDays)}`,
        'Mit einer Unterhaltung werden ihre Sprachantworten, Dokumente, Kontaktformulare und die daraus versandten E-Mails im Postausgang gelöscht, ebenso der Text ihrer Fragen und Rückmeldungen in den Einblicken (es bleiben Zahlen je Thema und Tag).',
        'Nutzungsdaten werden ohne Inhalte als Zahlen für die Abrechnung aufbewahrt.',
        `Datenexporte: ${EXPORT_VALID_DAYS} Tage, danach automatisch gelöscht.`,
        'Gelöschte Teams: nach der Karenzzeit des Betreibers endgültig mit allen Dateien entfernt.',
        'Rechnungen und Stornorechnungen (mit Rechnungsanschrift): 10 Jahre nach Ende des Ausstellungsjahres (§ 147 AO, § 14b UStG), auch nach Löschung des Teams oder einem Löschantrag (Art. 17 Abs. 3 lit. b DSGVO); danach automatisch gelöscht.',
      ],
    },
    {
      heading: '5. Datenschutzgrad und Filter',
      paragraphs: [
        `Grad des Datenschutzes: ${LEVELS[team.protectionLevel] ?? team.protectionLevel}. Geschützte Begriffe im Team-Filter: ${filterCount}.`,
        team.protectionLevel >= 1
          ? 'Die Spracheingabe im Team ist deaktiviert; geschützte Begriffe werden vor jeder Übermittlung an einen KI-Anbieter durch Platzhalter ersetzt.'
          : 'Der Filter ist nur in Mikas aktiv, deren Filter-Schalter eingeschaltet ist.',
      ],
    },
    {
      heading: '6. Technische und organisatorische Maßnahmen',
      bullets: [
        'Zugriff nur nach Anmeldung; Passwörter mit Argon2id gehasht; Sitzungen serverseitig, mit Ablauf und beim Passwortwechsel beendet.',
        'Mandantentrennung: jede Abfrage ist auf das Team beschränkt; Rechte pro Mika (nutzen, bearbeiten) werden auf dem Server geprüft.',
        'Öffentliche Unterhaltungen sind nur mit ihrem zufälligen Token erreichbar; Tokens werden nur gehasht gespeichert und nie protokolliert.',
        'Datenschutzfilter: geschützte Begriffe verlassen den Server nur als Platzhalter.',
        'Protokolle enthalten keine Inhalte von Unterhaltungen; Support-Zugriffe und Datenschutz-Aktionen stehen in einem nicht änderbaren Audit-Log.',
        'Hochgeladene Dateien werden unter generierten Namen gespeichert und nur nach Prüfung des Zugriffs ausgeliefert.',
        'Auskunft und Löschung: Export als ZIP und Löschung je Team, User oder Besucher-Unterhaltung unter Datenschutz.',
      ],
    },
  ];
  return { title: `Verzeichnis von Verarbeitungstätigkeiten – ${team.name}`, generatedAt: now, sections };
}

const mdCell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderRecordMarkdown(record: ProcessingRecord): string {
  const out = [`# ${record.title}`, '', `Erstellt am ${germanDate(record.generatedAt)}.`, ''];
  for (const s of record.sections) {
    out.push(`## ${s.heading}`, '');
    if (s.header && s.rows) {
      out.push(`| ${s.header.map(mdCell).join(' | ')} |`, `|${s.header.map(() => '---').join('|')}|`);
      for (const r of s.rows) out.push(`| ${r.map(mdCell).join(' | ')} |`);
      out.push('');
    }
    for (const p of s.paragraphs ?? []) out.push(p, '');
    for (const b of s.bullets ?? []) out.push(`- ${b}`);
    if (s.bullets) out.push('');
  }
  return out.join('\n');
}

export async function renderRecordPdf(record: ProcessingRecord): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, lang: 'de-DE', info: { Title: record.title, Creator: 'Mika' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const width = doc.page.width - 100;
  doc.font('bold').fontSize(16).text(record.title, { width });
  doc.moveDown(0.3).font('regular').fontSize(9).fillColor('#555').text(`Erstellt am ${germanDate(record.generatedAt)}`).fillColor('#000');
  for (const s of record.sections) {
    doc.moveDown(1).font('bold').fontSize(12).text(s.heading, 50, undefined, { width });
    doc.moveDown(0.3).font('regular').fontSize(9.5);
    if (s.header && s.rows) table(doc, s.header, s.rows, width);
    for (const p of s.paragraphs ?? []) doc.moveDown(0.3).text(p, 50, undefined, { width });
    for (const b of s.bullets ?? []) doc.moveDown(0.15).text(`•  ${b}`, 58, undefined, { width: width - 8 });
  }
  doc.end();
  return done;
}

/** A simple ruled table whose rows grow with their text and break onto new pages. */
function table(doc: PDFKit.PDFDocument, header: string[], rows: string[][], width: number) {
  const cols = header.length;
  const widths = cols === 4 ? [0.22, 0.22, 0.36, 0.2].map((f) => f * width) : header.map(() => width / cols);
  const draw = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(9);
    const heights = cells.map((c, i) => doc.heightOfString(c, { width: widths[i]! - 8 }));
    const h = maxOf(heights, 0) + 8;
    if (doc.y + h > doc.page.height - 50) doc.addPage();
    const y = doc.y;
    let x = 50;
    cells.forEach((c, i) => {
      doc.text(c, x + 4, y + 4, { width: widths[i]! - 8 });
      x += widths[i]!;
    });
    doc.moveTo(50, y + h).lineTo(50 + width, y + h).strokeColor(bold ? '#333' : '#bbb').lineWidth(0.5).stroke();
    doc.x = 50;
    doc.y = y + h;
  };
  draw(header, true);
  for (const r of rows) draw(r, false);
  doc.font('regular').fontSize(9.5);
}
