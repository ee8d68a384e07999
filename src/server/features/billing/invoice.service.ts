import { berlinDay, berlinYear } from '../../platform/berlin-time.ts';
import { VAT_PERCENT } from '../../../shared/constants.ts';
import { COMMERCE_MESSAGES } from '../../../shared/messages.ts';
import type { BillingAddress } from '../../../shared/schemas/commerce.ts';
import { vatCaseFor, type VatCase } from '../../../shared/vat.ts';
import type { Db } from '../../db/client.ts';
import type { Invoice } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Deps } from '../../platform/deps.ts';
import { findInvoice, insertInvoice, nextDocumentNumber } from './billing.repository.ts';
import { invoiceTotals, type InvoiceData, type InvoiceLine, type Seller } from './invoice-document.ts';
import type { Charge } from './provider.ts';

/** The render-and-mail job of one document (invoice-files.ts); enqueued in the issuing transaction. */
export const INVOICE_RENDER_JOB = 'invoice-render';

const DAY_MS = 86_400_000;

/** Invoices are kept until the end of the 10th year after the year of issue (§ 147 (3, 4) AO). */
export const retainUntil = (issuedAt: Date) => `${berlinYear(issuedAt) + 10}-12-31`;

/**
 * Issues an invoice inside the caller's transaction: the year's next number, the seller and buyer
 * as they are now (a snapshot, never read from the configuration again), the VAT case of the buyer
 * and the due date. The PDF with its XML is rendered once after the commit by a job.
 */
export async function createInvoice(tx: Db, deps: Deps, opts: { teamId: number; buyer: BillingAddress; charge: Charge; at?: Date }): Promise<Invoice> {
  const at = opts.at ?? new Date();
  const seller = deps.config.billing.seller;
  const vat = vatCaseFor(opts.buyer, VAT_PERCENT);
  // Category O may carry no VAT ids (EN 16931 BR-O-02): the seller's tax number identifies it.
  if (vat.category === 'O' && !seller.taxNumber) throw new AppError('UNAVAILABLE', COMMERCE_MESSAGES.sellerTaxNumberMissing);
  const number = await nextDocumentNumber(tx, 'RE', berlinYear(at));
  const invoice = await insertInvoice(tx, {
    teamId: opts.teamId,
    kind: 'invoice',
    number,
    description: opts.charge.description,
    lines: JSON.stringify(opts.charge.lines),
    ...invoiceTotals(opts.charge.lines, vat.percent),
    buyer: JSON.stringify(opts.buyer),
    seller: JSON.stringify(seller),
    vatCategory: vat.category,
    vatPercent: vat.percent,
    status: 'open',
    dueAt: new Date(at.getTime() + deps.config.billing.paymentDays * DAY_MS),
    retainUntil: retainUntil(at),
    periodStart: opts.charge.periodStart,
    periodEnd: opts.charge.periodEnd,
    createdAt: at,
  });
  await deps.jobs.send(INVOICE_RENDER_JOB, { invoiceId: invoice.id }, { tx });
  return invoice;
}

/**
 * The credit note (Stornorechnung, CII 381) that cancels `invoice` in full: its own number series,
 * the invoice's lines, buyer, seller and VAT case, and a reference to it (BT-25, BT-26).
 */
export async function createCreditNote(tx: Db, deps: Deps, invoice: Invoice, reason: string, at = new Date()): Promise<Invoice> {
  const number = await nextDocumentNumber(tx, 'GS', berlinYear(at));
  const note = await insertInvoice(tx, {
    teamId: invoice.teamId,
    kind: 'credit_note',
    number,
    correctsInvoiceId: invoice.id,
    description: `Storno ${invoice.number}: ${invoice.description}`,
    lines: invoice.lines,
    netCents: invoice.netCents,
    vatCents: invoice.vatCents,
    totalCents: invoice.totalCents,
    buyer: invoice.buyer,
    seller: invoice.seller ?? JSON.stringify(deps.config.billing.seller),
    vatCategory: invoice.vatCategory,
    vatPercent: invoice.vatPercent,
    status: 'issued',
    cancelReason: reason,
    retainUntil: retainUntil(at),
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    createdAt: at,
  });
  await deps.jobs.send(INVOICE_RENDER_JOB, { invoiceId: note.id }, { tx });
  return note;
}

/** Seller and buyer as the invoice stored them (older snapshots lack later fields: filled in). */
export function invoiceParties(invoice: Pick<Invoice, 'seller' | 'buyer'>, fallbackSeller: Seller): { seller: Seller; buyer: BillingAddress } {
  const buyer = JSON.parse(invoice.buyer) as Omit<BillingAddress, 'leitweg_id'> & { leitweg_id?: string | null };
  return {
    seller: invoice.seller ? { ...fallbackSeller, ...(JSON.parse(invoice.seller) as Partial<Seller>) } : fallbackSeller,
    buyer: { ...buyer, leitweg_id: buyer.leitweg_id ?? null },
  };
}

/**
 * What the document shows, from its row alone. Invoices issued before the seller snapshot existed
 * take the seller once, when their file is first rendered (decision 027).
 */
export async function invoiceData(db: Db, fallbackSeller: Seller, invoice: Invoice): Promise<InvoiceData> {
  const corrected = invoice.correctsInvoiceId ? await findInvoice(db, invoice.correctsInvoiceId) : null;
  const vat: VatCase = { category: invoice.vatCategory, percent: invoice.vatPercent };
  return {
    kind: invoice.kind,
    number: invoice.number,
    issuedAt: invoice.createdAt,
    dueAt: invoice.dueAt,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    description: invoice.description,
    lines: JSON.parse(invoice.lines) as InvoiceLine[],
    ...invoiceParties(invoice, fallbackSeller),
    vat,
    corrects: corrected ? { number: corrected.number, issuedAt: corrected.createdAt } : null,
    reason: invoice.kind === 'credit_note' ? invoice.cancelReason : null,
  };
}

/** Whether an open invoice is overdue on `now` (after the end of its due day). */
export const isOverdue = (invoice: Pick<Invoice, 'status' | 'dueAt'>, now = new Date()) =>
  invoice.status === 'open' && invoice.dueAt !== null && berlinDay(invoice.dueAt) < berlinDay(now);
