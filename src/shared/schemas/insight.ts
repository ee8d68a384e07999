import { z } from '../zod.ts';
import { COMMON_MESSAGES, INSIGHT_MESSAGES } from '../messages.ts';
import { zText } from './common.ts';

// The operator area (Insight, docs/product/operator-area.md; docs/operations.md). Every call is for
// superadmins only; the server checks the role on each of them.

/** docs/product/operator-area.md: the Insight table shows up to 100 rows per page. */
export const INSIGHT_PAGE_SIZE = 100;
export const INSIGHT_SORTS = ['name', 'users', 'mikas', 'credits', 'created_at', 'deleted_at'] as const;
export type InsightSort = (typeof INSIGHT_SORTS)[number];

export const ZInsightQuery = z.object({
  page: z.coerce.number({ error: COMMON_MESSAGES.invalidInput }).int(COMMON_MESSAGES.invalidInput).min(1, COMMON_MESSAGES.invalidInput).max(100_000, COMMON_MESSAGES.invalidInput).default(1),
  /** Part of the team name or of a member's e-mail address. */
  search: zText(100).default(''),
  sort: z.enum(INSIGHT_SORTS, { error: COMMON_MESSAGES.invalidInput }).default('name'),
  direction: z.enum(['asc', 'desc'], { error: COMMON_MESSAGES.invalidInput }).default('asc'),
});

/** Insight list item (docs/product/operator-area.md) plus the owner's e-mail (search hits) and the plan slug. */
export const ZInsightRow = z.object({
  uuid: z.string(),
  name: z.string(),
  owner_email: z.string().nullable(),
  plan_slug: z.string(),
  amount_used_users: z.number().int(),
  amount_used_mikas: z.number().int(),
  /** Credits used in the current month (Europe/Berlin). */
  amount_credits: z.number(),
  subscription_info: z.string(),
  deleted_at: z.string().nullable(),
});
export type InsightRow = z.output<typeof ZInsightRow>;

/** One page of teams (Laravel-style pagination). */
export const ZInsightList = z.object({
  data: z.array(ZInsightRow),
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type InsightList = z.output<typeof ZInsightList>;

export const ZDiscount = z.object({
  code: z.string(),
  percent_off: z.number().int().nullable(),
  amount_off_cents: z.number().int().nullable(),
  applied_at: z.string(),
  /** Last day the discount applies to invoices (null: no end). */
  valid_until: z.string().nullable(),
});

/** Team insight detail (docs/product/operator-area.md) and what the action view needs besides. */
export const ZTeamInsight = z.object({
  uuid: z.string(),
  name: z.string(),
  trial_ends_at: z.string().nullable(),
  /** Plans the operator can set: id `trial`, `other` or `{slug}:{monthly|yearly}`. */
  prices: z.array(z.object({ id: z.string(), name: z.string() })),
  currentPriceId: z.string(),
  amount_mikas: z.number().int(),
  amount_users: z.number().int(),
  amount_public_licences: z.number().int(),
  amount_extra_users: z.number().int(),
  amount_extra_mikas: z.number().int(),
  amount_extra_public_licences: z.number().int(),
  plan_slug: z.string(),
  billing_provider: z.enum(['invoice', 'stripe']),
  owner: z.object({ name: z.string(), email: z.string() }).nullable(),
  deleted_at: z.string().nullable(),
  /** When a soft-deleted team is purged for good (deleted_at + TEAM_RETENTION_DAYS). */
  purge_at: z.string().nullable(),
  discount: ZDiscount.nullable(),
});
export type TeamInsight = z.output<typeof ZTeamInsight>;

const zTeamUuid = z.uuid({ error: COMMON_MESSAGES.invalidInput });
const zAmount = z.coerce.number({ error: INSIGHT_MESSAGES.amountInvalid }).int(INSIGHT_MESSAGES.amountInvalid).min(0, INSIGHT_MESSAGES.amountInvalid).max(1000, INSIGHT_MESSAGES.amountInvalid);

export const EXTRA_ITEM_TYPES = ['user', 'mika', 'public_licence'] as const;
export type ExtraItemType = (typeof EXTRA_ITEM_TYPES)[number];
export const ZExtraItem = z.object({
  teamUuid: zTeamUuid,
  qty: z.coerce.number({ error: INSIGHT_MESSAGES.qtyInvalid }).int(INSIGHT_MESSAGES.qtyInvalid).min(1, INSIGHT_MESSAGES.qtyInvalid).max(100, INSIGHT_MESSAGES.qtyInvalid),
  itemType: z.enum(EXTRA_ITEM_TYPES, { error: COMMON_MESSAGES.invalidInput }),
});
export type ExtraItem = z.input<typeof ZExtraItem>;

export const ZUpdateAmounts = z.object({
  teamUuid: zTeamUuid,
  amountUsers: zAmount,
  amountMikas: zAmount,
  amountPublicLicences: zAmount,
});
export type UpdateAmounts = z.input<typeof ZUpdateAmounts>;

export const ZApplyPromotion = z.object({
  teamUuid: zTeamUuid,
  promotionCode: zText(64).pipe(z.string().min(1, INSIGHT_MESSAGES.promotionCodeRequired)),
});
export const ZUpdateSubscription = z.object({ teamUuid: zTeamUuid, newPriceId: zText(40) });
/** A calendar day (YYYY-MM-DD): the trial ends at the end of that day, Europe/Berlin. */
export const ZChangeTrial = z.object({
  teamUuid: zTeamUuid,
  trialEndsAt: z.string({ error: INSIGHT_MESSAGES.trialDateInvalid }).regex(/^\d{4}-\d{2}-\d{2}/, INSIGHT_MESSAGES.trialDateInvalid),
});
export const ZLiveLogin = z.object({ teamUuid: zTeamUuid, reason: zText(300).default('') });
export const ZLiveLoginStarted = z.object({
  status: z.literal('success'),
  message: z.string(),
  /** The marker the browser keeps in local storage (docs/product/operator-area.md). */
  marker: z.object({ status: z.literal(true), teamName: z.string() }),
  expires_at: z.string(),
});
export const ZDeleteTeam = z.object({
  teamUuid: zTeamUuid,
  deleteStripeCustomer: z.coerce.number().int().min(0).max(1).default(0),
  softDelete: z.coerce.number().int().min(0).max(1).default(1),
});
export const ZRestoreTeam = z.object({ teamUuid: zTeamUuid });

/** One entry of the audit log (operator actions, API keys, data protection). */
export const ZAuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  actor: z.string().nullable(),
  live: z.boolean(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.output<typeof ZAuditEntry>;
export const ZAuditList = z.array(ZAuditEntry);

/** Promotion codes kept by superadmins (Rechnung provider; Stripe keeps its own). */
export const ZPromotionCode = z.object({
  id: z.number().int(),
  code: z.string(),
  percent_off: z.number().int().nullable(),
  amount_off_cents: z.number().int().nullable(),
  valid_until: z.string().nullable(),
  /** How many months the discount applies to a team's invoices (null: forever). */
  duration_months: z.number().int().nullable(),
  redemptions: z.number().int(),
  active: z.boolean(),
});
export type PromotionCode = z.output<typeof ZPromotionCode>;
export const ZPromotionCodeInput = z
  .object({
    code: zText(64).pipe(z.string().regex(/^[A-Za-z0-9_-]{3,64}$/, INSIGHT_MESSAGES.promotionCodeFormat)),
    percent_off: z.coerce.number().int().min(1, INSIGHT_MESSAGES.discountInvalid).max(100, INSIGHT_MESSAGES.discountInvalid).nullable().default(null),
    amount_off_cents: z.coerce.number().int().min(1, INSIGHT_MESSAGES.discountInvalid).max(10_000_000, INSIGHT_MESSAGES.discountInvalid).nullable().default(null),
    valid_until: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, INSIGHT_MESSAGES.trialDateInvalid).nullable().default(null),
    duration_months: z.coerce.number().int().min(1, INSIGHT_MESSAGES.discountInvalid).max(120, INSIGHT_MESSAGES.discountInvalid).nullable().default(null),
  })
  .refine((v) => (v.percent_off === null) !== (v.amount_off_cents === null), { message: INSIGHT_MESSAGES.discountOneOf, path: ['percent_off'] });
export type PromotionCodeInput = z.input<typeof ZPromotionCodeInput>;

/** The team's own view of support's live logins (Datenschutz → Support-Zugriffe). */
export const ZSupportAccess = z.object({
  started_at: z.string(),
  ended_at: z.string().nullable(),
  /** Planned end; the access ends by itself then at the latest. */
  expires_at: z.string(),
  operator: z.string(),
  reason: z.string(),
  /** Changes made during the access (count of audited calls). */
  changes: z.number().int(),
});
export type SupportAccess = z.output<typeof ZSupportAccess>;
export const ZSupportAccessList = z.array(ZSupportAccess);

/** A mail of the outbox as support sees it: every link token redacted (docs/operations.md). */
export const ZOutboxMail = z.object({
  id: z.number().int(),
  created_at: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.string(),
  text: z.string(),
});
export const ZTeamOutbox = z.object({
  /** Whether mails leave by SMTP (then the outbox is only a record). */
  smtp: z.boolean(),
  mails: z.array(ZOutboxMail),
});
export type TeamOutbox = z.output<typeof ZTeamOutbox>;
