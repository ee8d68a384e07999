import { berlinDay } from '../../platform/berlin-time.ts';
import type { Deps } from '../../platform/deps.ts';
import { grantCredits } from '../credits/index.ts';
import { findActiveDiscount, insertOrder } from './billing.repository.ts';
import type { Db } from '../../db/client.ts';
import type { InvoiceLine } from './invoice-document.ts';
import type { Charge } from './provider.ts';
import { createInvoice } from './invoice.service.ts';
import type { BillingProvider } from './provider.ts';

export const CHECKOUT_SUCCESS_URL = '/Usage?tab=Aufladen&checkout=success';
export const BILLING_PAGE = '/Billing';

/**
 * "Rechnung" (default): no external service. The complete billing address is the payment method;
 * bookings and top-ups take effect at once and each produces our own invoice (PDF + EN 16931 XML),
 * which stays open until the operator records the payment (docs/billing.md).
 */
export function invoiceProvider(deps: Deps): BillingProvider {
  return {
    kind: 'invoice',
    hasPaymentMethod: (_team, address) => Promise.resolve(address !== null),
    paymentMethodLink: () => Promise.resolve(BILLING_PAGE),
    customerPortalLink: () => Promise.resolve(BILLING_PAGE),
    async charge(tx, team, address, charge) {
      // A promotion code applied by support discounts plan and extras invoices while it runs.
      const discount = await discountLine(tx, team.id, charge);
      const invoice = await createInvoice(tx, deps, { teamId: team.id, buyer: address, charge: discount ? { ...charge, lines: [...charge.lines, discount] } : charge });
      return invoice.id;
    },
    async checkout(team, address, credits, priceCents) {
      await deps.db.transaction(async (tx) => {
        const now = new Date();
        // The order stays open until its invoice is paid (decision 027); the credits count at once.
        const invoice = await createInvoice(tx, deps, {
          teamId: team.id,
          buyer: address,
          charge: {
            description: `${credits} Credits`,
            lines: [{ description: `Aufladung ${credits} Credits (${deps.config.productName})`, quantity: 1, unitCents: priceCents }],
            periodStart: now,
            periodEnd: now,
          },
        });
        const order = await insertOrder(tx, { teamId: team.id, status: 'open', credits, priceCents, invoiceId: invoice.id });
        await grantCredits(tx, { teamId: team.id, kind: 'topup', credits, reference: `order:${order.id}` });
      });
      return CHECKOUT_SUCCESS_URL;
    },
    invoiceUrl: (invoice) => Promise.resolve(`/api/invoice/${invoice.uuid}/pdf`),
  };
}


/**
 * The team's running discount as a credit line (quantity −1: EN 16931 forbids a negative price,
 * not a negative quantity), never more than the charge itself; null without one.
 */
export async function discountLine(db: Db, teamId: number, charge: Charge): Promise<InvoiceLine | null> {
  const discount = await findActiveDiscount(db, teamId, berlinDay());
  if (!discount) return null;
  const sum = charge.lines.reduce((s, l) => s + l.quantity * l.unitCents, 0);
  const cents = Math.min(sum, discount.percentOff !== null ? Math.round((sum * discount.percentOff) / 100) : (discount.amountOffCents ?? 0));
  if (cents <= 0) return null;
  const what = discount.percentOff !== null ? `${discount.percentOff} %` : 'Festbetrag';
  return { description: `Gutschein ${discount.code} (${what})`, quantity: -1, unitCents: cents };
}
