import { berlinYear } from '../../platform/berlin-time.ts';
import type { BillingAddress } from '../../../shared/schemas/commerce.ts';
import type { Db } from '../../db/client.ts';
import type { Invoice } from '../../db/schema/index.ts';
import type { AppConfig } from '../../config.ts';
import { insertInvoice, nextInvoiceNumber } from './billing.repository.ts';
import { invoiceTotals, renderInvoicePdf, type InvoiceLine } from './invoice-document.ts';
import type { Charge } from './provider.ts';

/** Stores an invoice with the year's next number, inside the caller's transaction. */
export async function createInvoice(tx: Db, teamId: number, buyer: BillingAddress, charge: Charge, at = new Date()): Promise<Invoice> {
  const year = berlinYear(at);
  const number = await nextInvoiceNumber(tx, year);
  const totals = invoiceTotals(charge.lines);
  return insertInvoice(tx, {
    teamId,
    number,
    description: charge.description,
    lines: JSON.stringify(charge.lines),
    ...totals,
    buyer: JSON.stringify(buyer),
    periodStart: charge.periodStart,
    periodEnd: charge.periodEnd,
    createdAt: at,
  });
}

/** The invoice's PDF/A-3 with its embedded EN 16931 XML. */
export function invoicePdf(config: AppConfig, invoice: Invoice): Promise<Buffer> {
  return renderInvoicePdf({
    number: invoice.number,
    issuedAt: invoice.createdAt,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    description: invoice.description,
    lines: JSON.parse(invoice.lines) as InvoiceLine[],
    seller: config.billing.seller,
    buyer: JSON.parse(invoice.buyer) as BillingAddress,
  });
}
