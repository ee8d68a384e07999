import { z } from '../zod.ts';
import { ASSISTANT_MESSAGES, COMMON_MESSAGES } from '../messages.ts';
import { ZAllowedDomains } from './public.ts';
import { zSwitch } from './common.ts';

// Plain values live in constants.ts, so client screens can use them without loading zod.
import { ASSISTANT_LIMITS, ASSISTANT_TYPES, CAN_TALK_OPTIONS, CHAT_STYLES, type AssistantType } from '../constants.ts';
export { ASSISTANT_LIMITS, ASSISTANT_TYPES, CAN_TALK_OPTIONS, CHAT_STYLES, type AssistantType };

/** The assistant's switches are stored as 0/1 (spec). */
const zFlag = zSwitch.transform((on) => (on ? 1 : 0));
const zType = z.enum(ASSISTANT_TYPES, { error: ASSISTANT_MESSAGES.typeRequired });
const zName = z.string({ error: ASSISTANT_MESSAGES.nameMin }).trim().min(ASSISTANT_LIMITS.nameMin, ASSISTANT_MESSAGES.nameMin).max(80);
const zRole = z.string({ error: ASSISTANT_MESSAGES.roleMin }).trim().max(2000);
const zTask = z.string({ error: ASSISTANT_MESSAGES.taskMin }).trim().max(20000);
const zStyle = z.string().trim().max(200);
const zColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, ASSISTANT_MESSAGES.colorInvalid);

/** Rules that depend on the type: role for chat/task, task for chat/task, style for chat. */
function typeRules(v: { type: AssistantType; role?: string; task?: string; style?: string }, ctx: z.RefinementCtx) {
  if (v.type === 'image') return;
  if ((v.role ?? '').length < ASSISTANT_LIMITS.roleMin) ctx.addIssue({ code: 'custom', path: ['role'], message: ASSISTANT_MESSAGES.roleMin });
  if ((v.task ?? '').length < ASSISTANT_LIMITS.taskMin) ctx.addIssue({ code: 'custom', path: ['task'], message: ASSISTANT_MESSAGES.taskMin });
  if (v.type === 'chat' && !CHAT_STYLES.includes((v.style ?? '') as (typeof CHAT_STYLES)[number])) {
    ctx.addIssue({ code: 'custom', path: ['style'], message: ASSISTANT_MESSAGES.styleRequired });
  }
}

export const ZCreateAssistantRequest = z
  .object({
    type: zType,
    is_public: zFlag.default(0),
    name: zName,
    role: zRole.default(''),
    task: zTask.default(''),
    style: zStyle.default(''),
    can_talk: zFlag.default(0),
  })
  .superRefine(typeRules);
export type CreateAssistantRequest = z.input<typeof ZCreateAssistantRequest>;

/**
 * PUT /api/assistant {assistant}: either the whole property form (recognised by `name`) or a
 * partial update of the publish switch and colours, which the Veröffentlichung tab saves at once.
 */
export const ZAssistantEditable = z
  .object({
    uuid: z.uuid(),
    type: zType.optional(),
    name: zName.optional(),
    role: zRole.optional(),
    task: zTask.optional(),
    special: z.string().trim().max(5000).optional(),
    style: zStyle.optional(),
    intro: z.string().trim().max(2000).optional(),
    thinking_expressions: z.string().trim().max(1000).optional(),
    can_talk: zFlag.optional(),
    owner_email: z
      .string()
      .trim()
      .max(254)
      .refine((v) => v === '' || z.email().safeParse(v).success, COMMON_MESSAGES.emailInvalid)
      .optional(),
    is_public: zFlag.optional(),
    primary_background_color: zColor.optional(),
    secondary_background_color: zColor.optional(),
    tertiary_background_color: zColor.optional(),
    button_color: zColor.optional(),
    allowed_domains: ZAllowedDomains.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.name === undefined) return;
    if (!v.type) ctx.addIssue({ code: 'custom', path: ['type'], message: ASSISTANT_MESSAGES.typeRequired });
    else typeRules({ type: v.type, role: v.role, task: v.task, style: v.style }, ctx);
  });
export type AssistantEditable = z.input<typeof ZAssistantEditable>;

export const ZUpdateAssistantRequest = z.object({ assistant: ZAssistantEditable });

export const ZAssistantTypeRequest = z.object({ uuid: z.uuid(), type: zType });

/** PUT /api/assistant/{uuid}/hidden: an admin hides a default Mika for the team, or shows it again. */
export const ZAssistantHiddenRequest = z.object({ hidden: z.boolean({ error: ASSISTANT_MESSAGES.hiddenRequired }) });
export const ZAssistantHiddenResponse = z.object({ status: z.literal('success'), hidden: z.boolean(), message: z.string() });
export type AssistantHiddenResponse = z.infer<typeof ZAssistantHiddenResponse>;

/** What the library, the side navigation and the chat need (docs/product/library-and-wizard.md). */
export const ZAssistantSummary = z.object({
  id: z.number(),
  uuid: z.string(),
  name: z.string(),
  type: z.enum(ASSISTANT_TYPES),
  role: z.string(),
  image: z.string().nullable(),
  logo: z.string().nullable(),
  intro: z.string(),
  can_talk: z.number(),
  is_public: z.number(),
  is_default: z.number(),
  team_id: z.number().nullable(),
  can_use: z.boolean(),
  can_edit: z.boolean(),
  amount_exceeded: z.boolean(),
  primary_background_color: z.string(),
  secondary_background_color: z.string(),
  tertiary_background_color: z.string(),
  button_color: z.string(),
});
export type AssistantSummary = z.infer<typeof ZAssistantSummary>;

/** Everything the edit screen shows (docs/product/library-and-wizard.md). */
export const ZAssistantDetail = ZAssistantSummary.extend({
  task: z.string(),
  special: z.string(),
  style: z.string(),
  thinking_expressions: z.string(),
  provides_form: z.number(),
  owner_email: z.string(),
  main_style: z.string().nullable(),
  sub_style: z.string().nullable(),
  is_image_style_custom: z.number(),
  allowed_domains: z.string(),
});
export type AssistantDetail = z.infer<typeof ZAssistantDetail>;

/** What anyone may see of a published assistant (the public chat page). */
export const ZAssistantPublic = ZAssistantSummary.pick({
  uuid: true,
  name: true,
  type: true,
  image: true,
  logo: true,
  intro: true,
  can_talk: true,
  primary_background_color: true,
  secondary_background_color: true,
  tertiary_background_color: true,
  button_color: true,
});

export const ZShopInfo = z.object({
  userLimitRegular: z.number(),
  assistantLimitRegular: z.number(),
  userAddons: z.number(),
  assistantAddons: z.number(),
  error: z.string().optional(),
  /**
   * Cancelled extras that still run until the end of their paid period (then the amounts above
   * go down): per item the quantity and the last day (YYYY-MM-DD).
   */
  cancellations: z.array(z.object({ item: z.enum(['mika', 'user']), qty: z.number().int(), until: z.string() })).optional(),
});
export type ShopInfo = z.infer<typeof ZShopInfo>;
