import { createRequire } from 'node:module';
import type { DocumentInput } from '../../../ai/tools/document.ts';
import { maxOf } from '../../../../shared/arrays.ts';

/**
 * The house layout every generated document shares: a plain sans-serif (the PDF embeds Noto Sans,
 * SIL OFL 1.1, from @expo-google-fonts/noto-sans — it covers ä ö ü ß; Office files name Arial,
 * which every Office has), dark slate text, the brand red only as a thin accent, dark table
 * headers with white text and light zebra rows, a footer with the Mika's name, date and page.
 */
export const HOUSE = {
  /** Office files name a font the reader's Office has (they embed none); the PDF embeds Noto Sans. */
  font: 'Arial',
  ink: '1E2227',
  muted: '5B6470',
  accent: 'D63A40',
  headerFill: '2B3038',
  headerText: 'FFFFFF',
  zebra: 'F3F4F6',
  rule: 'D9DDE3',
} as const;

const require = createRequire(import.meta.url);

/** The TTF files of the typeface (embedded in PDFs). */
export const FONT_FILES = {
  regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
  semibold: require.resolve('@expo-google-fonts/noto-sans/600SemiBold/NotoSans_600SemiBold.ttf'),
} as const;

/** Where a document came from, for its footer and properties. */
export interface DocumentMeta {
  assistantName: string;
  /** Built by the offline engine (no model): said on the document itself. */
  offline: boolean;
  createdAt: Date;
}

export const OFFLINE_DOCUMENT_NOTE = 'Offline-Modus: ohne KI-Modell aus dem Wissen des Mikas zusammengestellt.';

export function footerText(meta: DocumentMeta): string {
  const date = meta.createdAt.toLocaleDateString('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Berlin' });
  return `${meta.assistantName} · ${date}`;
}

/** The lines under the title: the model's subtitle and, offline, the offline note on its own line. */
export function subtitleLines(doc: DocumentInput, meta: DocumentMeta): string[] {
  return [doc.untertitel?.trim() ?? '', meta.offline ? OFFLINE_DOCUMENT_NOTE : ''].filter(Boolean);
}

/** A table's rows padded or cut to the number of columns (the model may miscount). */
export function normalizedRows(table: { spalten: string[]; zeilen: string[][] }): string[][] {
  const n = table.spalten.length;
  return table.zeilen.map((row) => Array.from({ length: n }, (_, i) => (row[i] ?? '').trim()));
}

/** A cell that is a plain number in German or English notation ("1.234,50", "12 %", "3") becomes one. */
export function numericCell(value: string): number | undefined {
  const v = value.trim();
  if (!/^-?[\d.,\s]+$/.test(v) || !/\d/.test(v)) return undefined;
  const compact = v.replace(/\s/g, '');
  // German: 1.234,56 — a comma decides; dots then are thousands separators.
  const normal = compact.includes(',') ? compact.replace(/\./g, '').replace(',', '.') : /^\d{1,3}(\.\d{3})+$/.test(compact) ? compact.replace(/\./g, '') : compact;
  const n = Number(normal);
  return Number.isFinite(n) ? n : undefined;
}

/** Which columns hold numbers: every non-empty cell is one (right-aligned; real numbers in Excel). */
export function numericColumns(spalten: string[], rows: string[][]): boolean[] {
  return spalten.map((_, i) => rows.length > 0 && rows.every((r) => r[i] === '' || numericCell(r[i]!) !== undefined));
}

/** Relative column widths from the content (numbers narrow, long text wide), summing to 1. */
export function columnWeights(spalten: string[], rows: string[][]): number[] {
  const raw = spalten.map((title, i) => Math.min(40, Math.max(8, title.length + 2, maxOf(rows.map((r) => r[i]!.length)))));
  const sum = raw.reduce((a, b) => a + b, 0);
  return raw.map((w) => w / sum);
}

/** A closing row ("Summe", "Gesamt", "Total") is set in bold. */
export const isTotalRow = (row: string[]) => /^(summe|gesamt|total|zwischensumme|insgesamt)\b/i.test(row[0]?.trim() ?? '');
