import { z } from '../zod.ts';
import { COMMON_MESSAGES, API_KEY_MESSAGES } from '../messages.ts';
import { zText } from './common.ts';

// Keys for the OpenAI-compatible API (/api/apikeys; docs/api.md, decision 018).

export const API_KEYS_MAX = 50;

export const ZApiKeyCreate = z.object({
  name: zText(80, API_KEY_MESSAGES.nameRequired).pipe(z.string().min(3, API_KEY_MESSAGES.nameRequired)),
  /** ISO date (yyyy-mm-dd) the key stops working at the end of, or null for no expiry. */
  expires_at: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, COMMON_MESSAGES.invalidInput)
    .nullable()
    .default(null),
  scope: z.enum(['all', 'selected'], { error: COMMON_MESSAGES.invalidInput }),
  /** The Mikas (uuids) a key with scope "selected" may call. */
  assistants: z.array(z.uuid({ error: COMMON_MESSAGES.invalidInput })).max(500).default([]),
});
export type ApiKeyCreate = z.input<typeof ZApiKeyCreate>;

export const ZApiKey = z.object({
  uuid: z.string(),
  name: z.string(),
  /** The key's first characters ("mika_Ab3xQ…"): enough to recognise it, useless to use it. */
  prefix: z.string(),
  scope: z.enum(['all', 'selected']),
  assistants: z.array(z.object({ uuid: z.string(), name: z.string() })),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  /** Usage booked with the key (tokens in and out), all time. */
  calls: z.number().int(),
});
export type ApiKey = z.output<typeof ZApiKey>;

export const ZApiKeyList = z.object({
  /** Whether the team's plan includes API access (Agency). */
  available: z.boolean(),
  keys: z.array(ZApiKey),
});
export type ApiKeyList = z.output<typeof ZApiKeyList>;

/** The answer to creating a key: the only time the whole key is ever shown. */
export const ZApiKeyCreated = z.object({ key: ZApiKey, secret: z.string(), message: z.string() });
export type ApiKeyCreated = z.output<typeof ZApiKeyCreated>;
