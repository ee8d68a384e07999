import { and, desc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingAddresses, billingBookings, invoiceCounters, invoices, orders, stripeEvents, teamDiscounts } from '../../db/schema/index.ts';
import type { BillingAddress } from '../../../shared/schemas/commerce.ts';

export async function findAddress(db: Db, teamId: number) {
  const [row] = await db.select().from(billingAddresses).where(eq(billingAddresses.teamId, teamId));
  return row ?? null;
}

export async function upsertAddress(db: Db, teamId: number, a: BillingAddress): Promise<void> {
  const values = { company: a.company, street: a.street, postcode: a.postcode, city: a.city, country: a.country, vatId: a.vat_id, invoiceEmail: a.invoice_email, updatedAt: new Date() };
  await db
    .insert(billingAddresses)
    .values({ teamId, ...values })
    .onConflictDoUpdate({ target: billingAddresses.teamId, set: values });
}

export async function setStripeCustomer(db: Db, teamId: number, customerId: string): Promise<void> {
  await db.update(billingAddresses).set({ stripeCustomerId: customerId }).where(eq(billingAddresses.teamId, teamId));
}

/**
 * The next invoice number of the year: one upsert takes the counter row's lock until the
 * transaction ends, so numbers are race-free and a rolled-back invoice leaves no gap.
 */
export async function nextInvoiceNumber(tx: Db, year: number): Promise<string> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  return `RE-${year}-${String(row!.last).padStart(5, '0')}`;
}

export async function insertInvoice(tx: Db, values: typeof invoices.$inferInsert) {
  const [row] = await tx.insert(invoices).values(values).returning();
  return row!;
}

export const listTeamInvoices = (db: Db, teamId: number) => db.select().from(invoices).where(eq(invoices.teamId, teamId)).orderBy(desc(invoices.createdAt), desc(invoices.id));

export async function findTeamInvoice(db: Db, teamId: number, uuid: string) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.teamId, teamId), eq(invoices.uuid, uuid)));
  return row ?? null;
}

export async function insertOrder(tx: Db, values: typeof orders.$inferInsert) {
  const [row] = await tx.insert(orders).values(values).returning();
  return row!;
}

export async function setOrderPaid(tx: Db, orderId: number, invoiceId: number | null, stripeInvoiceId: string | null = null) {
  const [row] = await tx
    .update(orders)
    .set({ status: 'paid', invoiceId, stripeInvoiceId })
    .where(and(eq(orders.id, orderId), sql`${orders.status} <> 'paid'`))
    .returning();
  return row ?? null;
}

export async function findOrderBySession(db: Db, sessionId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.stripeSessionId, sessionId));
  return row ?? null;
}

export async function setOrderSession(db: Db, orderId: number, sessionId: string) {
  await db.update(orders).set({ stripeSessionId: sessionId }).where(eq(orders.id, orderId));
}

export const listTeamOrders = (db: Db, teamId: number) =>
  db
    .select({ order: orders, invoiceUuid: invoices.uuid })
    .from(orders)
    .leftJoin(invoices, eq(invoices.id, orders.invoiceId))
    .where(eq(orders.teamId, teamId))
    .orderBy(desc(orders.createdAt), desc(orders.id));

export async function insertBooking(tx: Db, values: typeof billingBookings.$inferInsert): Promise<number> {
  const [row] = await tx.insert(billingBookings).values(values).returning({ id: billingBookings.id });
  return row!.id;
}

export async function linkBookingInvoice(tx: Db, bookingId: number, invoiceId: number): Promise<void> {
  await tx.update(billingBookings).set({ invoiceId }).where(eq(billingBookings.id, bookingId));
}

/** Records a Stripe event id; false when it was processed before (the unique key decides). */
export async function claimStripeEvent(tx: Db, id: string, type: string): Promise<boolean> {
  const rows = await tx.insert(stripeEvents).values({ id, type }).onConflictDoNothing().returning({ id: stripeEvents.id });
  return rows.length > 0;
}

/** The team's discount from a promotion code (applied in Insight) if it still runs on `today`. */
export async function findActiveDiscount(db: Db, teamId: number, today: string) {
  const [row] = await db
    .select()
    .from(teamDiscounts)
    .where(and(eq(teamDiscounts.teamId, teamId), or(isNull(teamDiscounts.validUntil), gte(teamDiscounts.validUntil, today))));
  return row ?? null;
}
