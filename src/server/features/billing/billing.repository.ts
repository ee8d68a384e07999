import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, like, lt, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { billingAddresses, billingBookings, invoiceCounters, invoices, orders, stripeEvents, teamDiscounts, teams, type Invoice } from '../../db/schema/index.ts';
import type { BillingAddress } from '../../../shared/schemas/commerce.ts';

export async function findAddress(db: Db, teamId: number) {
  const [row] = await db.select().from(billingAddresses).where(eq(billingAddresses.teamId, teamId));
  return row ?? null;
}

export async function upsertAddress(db: Db, teamId: number, a: BillingAddress): Promise<void> {
  const values = {
    company: a.company,
    street: a.street,
    postcode: a.postcode,
    city: a.city,
    country: a.country,
    vatId: a.vat_id,
    invoiceEmail: a.invoice_email,
    leitwegId: a.leitweg_id,
    updatedAt: new Date(),
  };
  await db
    .insert(billingAddresses)
    .values({ teamId, ...values })
    .onConflictDoUpdate({ target: billingAddresses.teamId, set: values });
}

export async function setStripeCustomer(db: Db, teamId: number, customerId: string): Promise<void> {
  await db.update(billingAddresses).set({ stripeCustomerId: customerId }).where(eq(billingAddresses.teamId, teamId));
}

/** Number series: RE invoices, GS credit notes (Gutschrift/Stornorechnung). */
export type NumberSeries = 'RE' | 'GS';

/**
 * The next number of a series in a year: one upsert takes the counter row's lock until the
 * transaction ends, so numbers are race-free and a rolled-back document leaves no gap.
 */
export async function nextDocumentNumber(tx: Db, series: NumberSeries, year: number): Promise<string> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ series, year, last: 1 })
    .onConflictDoUpdate({ target: [invoiceCounters.series, invoiceCounters.year], set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  return `${series}-${year}-${String(row!.last).padStart(5, '0')}`;
}

export async function findInvoice(db: Db, id: number) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row ?? null;
}

export async function findInvoiceByUuid(db: Db, uuid: string) {
  const [row] = await db.select().from(invoices).where(eq(invoices.uuid, uuid));
  return row ?? null;
}

/** Stores the rendered file once: a second render (a retried job) changes nothing. */
export async function setInvoiceFile(tx: Db, id: number, pdfFile: string, pdfSha256: string): Promise<Invoice | null> {
  const [row] = await tx
    .update(invoices)
    .set({ pdfFile, pdfSha256 })
    .where(and(eq(invoices.id, id), isNull(invoices.pdfFile)))
    .returning();
  return row ?? null;
}

/** open → paid; null when the invoice was not open. */
export async function setInvoicePaid(tx: Db, id: number, at: Date): Promise<Invoice | null> {
  const [row] = await tx
    .update(invoices)
    .set({ status: 'paid', paidAt: at })
    .where(and(eq(invoices.id, id), eq(invoices.kind, 'invoice'), eq(invoices.status, 'open')))
    .returning();
  return row ?? null;
}

/** open/paid → cancelled; null when it was cancelled before (the guard decides, not a read). */
export async function setInvoiceCancelled(tx: Db, id: number, reason: string, at: Date): Promise<Invoice | null> {
  const [row] = await tx
    .update(invoices)
    .set({ status: 'cancelled', cancelledAt: at, cancelReason: reason })
    .where(and(eq(invoices.id, id), eq(invoices.kind, 'invoice'), inArray(invoices.status, ['open', 'paid'])))
    .returning();
  return row ?? null;
}

/** The top-up order an invoice belongs to follows it: paid or cancelled. */
export async function setOrderStatusByInvoice(tx: Db, invoiceId: number, status: 'paid' | 'cancelled'): Promise<void> {
  await tx.update(orders).set({ status }).where(eq(orders.invoiceId, invoiceId));
}

/** Invoices (not credit notes) that are open, with their team; for Insight and the reminder job. */
export function listOpenInvoices(db: Db, teamUuid?: string) {
  const open = and(eq(invoices.kind, 'invoice'), eq(invoices.status, 'open'));
  return db
    .select({ invoice: invoices, teamUuid: teams.uuid, teamName: teams.name })
    .from(invoices)
    .leftJoin(teams, eq(teams.id, invoices.teamId))
    .where(teamUuid === undefined ? open : and(open, eq(teams.uuid, teamUuid)))
    .orderBy(asc(invoices.dueAt), asc(invoices.id));
}

/** Open invoices whose due date lies before `before` and that had fewer than `sent` reminders. */
export function listRemindable(db: Db, before: Date, sent: number) {
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.kind, 'invoice'), eq(invoices.status, 'open'), lt(invoices.dueAt, before), lt(invoices.remindersSent, sent)))
    .orderBy(asc(invoices.id));
}

/** Counts one reminder, only if no other run counted it first. */
export async function countReminder(tx: Db, id: number, already: number): Promise<boolean> {
  const rows = await tx
    .update(invoices)
    .set({ remindersSent: already + 1 })
    .where(and(eq(invoices.id, id), eq(invoices.remindersSent, already), eq(invoices.status, 'open')))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

export const listUnrendered = (db: Db, before: Date) =>
  db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(isNull(invoices.pdfFile), lte(invoices.createdAt, before)));

/** Documents past their retention (§ 147 AO): removed by the retention job with their files. */
export async function deleteExpiredInvoices(tx: Db, today: string) {
  return tx
    .delete(invoices)
    .where(lt(invoices.retainUntil, today))
    .returning({ id: invoices.id, pdfFile: invoices.pdfFile });
}

export async function insertInvoice(tx: Db, values: typeof invoices.$inferInsert) {
  const [row] = await tx.insert(invoices).values(values).returning();
  return row!;
}

const corrected = alias(invoices, 'corrected');
/** A team's invoices and credit notes, newest first, each credit note with the number it corrects. */
export async function listTeamInvoices(db: Db, teamId: number) {
  const rows = await db
    .select({ invoice: invoices, correctsNumber: corrected.number })
    .from(invoices)
    .leftJoin(corrected, eq(corrected.id, invoices.correctsInvoiceId))
    .where(eq(invoices.teamId, teamId))
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
  return rows.map((r) => ({ ...r.invoice, correctsNumber: r.correctsNumber }));
}

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

// ------------------------------------------------------------------ extras and invoice files

/** When the latest paid (not cancelled) booking of extras of this kind started its period. */
export async function lastPaidExtraPeriodStart(db: Db, teamId: number, item: string): Promise<Date | null> {
  const [last] = await db
    .select({ periodStart: invoices.periodStart })
    .from(billingBookings)
    .innerJoin(invoices, eq(invoices.id, billingBookings.invoiceId))
    .where(and(eq(billingBookings.teamId, teamId), eq(billingBookings.item, item), like(billingBookings.detail, '+%'), sql`${invoices.status} <> 'cancelled'`))
    .orderBy(desc(billingBookings.createdAt), desc(billingBookings.id))
    .limit(1);
  return last?.periodStart ?? null;
}

/** Cancellations that still wait for the end of their period: quantity and latest date per item. */
export function pendingCancellationRows(db: Db, teamId: number) {
  return db
    .select({ item: billingBookings.item, qty: sql<number>`sum(${billingBookings.quantity})::int`, until: sql<Date>`max(${billingBookings.effectiveAt})` })
    .from(billingBookings)
    .where(and(eq(billingBookings.teamId, teamId), isNotNull(billingBookings.effectiveAt), isNull(billingBookings.appliedAt)))
    .groupBy(billingBookings.item);
}

/** Bookings whose date has come and that were not applied yet. */
export function dueUnappliedBookings(db: Db, now: Date) {
  return db
    .select()
    .from(billingBookings)
    .where(and(isNotNull(billingBookings.effectiveAt), isNull(billingBookings.appliedAt), lte(billingBookings.effectiveAt, now)));
}

/** Marks a booking applied; false when another run did so first. */
export async function claimBooking(db: Db, bookingId: number, now: Date): Promise<boolean> {
  const [claimed] = await db
    .update(billingBookings)
    .set({ appliedAt: now })
    .where(and(eq(billingBookings.id, bookingId), isNull(billingBookings.appliedAt)))
    .returning({ id: billingBookings.id });
  return Boolean(claimed);
}

/** The invoice files among `names` that an invoice row still references. */
export async function referencedInvoiceFiles(db: Db, names: string[]): Promise<Set<string>> {
  const rows = await db.select({ name: invoices.pdfFile }).from(invoices).where(inArray(invoices.pdfFile, names));
  return new Set(rows.map((r) => r.name!));
}
