import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
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
  /** Stripe only: the team's customer. */
  stripeCustomerId: text('stripe_customer_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ORDER_STATUSES = ['paid', 'open', 'failed'] as const;

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
    check('orders_status_check', sql`${t.status} in ('paid', 'open', 'failed')`),
    check('orders_amounts_check', sql`${t.credits} > 0 and ${t.priceCents} >= 0`),
  ],
);

/** The last invoice number per year: taken with a row lock inside the invoice's transaction (gapless). */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/** Invoices (Rechnung: our own PDF; Stripe: the hosted invoice). Buyer data is a snapshot. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid')
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()`),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    number: text('number').notNull().unique(),
    description: text('description').notNull(),
    /** One line per item: JSON [{ description, quantity, unitCents }]. */
    lines: text('lines').notNull(),
    netCents: integer('net_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /** Buyer snapshot (JSON BillingAddress) at the time of the invoice. */
    buyer: text('buyer').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    stripeInvoiceId: text('stripe_invoice_id'),
    hostedUrl: text('hosted_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoices_team_idx').on(t.teamId, t.createdAt), check('invoices_totals_check', sql`${t.totalCents} = ${t.netCents} + ${t.vatCents}`)],
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_bookings_team_idx').on(t.teamId), unique('billing_bookings_id_team').on(t.id, t.teamId)],
);

export type BillingAddressRow = typeof billingAddresses.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type Invoice = typeof invoices.$inferSelect;
