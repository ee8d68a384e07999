import { z } from '../zod.ts';
import { COMMON_MESSAGES, COMMERCE_MESSAGES } from '../messages.ts';
import { zText } from './common.ts';
import { EU_COUNTRIES, isEuCountry, isValidVatId, normaliseVatId, vatIdMatchesCountry } from '../vat.ts';
import { BILLING_PERIODS, BOOKABLE_PLANS, SHOP_QTY, TOPUP_LIMITS } from '../constants.ts';

// The commerce API contract (issue 14): plans and booking, shop extras, credits, orders,
// invoices and the billing address. Money in cents (integers); credits as numbers with at most
// one decimal in answers. Dates are ISO strings. Server and client share these shapes.

export { ZShopInfo, type ShopInfo } from './assistants.ts';

/** `{ status: 'success', message }` like the existing routes. */
export const ZSuccessMessage = z.object({ status: z.literal('success'), message: z.string() });
export type SuccessMessage = z.output<typeof ZSuccessMessage>;

// ---------------------------------------------------------------------------------------------
// Offer (docs/product/plans.md)

export const PAID_PLAN_SLUGS = BOOKABLE_PLANS;
export type PaidPlanSlug = (typeof PAID_PLAN_SLUGS)[number];

export const ZOfferBook = z.object({
  slug: z.enum(PAID_PLAN_SLUGS, { error: COMMON_MESSAGES.invalidInput }),
  billingPeriod: z.enum(BILLING_PERIODS, { error: COMMON_MESSAGES.invalidInput }),
});
export type OfferBook = z.output<typeof ZOfferBook>;

// ---------------------------------------------------------------------------------------------
// Shop (docs/product/plans.md)

export { SHOP_QTY };
export const SHOP_PRODUCTS = ['mika', 'user'] as const;
export type ShopProduct = (typeof SHOP_PRODUCTS)[number];

export const zShopQty = z.coerce
  .number({ error: COMMERCE_MESSAGES.shopQuantity })
  .int({ error: COMMERCE_MESSAGES.shopQuantity })
  .min(SHOP_QTY.min, { error: COMMERCE_MESSAGES.shopQuantity })
  .max(SHOP_QTY.max, { error: COMMERCE_MESSAGES.shopQuantity });

/** POST /api/shop/mika and /api/shop/user. */
export const ZShopAdd = z.object({ qty: zShopQty });

// ---------------------------------------------------------------------------------------------
// Credits (docs/product/plans.md)

export const ZCreditMonth = z.object({
  month: z.number().int().min(1).max(12),
  year: z.number().int(),
  booked: z.number(),
  used: z.number(),
  added_from_orders: z.number(),
});
export type CreditMonth = z.output<typeof ZCreditMonth>;

/** GET /api/credits: past months newest first (up to 12), the current month, the balance now. */
export const ZCredits = z.object({ past: z.array(ZCreditMonth), current: ZCreditMonth, left: z.number() });
export type Credits = z.output<typeof ZCredits>;

/** GET /api/credits/daily?month=YYYY-MM */
export const ZCreditsDaily = z.object({
  month: z.string(),
  /** Every day of the month up to today. */
  days: z.array(z.object({ date: z.string(), credits: z.number() })),
  /** Usage per Mika, most first; API and other usage under a name the server gives (uuid null). */
  assistants: z.array(z.object({ uuid: z.string().nullable(), name: z.string(), credits: z.number() })),
});
export type CreditsDaily = z.output<typeof ZCreditsDaily>;

// ---------------------------------------------------------------------------------------------
// Orders and invoices (docs/product/plans.md)

export const ORDER_STATUSES = ['paid', 'open', 'failed', 'cancelled'] as const;
export const ZOrder = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Credits bought. */
  amount: z.number(),
  price_cents: z.number().int(),
  created_at: z.string(),
  /** The invoice id for GET /api/invoice/{id}, also with the provider "Rechnung". */
  stripe_invoice_id: z.string().nullable(),
});
export type Order = z.output<typeof ZOrder>;
export const ZOrders = z.array(ZOrder);

/** GET /api/invoice/{id} */
export const ZInvoiceUrl = z.object({ url: z.string() });

/** GET /checkout?amount=N: whole credits, default 100. */
export const CHECKOUT_AMOUNT = TOPUP_LIMITS;

const zCheckoutAmount = z.coerce
  .number({ error: COMMERCE_MESSAGES.topUpAmountInvalid })
  .int(COMMERCE_MESSAGES.topUpAmountInvalid)
  .min(CHECKOUT_AMOUNT.min, COMMERCE_MESSAGES.topUpAmountInvalid)
  .max(CHECKOUT_AMOUNT.max, COMMERCE_MESSAGES.topUpAmountInvalid);

/** POST /api/checkout: the purchase itself (the confirmation's "Kostenpflichtig bestellen"). */
export const ZCheckoutRequest = z.object({ amount: zCheckoutAmount });
export const ZCheckoutResponse = z.object({ url: z.string() });

/** GET /api/checkout/preview?amount=N: what the confirmation shows; changes nothing. */
export const ZCheckoutPreviewQuery = z.object({ amount: zCheckoutAmount });
export const ZCheckoutPreview = z.object({
  amount: z.number().int(),
  net_cents: z.number().int(),
  vat_cents: z.number().int(),
  total_cents: z.number().int(),
  vat_percent: z.number().int(),
  /** S (German VAT), AE (reverse charge) or O (not taxable in Germany). */
  vat_category: z.enum(['S', 'AE', 'O']),
  /** No billing address yet: the purchase leads to /Billing first. */
  needs_address: z.boolean(),
  provider: z.enum(['invoice', 'stripe']),
});
export type CheckoutPreview = z.output<typeof ZCheckoutPreview>;

/** GET /api/insight/invoices: open invoices (operators), oldest due date first. */
export const ZOpenInvoice = z.object({
  id: z.string(),
  number: z.string(),
  team_uuid: z.string().nullable(),
  team_name: z.string(),
  company: z.string(),
  description: z.string(),
  created_at: z.string(),
  due_at: z.string().nullable(),
  total_cents: z.number().int(),
  /** Days past the due date (0 while not overdue). */
  overdue_days: z.number().int(),
  reminders_sent: z.number().int(),
  /** Both reminders went out: the operator follows up. */
  flagged: z.boolean(),
});
export type OpenInvoice = z.output<typeof ZOpenInvoice>;
export const ZOpenInvoices = z.object({ invoices: z.array(ZOpenInvoice) });
export const ZCancelInvoiceResponse = z.object({ status: z.literal('success'), message: z.string(), credit_note: z.string() });

// ---------------------------------------------------------------------------------------------
// Billing address (provider "Rechnung"; the payment method is a complete address)

export const BILLING_PROVIDERS = ['invoice', 'stripe'] as const;

/** Countries offered in the form (ISO 3166 alpha-2); DE is the default. */
export const BILLING_COUNTRIES = ['DE', ...EU_COUNTRIES.filter((c) => c !== 'DE'), 'CH', 'LI', 'NO', 'GB'] as const;

const POSTCODE: Record<string, RegExp> = {
  DE: /^\d{5}$/,
  AT: /^\d{4}$/,
  CH: /^\d{4}$/,
  LI: /^\d{4}$/,
  LU: /^\d{4}$/,
  BE: /^\d{4}$/,
  DK: /^\d{4}$/,
  NL: /^\d{4} ?[A-Z]{2}$/i,
  PL: /^\d{2}-\d{3}$/,
  CZ: /^\d{3} ?\d{2}$/,
  SE: /^\d{3} ?\d{2}$/,
};

/** True when the postcode fits the country (5 digits in Germany; a loose check elsewhere). */
export function isValidPostcode(postcode: string, country: string): boolean {
  const pattern = POSTCODE[country] ?? /^[A-Z0-9][A-Z0-9 -]{1,9}$/i;
  return pattern.test(postcode.trim());
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const ZBillingAddress = z
  .object({
    company: zText(200, COMMERCE_MESSAGES.billingCompanyRequired).pipe(z.string().min(2, COMMERCE_MESSAGES.billingCompanyRequired)),
    street: zText(200, COMMERCE_MESSAGES.billingStreetRequired).pipe(z.string().min(3, COMMERCE_MESSAGES.billingStreetRequired)),
    postcode: zText(12, COMMERCE_MESSAGES.billingPostcodeInvalid),
    city: zText(120, COMMERCE_MESSAGES.billingCityRequired).pipe(z.string().min(2, COMMERCE_MESSAGES.billingCityRequired)),
    country: z.string({ error: COMMERCE_MESSAGES.billingCountryInvalid }).regex(/^[A-Z]{2}$/, COMMERCE_MESSAGES.billingCountryInvalid).default('DE'),
    vat_id: z
      .string()
      .trim()
      .max(20, COMMERCE_MESSAGES.billingVatIdInvalid)
      .nullable()
      .default(null)
      .transform((v) => (v ? normaliseVatId(v) : null))
      .refine((v) => v === null || isValidVatId(v), COMMERCE_MESSAGES.billingVatIdInvalid),
    invoice_email: zText(254, COMMERCE_MESSAGES.billingInvoiceEmailInvalid).pipe(z.string().regex(EMAIL, COMMERCE_MESSAGES.billingInvoiceEmailInvalid)),
    /** Public-sector buyers: the Leitweg-ID of the XRechnung (BT-10), e.g. 991-12345-67. */
    leitweg_id: z
      .string()
      .trim()
      .max(46, COMMERCE_MESSAGES.billingLeitwegIdInvalid)
      .nullish()
      .transform((v) => (v ? v.toUpperCase() : null))
      .refine((v) => v === null || /^\d{2,12}(-[A-Z0-9]{1,30})?-\d{2}$/.test(v), COMMERCE_MESSAGES.billingLeitwegIdInvalid),
  })
  .superRefine((value, ctx) => {
    if (value.vat_id && isValidVatId(value.vat_id) && !vatIdMatchesCountry(value.vat_id, value.country)) {
      ctx.addIssue({ code: 'custom', path: ['vat_id'], message: COMMERCE_MESSAGES.billingVatIdCountry });
    }
    // Reverse charge needs the buyer's VAT id (decision 027).
    if (!value.vat_id && value.country !== 'DE' && isEuCountry(value.country)) {
      ctx.addIssue({ code: 'custom', path: ['vat_id'], message: COMMERCE_MESSAGES.billingVatIdRequiredEu });
    }
    if (!isValidPostcode(value.postcode, value.country)) {
      ctx.addIssue({ code: 'custom', path: ['postcode'], message: COMMERCE_MESSAGES.billingPostcodeInvalid });
    }
  });
export type BillingAddressInput = z.input<typeof ZBillingAddress>;
export type BillingAddress = z.output<typeof ZBillingAddress>;

/** GET /api/billing/address */
export const ZBillingAddressResponse = z.object({
  address: z
    .object({
      company: z.string(),
      street: z.string(),
      postcode: z.string(),
      city: z.string(),
      country: z.string(),
      vat_id: z.string().nullable(),
      invoice_email: z.string(),
      leitweg_id: z.string().nullable(),
    })
    .nullable(),
  provider: z.enum(BILLING_PROVIDERS),
});
export type BillingAddressResponse = z.output<typeof ZBillingAddressResponse>;

/** GET /api/billing/invoices */
export const ZInvoice = z.object({
  id: z.string(),
  number: z.string(),
  created_at: z.string(),
  total_cents: z.number().int(),
  description: z.string(),
  /** invoice (Rechnung) or credit_note (Gutschrift/Stornorechnung). */
  kind: z.enum(['invoice', 'credit_note']),
  /** open (offen), paid (bezahlt), cancelled (storniert); a credit note is issued. */
  status: z.enum(['open', 'paid', 'cancelled', 'issued']),
  due_at: z.string().nullable(),
  /** A credit note: the number of the invoice it corrects. */
  corrects: z.string().nullable(),
});
export type Invoice = z.output<typeof ZInvoice>;
export const ZInvoices = z.object({ invoices: z.array(ZInvoice) });
export type Invoices = z.output<typeof ZInvoices>;
