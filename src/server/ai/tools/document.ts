import { z } from 'zod';

/**
 * The task documents' tool (docs/tasks.md): the model describes a document as structured content
 * and the server renders it as a real .docx, .xlsx, .pptx or .pdf in the house layout. It is
 * offered only for task answers (the task feature builds it), never toggled in the Tools tab.
 */
export const DOCUMENT_FUNCTION = 'dokument_erstellen';

export const DOCUMENT_FORMATS = ['docx', 'xlsx', 'pptx', 'pdf'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

const text = (max: number) => z.string().trim().min(1).max(max);

export const ZDocumentTable = z.object({
  spalten: z.array(text(200)).min(1).max(12).describe('Spaltenüberschriften'),
  zeilen: z
    .array(z.array(z.string().max(1000)).max(12))
    .max(300)
    .describe('Tabellenzeilen; jede Zeile hat so viele Zellen wie es Spalten gibt'),
});

export const ZDocumentSection = z.object({
  ueberschrift: text(200).describe('Überschrift des Abschnitts (bei Präsentationen: Folientitel)'),
  absaetze: z.array(text(4000)).max(30).optional().describe('Fließtext-Absätze'),
  punkte: z.array(text(1000)).max(40).optional().describe('Aufzählungspunkte'),
  tabelle: ZDocumentTable.optional().describe('Eine echte Tabelle (bei Excel: ein Arbeitsblatt)'),
});

export const ZDocumentInput = z.object({
  format: z.enum(DOCUMENT_FORMATS).describe('docx = Word, xlsx = Excel, pptx = PowerPoint, pdf = PDF'),
  titel: text(160).describe('Titel des Dokuments (wird auch zum Dateinamen)'),
  untertitel: z.string().trim().max(300).optional().describe('Optionale Unterzeile, z. B. Anlass oder Empfänger'),
  abschnitte: z.array(ZDocumentSection).min(1).max(40).describe('Die Abschnitte, bei Präsentationen je eine Folie'),
});

export type DocumentInput = z.infer<typeof ZDocumentInput>;
export type DocumentSection = z.infer<typeof ZDocumentSection>;
export type DocumentTable = z.infer<typeof ZDocumentTable>;

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** A table within the schema's limits: at most 12 columns and 300 rows, no empty header, cells cut at 1,000 characters. */
export function fitDocumentTable(header: string[], rows: string[][]): DocumentTable {
  const n = Math.min(12, header.length);
  return {
    spalten: header.slice(0, n).map((h, i) => cut(h.trim() || `Spalte ${i + 1}`, 200)),
    zeilen: rows.slice(0, 300).map((row) => Array.from({ length: n }, (_, i) => cut(row[i] ?? '', 1000))),
  };
}

export const DOCUMENT_TOOL_DESCRIPTION =
  'Erstellt ein Dokument als Datei: Word (docx), Excel (xlsx), PowerPoint (pptx) oder PDF. ' +
  'Nutze es nur, wenn die Aufgabe ausdrücklich eine Datei oder eines dieser Formate verlangt ' +
  '(z. B. „als Word-Datei“, „eine Excel-Tabelle“, „eine Präsentation“, „als PDF“). ' +
  'Gib den vollständigen Inhalt strukturiert an: Titel, Abschnitte mit Überschrift, Absätzen, Aufzählungen und ' +
  'echten Tabellen (Zahlen und Listen gehören in Tabellen; eine Tabelle aus dem Wissen übernimmst Du als tabelle). Bei Präsentationen ist jeder Abschnitt eine Folie mit ' +
  'wenigen kurzen Punkten; bei Excel wird jede Tabelle ein Arbeitsblatt. Kein Markdown in den Texten. ' +
  'Danach sage in einem Satz, dass das Dokument bereitsteht; wiederhole den Inhalt nicht.';

// "als Word-Datei", "eine Excel-Tabelle mit …", "eine Präsentation", "als PDF".
const FORMAT_INTENTS: [DocumentFormat, RegExp][] = [
  ['pptx', /(präsentation\w*|powerpoint|pptx|foliensatz|folien\b)/i],
  ['xlsx', /(excel\w*|xlsx|tabellenkalkulation\w*)/i],
  ['docx', /(\bword\b|word-?datei\w*|word-?dokument\w*|docx)/i],
  ['pdf', /\bpdf\b/i],
];

/** The document format a task input asks for, if it asks for one. */
export function requestedDocumentFormat(input: string): DocumentFormat | undefined {
  return FORMAT_INTENTS.find(([, re]) => re.test(input))?.[0];
}

/** What the tool answers the model (and the offline engine) after the document was stored. */
export interface DocumentCreated {
  erstellt: string;
  hinweis: string;
}
