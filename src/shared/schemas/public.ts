import { z } from '../zod.ts';
import { PUBLIC_CHAT_MESSAGES } from '../messages.ts';
import { zEmail, zNameRule } from './auth.ts';
import { zId, zRawText, zText, zToken } from './common.ts';

export const FORM_FIELDS = ['firstname', 'lastname', 'company', 'email', 'phone', 'notes'] as const;
export type FormField = (typeof FORM_FIELDS)[number];

export const FORM_FIELD_LABELS: Record<FormField, string> = {
  firstname: 'Vorname',
  lastname: 'Nachname',
  company: 'Firma',
  email: 'E-Mail',
  phone: 'Telefon',
  notes: 'Nachricht',
};

export const ZFormInfo = z.object({
  firstname: z.boolean(),
  lastname: z.boolean(),
  company: z.boolean(),
  email: z.boolean(),
  phone: z.boolean(),
  notes: z.boolean(),
});
export type FormInfo = z.infer<typeof ZFormInfo>;

const optionalText = (max: number) => zText(max).optional().default('');

/** docs/product/public-chat-and-embed.md: names and company use the name rule, e-mail the e-mail rule; phone and notes free. */
export function contactFormSchema(info: FormInfo) {
  return z.object({
    assistantUuid: z.uuid(),
    threadId: zId(),
    token: zToken().optional(),
    firstname: info.firstname ? zNameRule(FORM_FIELD_LABELS.firstname) : optionalText(120),
    lastname: info.lastname ? zNameRule(FORM_FIELD_LABELS.lastname) : optionalText(120),
    company: info.company ? zNameRule(FORM_FIELD_LABELS.company) : optionalText(120),
    email: info.email ? zEmail : optionalText(254),
    phone: optionalText(60),
    notes: optionalText(5000),
  });
}

/** The loose envelope the route accepts; the per-assistant rules run in the service. */
export const ZContactFormEnvelope = z
  .object({ assistantUuid: z.uuid(), threadId: zId(), token: zToken().optional() })
  .passthrough();

export function splitAddresses(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function invalidAddresses(value: string): string[] {
  return splitAddresses(value).filter((a) => !z.email().safeParse(a).success);
}

export const ZFormSettings = z
  .object({
    active: z.boolean().optional(),
    firstname: z.boolean(),
    lastname: z.boolean(),
    company: z.boolean(),
    email: z.boolean(),
    phone: z.boolean(),
    notes: z.boolean(),
    send_to: z.string().trim().max(2000).default(''),
    send_to_user: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (splitAddresses(v.send_to).length === 0 && !v.send_to_user) {
      ctx.addIssue({ code: 'custom', path: ['send_to'], message: PUBLIC_CHAT_MESSAGES.sendToRequired });
      return;
    }
    const bad = invalidAddresses(v.send_to);
    if (bad.length > 0) ctx.addIssue({ code: 'custom', path: ['send_to'], message: PUBLIC_CHAT_MESSAGES.sendToInvalid(bad) });
  });
export type FormSettingsInput = z.input<typeof ZFormSettings>;
/** The contact form's stored settings (docs/product/public-chat-and-embed.md: "Form settings"). */
export type FormSettings = Required<Omit<z.output<typeof ZFormSettings>, 'active'>>;
/** GET /api/tool/form/{assistantUuid}: the settings and whether the form is on. */
export type FormToolState = FormSettings & { active: boolean };

export const ZFormSettingsRequest = z.object({ form: ZFormSettings });
export const ZFormSettingsResponse = z.object({
  active: z.boolean(),
  firstname: z.boolean(),
  lastname: z.boolean(),
  company: z.boolean(),
  email: z.boolean(),
  phone: z.boolean(),
  notes: z.boolean(),
  send_to: z.string(),
  send_to_user: z.boolean(),
});

/** Hosts allowed to embed the public chat: "firma.de, www.firma.de" (empty = any website). */
export const ZAllowedDomains = z
  .string()
  .trim()
  .max(1000)
  .refine(
    (v) =>
      v === '' ||
      splitAddresses(v).every((d) => /^(\*\.)?([a-z0-9-]+\.)+[a-z]{2,}(:\d+)?$|^localhost(:\d+)?$|^127\.0\.0\.1(:\d+)?$/i.test(d)),
    PUBLIC_CHAT_MESSAGES.domainsInvalid,
  );

export const ZMsgToVoiceRequest = z.object({
  assistantUuid: z.uuid(),
  threadId: zId(),
  token: zToken().optional(),
  /** The stored answer to speak (required: the server speaks only what it stored). */
  msgId: zId(),
  /** Accepted for compatibility with the spec's client, never spoken. */
  msg: zRawText(20_000).optional(),
});

