import { z } from '../zod.ts';
import { M } from '../messages.ts';
import { BOOKABLE_PLANS, BILLING_PERIODS, SHOP_QTY } from '../constants.ts';
import { zEmail } from './auth.ts';

const req = (message: string) => z.string({ error: message }).trim().min(1, message).max(200);

/** The billing address (contract "Billing"); with the provider Rechnung it is the payment method. */
export const ZBillingAddress = z.object({
  company: req(M.billingCompanyRequired),
  street: req(M.billingStreetRequired),
  postcode: req(M.billingPostcodeRequired),
  city: req(M.billingCityRequired),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, M.billingCountryInvalid)
    .default('DE'),
  vat_id: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}[0-9A-Z+*.]{2,13}$/, M.billingVatIdInvalid)
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null),
  invoice_email: zEmail,
});
export type BillingAddress = z.output<typeof ZBillingAddress>;

export const ZBillingAddressResponse = z.object({
  address: z
    .object({ company: z.string(), street: z.string(), postcode: z.string(), city: z.string(), country: z.string(), vat_id: z.string().nullable(), invoice_email: z.string() })
    .nullable(),
  provider: z.enum(['invoice', 'stripe']),
});

export const ZInvoiceListItem = z.object({
  id: z.string(),
  number: z.string(),
  created_at: z.string(),
  total_cents: z.number().int(),
  description: z.string(),
});

/** GET /api/shop: one schema with the library's limit display (shared/schemas/assistants.ts). */
export { ZShopInfo } from './assistants.ts';

export const ZShopQty = z.object({ qty: z.coerce.number({ error: M.shopQty }).int(M.shopQty).min(SHOP_QTY.min, M.shopQty).max(SHOP_QTY.max, M.shopQty) });

export const ZBookRequest = z.object({ slug: z.enum(BOOKABLE_PLANS), billingPeriod: z.enum(BILLING_PERIODS) });

export const ZOrder = z.object({
  id: z.string(),
  status: z.enum(['paid', 'open', 'failed']),
  amount: z.number(),
  price_cents: z.number().int(),
  created_at: z.string(),
  stripe_invoice_id: z.string().nullable(),
});
