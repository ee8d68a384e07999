import { z } from '../zod.ts';
import { M } from '../messages.ts';

// Building blocks every route uses for ids, free text and tokens. They refuse what the database
// or the mail transport cannot take (NUL, lone UTF-16 surrogates, integers past int4), so
// malformed input is a German 422 and never a 500.

/** Largest value of a PostgreSQL `integer` (serial ids). */
export const MAX_DB_INT = 2_147_483_647;

// In unicode mode a surrogate pair is one code point, so the class matches only lone surrogates.
// eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses
const FORBIDDEN_CHARS = /[\u0000\ud800-\udfff]/u;

/** True when a string holds a character no stored text may contain: NUL or a lone surrogate. */
export function hasForbiddenChars(value: string): boolean {
  return FORBIDDEN_CHARS.test(value);
}

/** For `.refine(isCleanText, M.invalidCharacters)` on strings that need their own chain. */
export const isCleanText = (value: string): boolean => !hasForbiddenChars(value);

/** A database id: a positive integer within int4, also from a path or query string. */
export const zId = (message: string = M.invalidInput) =>
  z.coerce.number({ error: message }).int({ error: message }).positive({ error: message }).max(MAX_DB_INT, { error: message });

/** Free text of at most `max` characters, trimmed, without NUL or lone surrogates. */
export const zText = (max: number, message?: string) =>
  z
    .string(message ? { error: message } : undefined)
    .trim()
    .max(max, message ? { error: message } : undefined)
    .refine(isCleanText, M.invalidCharacters);

/** Like zText, but kept exactly as sent (passwords, filter lists). */
export const zRawText = (max: number) =>
  z
    .string()
    .max(max)
    .refine(isCleanText, M.invalidCharacters);

/** A random token as the server issues them (base64url), e.g. a thread token. */
export const zToken = (message: string = M.invalidInput) =>
  z.string({ error: message }).max(100, { error: message }).regex(/^[A-Za-z0-9_-]*$/, { error: message });
