import Stripe from 'stripe';
import type { AppConfig } from '../../config.ts';
import type { Deps } from '../../platform/deps.ts';
import type { Db } from '../../db/client.ts';
import type { Team } from '../../db/schema/index.ts';
import { findAddress, insertOrder, setOrderSession, setStripeCustomer } from './billing.repository.ts';
import { BILLING_PAGE, CHECKOUT_SUCCESS_URL } from './invoice-provider.ts';
import type { BillingProvider } from './provider.ts';

export type StripeConfig = NonNullable<AppConfig['billing']['stripe']>;

/** The SDK client; STRIPE_API_BASE points it at another host (the tests' local Stripe). */
export function stripeClient(cfg: StripeConfig): Stripe {
  const base = cfg.apiBase ? new URL(cfg.apiBase) : undefined;
  return new Stripe(cfg.secretKey, {
    maxNetworkRetries: 0,
    ...(base ? { host: base.hostname, port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)), protocol: base.protocol === 'http:' ? 'http' : 'https' } : {}),
  });
}

/**
 * Stripe (when STRIPE_SECRET_KEY is set): a customer per team (created from the billing address),
 * a subscription with the plan price and add-on items for extras, Checkout for credits, the
 * customer portal for payment methods and invoices. Payments land through the webhook.
 */
export function stripeProvider(deps: Deps, cfg: StripeConfig): BillingProvider {
  const stripe = stripeClient(cfg);
  const appUrl = deps.config.appUrl;

  // Inside a booking's transaction pass it: the embedded database has one connection, so a query
  // outside the open transaction would wait for it forever.
  async function customerId(team: Team, db: Db = deps.db): Promise<string | null> {
    const row = await findAddress(db, team.id);
    if (!row) return null;
    if (row.stripeCustomerId) return row.stripeCustomerId;
    const customer = await stripe.customers.create(
      {
        name: row.company,
        email: row.invoiceEmail,
        address: { line1: row.street, postal_code: row.postcode, city: row.city, country: row.country },
        metadata: { teamUuid: team.uuid },
      },
      { idempotencyKey: `customer-team-${team.uuid}` },
    );
    await setStripeCustomer(db, team.id, customer.id);
    return customer.id;
  }

  async function portal(team: Team): Promise<string> {
    const customer = await customerId(team);
    if (!customer) return BILLING_PAGE;
    const session = await stripe.billingPortal.sessions.create({ customer, return_url: `${appUrl}/Offer` });
    return session.url;
  }

  async function activeSubscription(customer: string) {
    const list = await stripe.subscriptions.list({ customer, status: 'active', limit: 1 });
    return list.data[0] ?? null;
  }

  return {
    kind: 'stripe',
    async hasPaymentMethod(team) {
      const id = await customerId(team);
      if (!id) return false;
      const customer = await stripe.customers.retrieve(id);
      return !customer.deleted && Boolean(customer.invoice_settings?.default_payment_method);
    },
    paymentMethodLink: portal,
    customerPortalLink: portal,
    async charge(tx, team, _address, _charge, change) {
      const customer = (await customerId(team, tx))!;
      if (change.kind === 'plan') {
        const price = cfg.prices[change.slug][change.billingPeriod];
        if (!price) throw new Error(`STRIPE_PRICE_${change.slug.toUpperCase()}_${change.billingPeriod.toUpperCase()} is not set`);
        await stripe.subscriptions.create({ customer, items: [{ price }], metadata: { teamUuid: team.uuid } }, { idempotencyKey: `plan-${team.uuid}-${change.slug}-${change.billingPeriod}` });
        return null;
      }
      const price = change.item === 'mika' ? cfg.prices.extraMika : cfg.prices.extraUser;
      if (!price) throw new Error(`STRIPE_PRICE_EXTRA_${change.item.toUpperCase()} is not set`);
      const subscription = await activeSubscription(customer);
      if (!subscription) throw new Error('no active subscription');
      const item = subscription.items.data.find((i) => i.price.id === price);
      if (item && change.total === 0) await stripe.subscriptionItems.del(item.id);
      else if (item) await stripe.subscriptionItems.update(item.id, { quantity: change.total });
      else if (change.total > 0) await stripe.subscriptionItems.create({ subscription: subscription.id, price, quantity: change.total });
      return null;
    },
    async checkout(team, _address, credits, priceCents) {
      const customer = (await customerId(team))!;
      const order = await insertOrder(deps.db, { teamId: team.id, status: 'open', credits, priceCents });
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        customer,
        client_reference_id: order.uuid,
        metadata: { orderUuid: order.uuid },
        line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: priceCents, product_data: { name: `${credits} Credits` } } }],
        invoice_creation: { enabled: true },
        success_url: `${appUrl}${CHECKOUT_SUCCESS_URL}`,
        cancel_url: `${appUrl}/Usage?tab=Aufladen`,
      });
      await setOrderSession(deps.db, order.id, session.id);
      return session.url ?? `${appUrl}/Usage?tab=Aufladen`;
    },
    invoiceUrl: async (invoice) => {
      if (invoice.hostedUrl) return invoice.hostedUrl;
      if (invoice.stripeInvoiceId) return (await stripe.invoices.retrieve(invoice.stripeInvoiceId)).hosted_invoice_url ?? `/api/invoice/${invoice.uuid}/pdf`;
      return `/api/invoice/${invoice.uuid}/pdf`;
    },
    async applyPromotionCode(team, code) {
      const promotion = (await stripe.promotionCodes.list({ code, active: true, limit: 1 })).data[0];
      if (!promotion) return 'unknown';
      const customer = await customerId(team);
      const subscription = customer ? await activeSubscription(customer) : null;
      if (!subscription) return 'no_subscription';
      await stripe.subscriptions.update(subscription.id, { discounts: [{ promotion_code: promotion.id }] });
      return 'applied';
    },
    async deleteCustomer(team) {
      const row = await findAddress(deps.db, team.id);
      if (row?.stripeCustomerId) await stripe.customers.del(row.stripeCustomerId);
    },
    async externalInvoiceUrl(team, id) {
      const customer = await customerId(team);
      if (!customer) return null;
      const invoice = await stripe.invoices.retrieve(id).catch(() => null);
      const owner = typeof invoice?.customer === 'string' ? invoice.customer : invoice?.customer?.id;
      return invoice && owner === customer ? (invoice.hosted_invoice_url ?? null) : null;
    },
  };
}
