// A spreadsheet cell as a German Excel shows it: the stored number under its number format.
// Workbooks store 1.3.2026 as the serial 46082 and 4,20 € as 4.2; a passage quoting the raw value
// answers «Ab wann gilt der Preis?» with «46082». Shared by .xlsx (officeparser's cells plus the
// formats read here) and .xls (legacy-office.ts). The format language is Excel's (ECMA-376 18.8.31);
// what is not modelled here (fractions, scientific notation) falls back to the general format.

/** Built-in formats by id (ECMA-376 18.8.30, BIFF8 alike), as a German Excel shows them. */
const BUILT_IN: Record<number, string> = {
  0: 'General',
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  5: '#,##0 "€";-#,##0 "€"',
  6: '#,##0 "€";-#,##0 "€"',
  7: '#,##0.00 "€";-#,##0.00 "€"',
  8: '#,##0.00 "€";-#,##0.00 "€"',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  12: '# ?/?',
  13: '# ??/??',
  14: 'dd.mm.yyyy',
  15: 'dd. mmm yy',
  16: 'dd. mmm',
  17: 'mmm yy',
  18: 'hh:mm',
  19: 'hh:mm:ss',
  20: 'hh:mm',
  21: 'hh:mm:ss',
  22: 'dd.mm.yyyy hh:mm',
  37: '#,##0;-#,##0',
  38: '#,##0;-#,##0',
  39: '#,##0.00;-#,##0.00',
  40: '#,##0.00;-#,##0.00',
  41: '#,##0;-#,##0',
  42: '#,##0 "€";-#,##0 "€"',
  43: '#,##0.00;-#,##0.00',
  44: '#,##0.00 "€";-#,##0.00 "€"',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mm:ss',
  48: '##0.0E+0',
  49: '@',
};

/** The format code of a built-in id, or General for an id without one. */
export const builtInFormat = (id: number): string => BUILT_IN[id] ?? 'General';

const MONTHS = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];
const DAYS = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'];

/** A section of a format code split at `;` outside quotes and escapes. */
function sections(code: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    if (c === '\\' && !quoted) {
      current += c + (code[i + 1] ?? '');
      i++;
    } else if (c === '"') {
      quoted = !quoted;
      current += c;
    } else if (c === ';' && !quoted) {
      out.push(current);
      current = '';
    } else current += c;
  }
  out.push(current);
  return out;
}

type Token = { kind: 'literal'; text: string } | { kind: 'code'; text: string };

/** Quoted text, escaped characters and [$€-407] currencies as literals; [Red], [<100] and _x/*x dropped. */
function tokens(section: string): Token[] {
  const out: Token[] = [];
  const literal = (text: string) => {
    const last = out.at(-1);
    if (last?.kind === 'literal') last.text += text;
    else out.push({ kind: 'literal', text });
  };
  for (let i = 0; i < section.length; i++) {
    const c = section[i]!;
    if (c === '"') {
      const end = section.indexOf('"', i + 1);
      literal(section.slice(i + 1, end < 0 ? undefined : end));
      i = end < 0 ? section.length : end;
    } else if (c === '\\') {
      literal(section[i + 1] ?? '');
      i++;
    } else if (c === '_') {
      literal(' ');
      i++;
    } else if (c === '*') i++;
    else if (c === '[') {
      const end = section.indexOf(']', i);
      const inner = section.slice(i + 1, end < 0 ? undefined : end);
      if (inner.startsWith('$')) literal(inner.slice(1).split('-')[0] ?? '');
      else if (/^(h+|m+|s+)$/i.test(inner)) out.push({ kind: 'code', text: `[${inner}]` });
      i = end < 0 ? section.length : end;
    } else {
      const last = out.at(-1);
      if (last?.kind === 'code') last.text += c;
      else out.push({ kind: 'code', text: c });
    }
  }
  return out;
}

const codeText = (ts: Token[]) => ts.filter((t) => t.kind === 'code').map((t) => t.text).join('');

/** Whether a format shows a date or a time: d, m, y, h or s outside literals (not in General). */
export function isDateFormat(code: string): boolean {
  const text = codeText(tokens(sections(code)[0] ?? '')).replace(/General/gi, '');
  return /[dmyhs]/i.test(text) && !/[0#?]/.test(text.replace(/\.0+/g, ''));
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Excel's day serial (1900 system with its 29 Feb 1900, or 1904 system) as UTC milliseconds. */
export function serialToUtc(serial: number, date1904 = false): number {
  const days = date1904 ? serial + 1462 : serial < 60 ? serial + 1 : serial;
  return Math.round((days - 25569) * 86_400_000);
}

const DATE_PART = /\[?(?:y+|m+|d+|h+|s+|e+)\]?|AM\/PM|A\/P/gi;

function formatDate(serial: number, code: string, date1904: boolean): string {
  const date = new Date(serialToUtc(serial, date1904));
  // The format as literals and date parts in order, so «mm» after «h» or before «s» reads as minutes.
  const items: { literal?: string; part?: string }[] = [];
  for (const t of tokens(sections(code)[0] ?? '')) {
    if (t.kind === 'literal') {
      items.push({ literal: t.text });
      continue;
    }
    let last = 0;
    for (const m of t.text.matchAll(DATE_PART)) {
      items.push({ literal: t.text.slice(last, m.index) }, { part: m[0].toLowerCase() });
      last = m.index + m[0].length;
    }
    // Fractions of a second («ss.0») are not shown.
    items.push({ literal: t.text.slice(last) });
  }
  const parts = items.filter((i) => i.part !== undefined).map((i) => i.part!);
  let out = '';
  let p = 0;
  for (const item of items) {
    if (item.part === undefined) {
      out += item.literal!.replace(/\.?0+/g, '');
      continue;
    }
    const part = item.part;
    const index = p++;
    const letter = part.replace(/[[\]]/g, '')[0];
    const n = part.replace(/[[\]]/g, '').length;
    if (part === 'am/pm' || part === 'a/p') continue;
    if (letter === 'y' || letter === 'e') out += n <= 2 ? pad(date.getUTCFullYear() % 100) : String(date.getUTCFullYear());
    else if (letter === 'd')
      out += n === 1 ? date.getUTCDate() : n === 2 ? pad(date.getUTCDate()) : n === 3 ? DAYS[date.getUTCDay()]!.slice(0, 2) : DAYS[date.getUTCDay()];
    else if (letter === 'h') {
      const h = part.startsWith('[') ? Math.floor(serial * 24) : date.getUTCHours();
      out += n === 1 || part.startsWith('[') ? h : pad(h);
    } else if (letter === 's') out += n === 1 ? date.getUTCSeconds() : pad(date.getUTCSeconds());
    else {
      const minutes = (parts[index - 1]?.replace('[', '').startsWith('h') ?? false) || (parts[index + 1]?.replace('[', '').startsWith('s') ?? false);
      const month = date.getUTCMonth();
      if (minutes) out += part.startsWith('[') ? Math.floor(serial * 1440) : n === 1 ? date.getUTCMinutes() : pad(date.getUTCMinutes());
      else out += n === 1 ? month + 1 : n === 2 ? pad(month + 1) : n === 3 ? MONTHS[month]!.slice(0, 3) : n === 4 ? MONTHS[month] : MONTHS[month]![0];
    }
  }
  return out.trim();
}

/** A number with German separators: «1.234,50». */
function germanNumber(value: number, decimals: number, thousands: boolean): string {
  const [whole, fraction] = value.toFixed(decimals).split('.');
  const grouped = thousands ? whole!.replace(/\B(?=(\d{3})+(?!\d))/g, '.') : whole!;
  return fraction ? `${grouped},${fraction}` : grouped;
}

/** The general format: up to 15 significant digits (no binary noise), a decimal comma. */
export const generalNumber = (value: number): string => String(Number(value.toPrecision(15))).replace('.', ',');

function formatNumber(value: number, code: string): string {
  const all = sections(code);
  let section = all[0] ?? 'General';
  let shown = value;
  let sign = '';
  if (value < 0 && all.length >= 2 && all[1] !== '') {
    section = all[1]!;
    shown = -value;
  } else if (value === 0 && all.length >= 3 && all[2] !== '') section = all[2]!;
  else if (value < 0) {
    sign = '-';
    shown = -value;
  }
  const parts = tokens(section);
  const code0 = codeText(parts);
  if (/General/i.test(code0) || /[eE][+-]|\?\/|\/\?|@/.test(code0) || !/[0#?]/.test(code0)) {
    const literalOnly = !/[0#?]/.test(code0) && !/General|@/i.test(code0);
    if (literalOnly && parts.some((t) => t.kind === 'literal')) return parts.map((t) => (t.kind === 'literal' ? t.text : '')).join('').trim();
    return sign + generalNumber(shown);
  }
  const pattern = /[0#?][0#?,]*(\.[0#?]*)?|\.[0#?]+/.exec(code0)!;
  const decimals = (pattern[1] ?? (pattern[0].startsWith('.') ? pattern[0] : '')).replace('.', '').length;
  const integerPart = pattern[0].split('.')[0]!;
  const thousands = /[0#?],[0#?]/.test(integerPart);
  const trailingCommas = /,+$/.exec(integerPart)?.[0].length ?? 0;
  const percent = code0.includes('%');
  const scaled = (shown * (percent ? 100 : 1)) / 1000 ** trailingCommas;
  const number = germanNumber(scaled, decimals, thousands);
  // The number in place of its pattern, the literals around it as they stand.
  let out = '';
  let placed = false;
  for (const t of parts) {
    if (t.kind === 'literal') out += t.text;
    else if (!placed && t.text.includes(pattern[0])) {
      const at = t.text.indexOf(pattern[0]);
      out += t.text.slice(0, at).replace(/[0#?,.]/g, '') + number + t.text.slice(at + pattern[0].length).replace(/[0#?,.]/g, '');
      placed = true;
    } else out += t.text.replace(/[0#?,.]/g, '');
  }
  return (sign + out).replace(/\s+/g, ' ').trim();
}

/** A stored number as the cell shows it under `code` (a format code; General when absent). */
export function formatCell(value: number, code: string, date1904 = false): string {
  if (!Number.isFinite(value)) return '';
  if (isDateFormat(code) && value >= 0 && value < 2_958_466) return formatDate(value, code, date1904);
  return formatNumber(value, code);
}

/** TRUE and FALSE as a German Excel shows them. */
export const booleanText = (value: boolean): string => (value ? 'WAHR' : 'FALSCH');
