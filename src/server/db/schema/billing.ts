import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { teams } from './teams.ts';

/**
 * Billing (docs/billing.md): written only by the billing feature. Money in cents (integers).
 * With the provider "Rechnung" the complete billing address is the team's payment method.
 */
export const billingAddresses = pgTable('billing_addresses', {
  teamId: integer('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  company: text('company').notNull(),
  street: text('street').notNull(),
  postcode: text('postcode').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull().default('DE'),
  vatId: text('vat_id'),
  invoiceEmail: text('invoice_email').notNull(),
  /** Public-sector buyers: the Leitweg-ID (XRechnung BT-10). */
  leitwegId: text('leitweg_id'),
  /** Stripe only: the team's customer. */
  stripeCustomerId: text('stripe_customer_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ORDER_STATUSES = ['paid', 'open', 'failed', 'cancelled'] as const;

/** Credit top-ups (GET /checkout). */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid')
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()`),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    credits: integer('credits').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** Stripe only: the Checkout session that pays the order. */
    stripeSessionId: text('stripe_session_id').unique(),
    /** Stripe only: the invoice Stripe created for the paid session. */
    stripeInvoiceId: text('stripe_invoice_id'),
    invoiceId: integer('invoice_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_team_idx').on(t.teamId, t.createdAt),
    check('orders_status_check', sql`${t.status} in ('paid', 'open', 'failed', 'cancelled')`),
    check('orders_amounts_check', sql`${t.credits} > 0 and ${t.priceCents} >= 0`),
  ],
);

/**
 * The last number per series (RE invoices, GS credit notes) and year: taken with a row lock inside
 * the document's transaction, so numbers are gapless.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: text('series').notNull().default('RE'),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
/** open → paid, or open/paid → cancelled (by a credit note); a credit note itself is `issued`. */
export const INVOICE_STATUSES = ['open', 'paid', 'cancelled', 'issued'] as const;
export const VAT_CATEGORIES = ['S', 'AE', 'O'] as const;

/** Invoices (Rechnung: our own PDF; Stripe: the hosted invoice). Buyer data is a snapshot. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid')
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()`),
    /** Null once the team is purged: invoices are kept for 10 years (§ 147 AO) whatever happens to the team. */
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull().default('invoice'),
    number: text('number').notNull().unique(),
    /** Credit notes: the invoice they correct (BT-25, BT-26). */
    correctsInvoiceId: integer('corrects_invoice_id'),
    description: text('description').notNull(),
    /** One line per item: JSON [{ description, quantity, unitCents }]. */
    lines: text('lines').notNull(),
    netCents: integer('net_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** Buyer snapshot (JSON BillingAddress) at the time of the invoice. */
    buyer: text('buyer').notNull(),
    /** Seller snapshot (JSON) taken in the booking transaction; null only for invoices issued before it existed. */
    seller: text('seller'),
    vatCategory: text('vat_category', { enum: VAT_CATEGORIES }).notNull().default('S'),
    vatPercent: integer('vat_percent').notNull().default(19),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('open'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    remindersSent: integer('reminders_sent').notNull().default(0),
    /** The rendered PDF (with its embedded XML) in the private store, written once by the render job. */
    pdfFile: text('pdf_file'),
    pdfSha256: text('pdf_sha256'),
    /** Kept until the end of this day (10 years after the end of the year of issue), then removed. */
    retainUntil: date('retain_until', { mode: 'string' }),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    stripeInvoiceId: text('stripe_invoice_id'),
    hostedUrl: text('hosted_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_team_idx').on(t.teamId, t.createdAt),
    index('invoices_status_idx').on(t.status, t.dueAt),
    check('invoices_totals_check', sql`${t.totalCents} = ${t.netCents} + ${t.vatCents}`),
    check('invoices_status_check', sql`${t.status} in ('open', 'paid', 'cancelled', 'issued')`),
    check('invoices_kind_check', sql`${t.kind} in ('invoice', 'credit_note')`),
    check('invoices_vat_check', sql`${t.vatCategory} in ('S', 'AE', 'O')`),
  ],
);

/** Processed Stripe webhook events: the unique id makes every event apply at most once. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** History of plan bookings and shop changes of a team. */
export const billingBookings = pgTable(
  'billing_bookings',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** plan | mika | user */
    item: text('item').notNull(),
    /** The plan slug and period, or the change of the extras (+n / -n). */
    detail: text('detail').notNull(),
    quantity: integer('quantity').notNull().default(1),
    invoiceId: integer('invoice_id'),
    /** A cancellation of extras takes effect at the end of the paid period: when, and when it was applied. */
    effectiveAt: timestamp('effective_at', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_bookings_team_idx').on(t.teamId), unique('billing_bookings_id_team').on(t.id, t.teamId)],
);

export type BillingAddressRow = typeof billingAddresses.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type Invoice = typeof invoices.$inferSelect;
