import { z } from '../../../shared/zod.ts';
import { zText } from '../../../shared/schemas/common.ts';
import { ZMcpHeaderInput, ZMcpServerInput, type McpServerAdmin } from '../../../shared/schemas/tools.ts';
import type { McpServerPayload } from './api/create-mcp-server.ts';
import { INSIGHT_TEXTS } from './texts.ts';

/** One header row of the form; `stored` is the name under which a secret is already stored. */
export interface McpHeaderRow {
  name: string;
  value: string;
  stored: string | null;
}

export interface McpFormValues {
  name: string;
  url: string;
  description: string;
  headers: McpHeaderRow[];
}

/**
 * The server's shapes (name, URL, header names) plus the rule of the form: a new header, or a
 * stored one under a new name, needs a value — the server would drop it silently otherwise. An
 * empty value on an unchanged stored header is left out of the payload: the server keeps the secret.
 */
export const ZMcpForm = ZMcpServerInput.omit({ teamUuid: true, headers: true })
  .extend({
    description: zText(2000),
    headers: z
      .array(
        ZMcpHeaderInput.extend({
          value: z.string().max(4000),
          stored: z.string().nullable(),
        }),
      )
      .max(20)
      .superRefine((rows, ctx) => {
        rows.forEach((row, i) => {
          if (row.value.trim() === '' && row.stored !== row.name)
            ctx.addIssue({ code: 'custom', path: [i, 'value'], message: INSIGHT_TEXTS.valueRequired });
        });
      }),
  })
  .transform((v): McpServerPayload => ({
    name: v.name,
    url: v.url,
    description: v.description,
    headers: v.headers.map((h) =>
      h.value.trim() === '' && h.stored === h.name ? { name: h.name } : { name: h.name, value: h.value },
    ),
  }));

export const EMPTY_HEADER: McpHeaderRow = { name: '', value: '', stored: null };

export function formValuesOf(server: McpServerAdmin | null): McpFormValues {
  if (!server)
    return { name: '', url: '', description: '', headers: [{ ...EMPTY_HEADER, name: 'Authorization' }] };
  return {
    name: server.name,
    url: server.url,
    description: server.description,
    headers: server.headers.map((name) => ({ name, value: '', stored: name })),
  };
}
