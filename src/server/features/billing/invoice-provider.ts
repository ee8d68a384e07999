import type { Deps } from '../../platform/deps.ts';
import { grantCredits } from '../credits/credit.service.ts';
import { insertOrder, setOrderPaid } from './billing.repository.ts';
import { createInvoice } from './invoice.service.ts';
import type { BillingProvider } from './provider.ts';

export const CHECKOUT_SUCCESS_URL = '/Usage?tab=Aufladen&checkout=success';
export const BILLING_PAGE = '/Billing';

/**
 * "Rechnung" (default): no external service. The complete billing address is the payment method;
 * bookings and top-ups succeed at once and each produces our own invoice (PDF + EN 16931 XML).
 */
export function invoiceProvider(deps: Deps): BillingProvider {
  return {
    kind: 'invoice',
    hasPaymentMethod: (_team, address) => Promise.resolve(address !== null),
    paymentMethodLink: () => Promise.resolve(BILLING_PAGE),
    customerPortalLink: () => Promise.resolve(BILLING_PAGE),
    async charge(tx, team, address, charge) {
      const invoice = await createInvoice(tx, team.id, address, charge);
      return invoice.id;
    },
    async checkout(team, address, credits, priceCents) {
      await deps.db.transaction(async (tx) => {
        const now = new Date();
        const order = await insertOrder(tx, { teamId: team.id, status: 'open', credits, priceCents });
        const invoice = await createInvoice(tx, team.id, address, {
          description: `${credits} Credits`,
          lines: [{ description: `Aufladung ${credits} Credits (${deps.config.productName})`, quantity: 1, unitCents: priceCents }],
          periodStart: now,
          periodEnd: now,
        });
        await setOrderPaid(tx, order.id, invoice.id);
        await grantCredits(tx, { teamId: team.id, kind: 'topup', credits, reference: `order:${order.id}` });
      });
      return CHECKOUT_SUCCESS_URL;
    },
    invoiceUrl: (invoice) => Promise.resolve(`/api/invoice/${invoice.uuid}/pdf`),
  };
}
