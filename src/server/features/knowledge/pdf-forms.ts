// A filled PDF form's values (AcroForm fields): what someone typed into «Firma» or chose from a
// list is not in the page's text but in the form's fields, which
// officeparser does not read — a filled supplier sheet or application read as its empty labels.
// pdf.js (the one officeparser reads the pages with) gives the fields; each value is then put
// beside its label on the page (pdf-forms' placeFields, by the label's and the field's positions).
import type { OfficeContentNode } from 'officeparser';
import { KNOWLEDGE_MESSAGES } from '../../../shared/messages.ts';

export interface FormField {
  /** 1-based. */
  page: number;
  name: string;
  value: string;
  /** The field's rectangle in PDF space (origin bottom left): x1, y1, x2, y2. */
  rect: [number, number, number, number];
}

/** How long pdf.js may take for a form's fields before the file is read without them. */
const FIELDS_TIMEOUT_MS = 10_000;

/** What pdf.js's getFieldObjects gives for one widget of a field (the parts read here). */
interface FieldObject {
  type?: string;
  value?: unknown;
  exportValues?: unknown;
  hidden?: boolean;
  password?: boolean;
  page?: number;
  rect?: number[];
  name?: string;
}

/**
 * The filled fields of a PDF's form, in no particular order: text, a list's or box's choice, a
 * radio group's chosen button (its value). Not read: empty fields, hidden fields, passwords,
 * buttons and signatures — and check boxes (no writer here ticks one to test it with). None when
 * the file has no form or pdf.js cannot read it (its text is read all the same).
 */
export async function pdfFormFields(data: Buffer, signal?: AbortSignal): Promise<FormField[]> {
  // A form is named in the document's catalog; a catalog packed into an object stream cannot be
  // seen in the bytes, so such a file is asked too (a 101-page PDF: 2 ms once pdf.js is loaded).
  if (data.indexOf('/AcroForm') < 0 && data.indexOf('/ObjStm') < 0) return [];
  // Loaded on first use (start-up time); the build for Node without a browser's globals.
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(data), disableFontFace: true, useSystemFonts: false, verbosity: 0, enableXfa: false });
  let timer: NodeJS.Timeout | undefined;
  const stop = () => void task.destroy();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    const fields = await Promise.race([
      task.promise.then((doc) => doc.getFieldObjects()),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), FIELDS_TIMEOUT_MS);
      }),
    ]);
    return Object.entries((fields ?? {}) as Record<string, FieldObject[]>).flatMap(([name, widgets]) => filled(name, widgets));
  } catch {
    return [];
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
    await task.destroy().catch(() => undefined);
  }
}

/**
 * A PDF name's text: a button's value is a name, whose bytes pdf.js hands over one character each;
 * writers put UTF-8 there («Überweisung» came as «Ãberweisung»). Read as UTF-8 when it is.
 */
function nameText(value: string): string {
  // Only a string of bytes (every character below U+0100) with some above ASCII can be UTF-8 read wrongly.
  const codes = Array.from(value, (c) => c.charCodeAt(0));
  if (!codes.some((c) => c >= 0x80) || codes.some((c) => c > 0xff)) return value;
  const bytes = Buffer.from(value, 'latin1');
  const utf8 = bytes.toString('utf8');
  return utf8.includes('\ufffd') ? value : utf8;
}

/** The field's value at each widget that shows it. */
function filled(name: string, widgets: FieldObject[]): FormField[] {
  const shown = (w: FieldObject, value: string): FormField[] => {
    const rect = w.rect;
    if (w.hidden || w.password || typeof w.page !== 'number' || !Array.isArray(rect) || rect.length !== 4 || value.trim() === '') return [];
    return [{ page: w.page + 1, name: name.split('.').pop() ?? name, value: value.replace(/\s+/g, ' ').trim(), rect: rect as FormField['rect'] }];
  };
  return widgets.flatMap((w) => {
    const value = w.value;
    switch (w.type) {
      case 'text':
        return typeof value === 'string' ? shown(w, value) : [];
      case 'combobox':
      case 'listbox':
        return shown(w, Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : '');
      case 'radiobutton':
        // Each button of the group carries the group's value; the one whose own value it is was chosen.
        return typeof value === 'string' && value !== 'Off' && value === w.exportValues ? shown(w, nameText(value)) : [];
      default:
        return [];
    }
  });
}

/**
 * The page's fields put beside their labels: a value follows the text on its line left of the
 * field («Firma: Mühle Weber GmbH»), else the text just above it; a field with neither is added at
 * the end of the page under its name. Changes the page node officeparser gave (its paragraphs'
 * positions: top-left origin, as `bounds`).
 */
export function placeFields(page: OfficeContentNode, fields: FormField[]) {
  const height = (page.metadata as { pageHeight?: number } | undefined)?.pageHeight;
  if (!height || fields.length === 0) return;
  const lines = (page.children ?? []).filter((n): n is OfficeContentNode & { bounds: Bounds } => (n.type === 'paragraph' || n.type === 'heading') && isBounds((n as { bounds?: unknown }).bounds));
  const unplaced: { top: number; node: OfficeContentNode }[] = [];
  for (const field of [...fields].sort((a, b) => a.rect[0] - b.rect[0])) {
    const top = height - field.rect[3];
    const bottom = height - field.rect[1];
    const left = field.rect[0];
    const right = field.rect[2];
    const beside = lines.filter((l) => l.bounds.y < bottom && l.bounds.y + l.bounds.height > top && l.bounds.x + l.bounds.width <= left + 2);
    const above = lines.filter(
      (l) => l.bounds.y + l.bounds.height <= top + 2 && top - (l.bounds.y + l.bounds.height) < Math.max(bottom - top, 12) * 1.5 && l.bounds.x < right && l.bounds.x + l.bounds.width > left,
    );
    const label =
      beside.sort((a, b) => b.bounds.x + b.bounds.width - (a.bounds.x + a.bounds.width))[0] ?? above.sort((a, b) => b.bounds.y - a.bounds.y)[0];
    // «Firma:» takes the value after a space, a label without its colon («Lieferbedingungen») after one.
    const text = label ? labelText(label) : '';
    if (label) label.text = `${text}${/[:?]$/.test(text) ? ' ' : ': '}${field.value}`;
    else unplaced.push({ top, node: { type: 'paragraph', text: KNOWLEDGE_MESSAGES.formField(field.name, field.value) } });
  }
  // The fields without a label at the end of the page, from its top down.
  page.children = [...(page.children ?? []), ...unplaced.sort((a, b) => a.top - b.top).map((u) => u.node)];
}

interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

const isBounds = (b: unknown): b is Bounds =>
  typeof b === 'object' && b !== null && ['x', 'y', 'width', 'height'].every((k) => typeof (b as Record<string, unknown>)[k] === 'number');

/** A paragraph's text as it stands (its own, else its runs'). */
const labelText = (node: OfficeContentNode): string => (node.text ?? (node.children ?? []).map(labelText).join('')).trim();
