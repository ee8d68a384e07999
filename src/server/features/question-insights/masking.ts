// Contact data a visitor typed into a public chat is masked in the insight view (issue 33):
// e-mail addresses, phone numbers, IBANs and the terms of the privacy filter list.
import { QUESTION_INSIGHT_MESSAGES } from '../../../shared/messages.ts';

const MASK = QUESTION_INSIGHT_MESSAGES.masked;
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu;
// Two letters, two digits, then 11–30 letters or digits, spaces allowed in groups of four.
const IBAN = /\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,4})?\b/gi;
// A run of at least six digits with the usual separators, optionally with a leading + or 0.
const PHONE = /(?:\+|\b00|\b0)?\d[\d ()/.-]{5,}\d/g;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Masks e-mail addresses, IBANs, phone numbers and the given filter terms. */
export function maskContactData(text: string, terms: readonly string[] = []): string {
  let out = text.replace(EMAIL, MASK).replace(IBAN, MASK).replace(PHONE, (m) => (m.replace(/\D/g, '').length >= 6 ? MASK : m));
  const words = terms.map((t) => t.trim()).filter((t) => t.length > 0);
  if (words.length > 0) {
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.sort((a, b) => b.length - a.length).map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
    out = out.replace(pattern, MASK);
  }
  return out;
}
