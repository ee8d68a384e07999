import { z } from '../zod.ts';
import { COMMON_MESSAGES, TOOL_MESSAGES } from '../messages.ts';
import { isCleanText, zId, zSwitch, zText } from './common.ts';

// Shapes of the Tools tab (docs/product/knowledge-and-tools.md) and the superadmins' MCP set-up. Documented in
// docs/decisions/015-tools-email-mcp.md.

export const EMAIL_CONTACTS_MAX = 50;

/** E-mail tool contact (docs/product/knowledge-and-tools.md: "E-mail tool contacts" name ≥ 5, valid e-mail). */
export const ZEmailContact = z.object({
  name: z
    .string({ error: TOOL_MESSAGES.contactNameMin })
    .trim()
    .min(5, TOOL_MESSAGES.contactNameMin)
    .max(120, TOOL_MESSAGES.contactNameMin)
    .refine(isCleanText, COMMON_MESSAGES.invalidCharacters),
  email: z
    .string({ error: TOOL_MESSAGES.contactEmailRequired })
    .trim()
    .min(1, TOOL_MESSAGES.contactEmailRequired)
    .max(254, TOOL_MESSAGES.contactEmailInvalid)
    .pipe(z.email({ error: TOOL_MESSAGES.contactEmailInvalid })),
});
export type EmailContact = z.output<typeof ZEmailContact>;

export const ZEmailContacts = z
  .array(ZEmailContact, { error: TOOL_MESSAGES.contactsInvalid })
  .max(EMAIL_CONTACTS_MAX, TOOL_MESSAGES.contactsTooMany(EMAIL_CONTACTS_MAX))
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((c, i) => {
      const key = c.email.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: [i, 'email'], message: TOOL_MESSAGES.contactDuplicate(c.email) });
      seen.add(key);
    });
  });

/** POST /api/tool/email/{assistantUuid}: `properties` is the contact list as a JSON string (docs/product/knowledge-and-tools.md). */
export const ZEmailToolRequest = z.object({
  properties: z
    .string({ error: TOOL_MESSAGES.contactsInvalid })
    .max(50_000, TOOL_MESSAGES.contactsInvalid)
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: TOOL_MESSAGES.contactsInvalid });
        return z.NEVER;
      }
    })
    .pipe(ZEmailContacts),
});

export const ZEmailToolResponse = z.object({
  active: z.boolean(),
  properties: z.array(z.object({ name: z.string(), email: z.string() })),
});
export type EmailToolState = z.output<typeof ZEmailToolResponse>;

/** GET /api/tools/{assistantUuid}: each tool kind with the assistant's switch (docs/product/knowledge-and-tools.md: "Tool"). */
export const ZToolItem = z.object({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  slug: z.enum(['form', 'email', 'asset']),
  description: z.string(),
  active: z.boolean(),
});
export type ToolItem = z.output<typeof ZToolItem>;

export const ZToggleTool = z.object({
  assistantUuid: z.uuid({ error: COMMON_MESSAGES.invalidInput }),
  toolUuid: z.uuid({ error: COMMON_MESSAGES.invalidInput }),
  state: zSwitch,
});

/** POST /api/assets/formsettting {assistant}: the contact-form switch of the assistant. */
export const ZFormSwitchRequest = z.object({
  assistant: z.object({ uuid: z.uuid({ error: COMMON_MESSAGES.invalidInput }), provides_form: zSwitch }),
});

// ---- External tools (MCP) ----

export const ZMcpTool = z.object({ name: z.string(), description: z.string() });

/** GET /api/mcps/{assistantUuid}/{flag} item (docs/product/knowledge-and-tools.md: "External tool (mcp)"). */
export const ZMcpItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Plain text: the server's description with any markup removed (it comes from outside). */
  description: z.string(),
  active: z.boolean(),
  tools: z.array(ZMcpTool),
  refreshed_at: z.string().nullable(),
  /** German reason when the tool list could not be fetched. */
  error: z.string().nullable(),
});
export type McpItem = z.output<typeof ZMcpItem>;

export const ZToggleMcp = z.object({
  assistantUuid: z.uuid({ error: COMMON_MESSAGES.invalidInput }),
  mcpId: zId(),
  state: zSwitch,
});

const zHeaderName = z
  .string()
  .trim()
  .min(1, TOOL_MESSAGES.mcpHeaderInvalid)
  .max(100, TOOL_MESSAGES.mcpHeaderInvalid)
  .regex(/^[A-Za-z0-9-]+$/, TOOL_MESSAGES.mcpHeaderInvalid);

/** A header of an MCP server: the value is a secret; left out on update it keeps the stored one. */
export const ZMcpHeaderInput = z.object({ name: zHeaderName, value: zText(4000).optional() });

export const ZMcpServerInput = z.object({
  teamUuid: z.uuid({ error: COMMON_MESSAGES.invalidInput }),
  name: zText(80, TOOL_MESSAGES.mcpNameRequired).pipe(z.string().min(3, TOOL_MESSAGES.mcpNameRequired)),
  url: zText(2000, TOOL_MESSAGES.mcpUrlInvalid).pipe(z.url({ error: TOOL_MESSAGES.mcpUrlInvalid, protocol: /^https?$/ })),
  description: zText(2000).default(''),
  headers: z.array(ZMcpHeaderInput).max(20).default([]),
});
export const ZMcpServerUpdate = ZMcpServerInput.extend({ mcpId: zId() });

/** A configured MCP server as superadmins see it: header names only, never their values. */
export const ZMcpServerAdmin = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  description: z.string(),
  headers: z.array(z.string()),
  tools: z.array(ZMcpTool),
  refreshed_at: z.string().nullable(),
  error: z.string().nullable(),
  calls_24h: z.number().int(),
  failed_24h: z.number().int(),
});
export type McpServerAdmin = z.output<typeof ZMcpServerAdmin>;
