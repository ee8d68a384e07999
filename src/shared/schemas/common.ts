import { z, ZOD_MESSAGES } from '../zod.ts';
import { COMMON_MESSAGES } from '../messages.ts';

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

/** For `.refine(isCleanText, COMMON_MESSAGES.invalidCharacters)` on strings that need their own chain. */
export const isCleanText = (value: string): boolean => !hasForbiddenChars(value);

/** A switch: 0/1 or a boolean, as the spec's switches send them; read as a boolean. */
export const zSwitch = z
  .union([z.literal(0), z.literal(1), z.boolean()], { error: ZOD_MESSAGES.yesNo })
  .transform((v) => v === true || v === 1);

/** A database id: a positive integer within int4, also from a path or query string. */
export const zId = (message: string = COMMON_MESSAGES.invalidInput) =>
  z.coerce.number({ error: message }).int({ error: message }).positive({ error: message }).max(MAX_DB_INT, { error: message });

/** Free text of at most `max` characters, trimmed, without NUL or lone surrogates. */
export const zText = (max: number, message?: string) =>
  z
    .string(message ? { error: message } : undefined)
    .trim()
    .max(max, message ? { error: message } : undefined)
    .refine(isCleanText, COMMON_MESSAGES.invalidCharacters);

/** Like zText, but kept exactly as sent (passwords, filter lists). */
export const zRawText = (max: number) =>
  z
    .string()
    .max(max)
    .refine(isCleanText, COMMON_MESSAGES.invalidCharacters);

/** The longest file name we keep (uploads and renames). */
export const FILE_NAME_MAX = 200;

// Control characters (tab, line breaks, DEL …) have no place in a file name: they break headers
// and listings. Checked on top of NUL and lone surrogates.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const FILE_NAME_CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The shared rule for a file name, from a multipart upload or a rename: no NUL, lone surrogate or
 * control character, no path (`/`, `\`), 1 to FILE_NAME_MAX characters. Returns the German
 * reason for refusing it, or undefined when it is fine.
 */
export function fileNameProblem(name: string): string | undefined {
  if (hasForbiddenChars(name) || FILE_NAME_CONTROL.test(name)) return COMMON_MESSAGES.fileNameInvalid;
  if (/[\\/]/.test(name)) return COMMON_MESSAGES.fileNamePath;
  if (name.trim().length === 0 || name.length > FILE_NAME_MAX) return COMMON_MESSAGES.fileNameLength(FILE_NAME_MAX);
  return undefined;
}

/** A file name (trimmed) under the shared rule: for renames in JSON bodies. */
export const zFileName = (requiredMessage: string = COMMON_MESSAGES.fileNameLength(FILE_NAME_MAX)) =>
  z.string({ error: requiredMessage }).trim().superRefine((name, ctx) => {
    const problem = name.length === 0 ? requiredMessage : fileNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A random token as the server issues them (base64url), e.g. a thread token. */
export const zToken = (message: string = COMMON_MESSAGES.invalidInput) =>
  z.string({ error: message }).max(100, { error: message }).regex(/^[A-Za-z0-9_-]*$/, { error: message });
