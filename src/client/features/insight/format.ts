import type { AuditEntry } from '../../../shared/schemas/insight.ts';
import { AUDIT_ACTIONS, AUDIT_FIELDS, AUDIT_VALUES, INSIGHT_TEXTS } from './texts.ts';

// Formatting of the Insight screens: German dates, discounts, credits and the audit log's lines.

const NBSP = '\u00a0';
const dateFormat = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
// The server keeps calendar days (trial end, validity) in Europe/Berlin; en-CA writes YYYY-MM-DD.
const berlinDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  // A bare calendar day (YYYY-MM-DD) means that day, not midnight UTC.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T12:00:00`) : new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "31.12.2026"; '' for no or an unreadable date. */
export function formatDate(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? dateFormat.format(date) : '';
}

/** "31.12.2026, 14:35" */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? dateTimeFormat.format(date) : '';
}

/** The calendar day (YYYY-MM-DD, Europe/Berlin) of a moment, for a date field; '' for none. */
export function berlinDay(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? berlinDayFormat.format(date) : '';
}

/** "12,5" credits, at most one decimal. */
export function formatCredits(credits: number): string {
  return credits.toLocaleString('de-DE', { maximumFractionDigits: 1 });
}

/** "50,00 €" */
export function formatEuroCents(cents: number): string {
  return `${(cents / 100).toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${NBSP}€`;
}

/** A discount as "20 %" or "50,00 €". */
export function formatDiscount(discount: { percent_off: number | null; amount_off_cents: number | null }): string {
  if (discount.percent_off !== null) return `${discount.percent_off}${NBSP}%`;
  if (discount.amount_off_cents !== null) return formatEuroCents(discount.amount_off_cents);
  return '';
}

/**
 * A euro amount as typed ("50", "49,90", "1.000,50", "12.5") in cents; null when it is no
 * positive amount with at most two decimals.
 */
export function parseEuroCents(text: string): number | null {
  const trimmed = text.trim().replace(/\s|€/g, '');
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+([.,]\d{1,2})?$/.test(trimmed)) return null;
  const normalized = trimmed.includes(',') ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed;
  const cents = Math.round(Number(normalized) * 100);
  return Number.isFinite(cents) && cents > 0 ? cents : null;
}

export function auditActionLabel(action: string): string {
  return AUDIT_ACTIONS[action] ?? action;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

function scalar(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'ja' : 'nein';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTime(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (typeof value === 'string') return AUDIT_VALUES[value] ?? value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

const fieldName = (key: string) => AUDIT_FIELDS[key] ?? key;

/**
 * One compact line for an audit entry's detail: before → after (per changed field), the request
 * of a change during a live login ("POST /api/assistant · 200"), or its plain fields.
 */
export function auditDetail(entry: Pick<AuditEntry, 'detail'>): string {
  // `route` repeats the path as a pattern, `at` the entry's own time: the path and the time say more.
  const { before, after, method, path, status, route: _route, at: _at, ...rest } = entry.detail;
  const parts: string[] = [];
  if (before !== undefined || after !== undefined) {
    if (isRecord(before) || isRecord(after)) {
      const b = isRecord(before) ? before : {};
      const a = isRecord(after) ? after : {};
      for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
        if (JSON.stringify(b[key]) === JSON.stringify(a[key])) continue;
        parts.push(`${fieldName(key)}: ${scalar(b[key])} → ${scalar(a[key])}`);
      }
    } else {
      parts.push(`${scalar(before)} → ${scalar(after)}`);
    }
  }
  if (typeof method === 'string' && typeof path === 'string') {
    parts.push(status === undefined ? `${method} ${path}` : `${method} ${path} · ${scalar(status)}`);
  }
  for (const [key, value] of Object.entries(rest)) {
    if (isRecord(value) || Array.isArray(value) || value === null || value === undefined || value === '') continue;
    parts.push(`${fieldName(key)}: ${scalar(value)}`);
  }
  return parts.join(' · ');
}

/** The text for a null-able count of months: "3 Monate" or "unbegrenzt". */
export function formatMonths(months: number | null): string {
  return months === null ? INSIGHT_TEXTS.unlimited : INSIGHT_TEXTS.months(months);
}
