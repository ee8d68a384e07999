import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/zod.ts';
import {
  CHECKOUT_AMOUNT,
  SHOP_PRODUCTS,
  ZCheckoutPreview,
  ZCheckoutPreviewQuery,
  ZCheckoutRequest,
  ZCheckoutResponse,
  ZBillingAddress,
  ZBillingAddressResponse,
  ZInvoiceUrl,
  ZInvoices,
  ZOfferBook,
  ZOrders,
  ZShopAdd,
  ZShopInfo,
  ZSuccessMessage,
  ZOpenInvoices,
  ZCancelInvoiceResponse,
  zShopQty,
} from '../../../shared/schemas/commerce.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/session.ts';
import {
  addExtras,
  bookPlan,
  cancelExtras,
  checkout,
  checkoutPreview,
  customerPortal,
  getBillingAddress,
  getShop,
  invoicePdfFile,
  invoiceUrl,
  listInvoices,
  listOrders,
  saveBillingAddress,
} from './billing.service.ts';
import { handleStripeWebhook } from './stripe-webhook.service.ts';
import { cancelInvoice, listOpenItems, markInvoicePaid } from './invoice-admin.service.ts';
import { COMMERCE_MESSAGES } from '../../../shared/messages.ts';

const tags = ['billing'];
const ZItem = z.enum(SHOP_PRODUCTS);

export const billingRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/billing/address', { config: { access: 'owner' }, schema: { tags, response: { 200: ZBillingAddressResponse } } }, async (request) =>
      getBillingAddress(deps, requireAuth(request)),
    );
    app.put('/api/billing/address', { config: { access: 'owner' }, schema: { tags, body: ZBillingAddress, response: { 200: ZSuccessMessage } } }, async (request) =>
      saveBillingAddress(deps, requireAuth(request), request.body),
    );
    app.get('/api/billing/invoices', { config: { access: 'owner' }, schema: { tags, response: { 200: ZInvoices } } }, async (request) =>
      listInvoices(deps, requireAuth(request)),
    );

    // Members read it too: the library and the user list show the limits (the contract says owner;
    // only the owner can buy, see POST/DELETE below).
    app.get('/api/shop', { config: { access: 'member' }, schema: { tags, response: { 200: ZShopInfo } } }, async (request) => getShop(deps, requireAuth(request)));
    app.post(
      '/api/shop/:item',
      { config: { access: 'owner' }, schema: { tags, params: z.object({ item: ZItem }), body: ZShopAdd, response: { 200: ZSuccessMessage } } },
      async (request) => addExtras(deps, requireAuth(request), request.params.item, request.body.qty),
    );
    app.delete(
      '/api/shop/:item/:qty',
      { config: { access: 'owner' }, schema: { tags, params: z.object({ item: ZItem, qty: zShopQty }), response: { 200: ZSuccessMessage } } },
      async (request) => cancelExtras(deps, requireAuth(request), request.params.item, request.params.qty),
    );

    app.post('/api/offer/book', { config: { access: 'owner' }, schema: { tags, body: ZOfferBook, response: { 200: ZSuccessMessage } } }, async (request) =>
      bookPlan(deps, requireAuth(request), request.body.slug, request.body.billingPeriod),
    );
    app.get('/api/offer/customerportal/', { config: { access: 'owner' }, schema: { tags, response: { 200: z.string() } } }, async (request, reply) => {
      // A JSON string (the contract): serialize ourselves so Fastify does not send it as text.
      return reply.type('application/json').send(JSON.stringify(await customerPortal(deps, requireAuth(request))));
    });

    app.get('/api/orders', { config: { access: 'admin' }, schema: { tags, response: { 200: ZOrders } } }, async (request) => listOrders(deps, requireAuth(request)));
    app.get(
      '/api/invoice/:id',
      { config: { access: 'admin' }, schema: { tags, params: z.object({ id: z.string().max(100) }), response: { 200: ZInvoiceUrl } } },
      async (request) => invoiceUrl(deps, requireAuth(request), request.params.id),
    );
    app.get('/api/invoice/:id/pdf', { config: { access: 'admin' }, schema: { tags, params: z.object({ id: z.string().max(100) }) } }, async (request, reply) => {
      const { filename, pdf } = await invoicePdfFile(deps, requireAuth(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${filename}"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    });

    // The spec's link (Nutzung → Aufladen) changes nothing: it leads to the confirmation there.
    app.get(
      '/checkout',
      {
        config: { access: 'admin' },
        schema: { tags, querystring: z.object({ amount: z.coerce.number().int().min(CHECKOUT_AMOUNT.min).max(CHECKOUT_AMOUNT.max).default(CHECKOUT_AMOUNT.default) }) },
      },
      async (request, reply) => reply.redirect(`/Usage?tab=Aufladen&amount=${request.query.amount}`, 303),
    );
    app.get(
      '/api/checkout/preview',
      { config: { access: 'admin' }, schema: { tags, querystring: ZCheckoutPreviewQuery, response: { 200: ZCheckoutPreview } } },
      async (request) => checkoutPreview(deps, requireAuth(request), request.query.amount),
    );
    // "Kostenpflichtig bestellen": the purchase itself (CSRF like every state-changing call).
    app.post('/api/checkout', { config: { access: 'admin' }, schema: { tags, body: ZCheckoutRequest, response: { 200: ZCheckoutResponse } } }, async (request) =>
      checkout(deps, requireAuth(request), request.body.amount),
    );

    // Insight → Offene Rechnungen (operators): open items, payments and cancellations by credit note.
    app.get(
      '/api/insight/invoices',
      { config: { access: 'superadmin' }, schema: { tags, querystring: z.object({ team: z.uuid().optional() }), response: { 200: ZOpenInvoices } } },
      async (request) => listOpenItems(deps, requireAuth(request), request.query.team),
    );
    app.post(
      '/api/insight/invoices/:id/paid',
      { config: { access: 'superadmin' }, schema: { tags, params: z.object({ id: z.string().max(100) }), response: { 200: ZSuccessMessage } } },
      async (request) => markInvoicePaid(deps, requireAuth(request), request.params.id),
    );
    app.post(
      '/api/insight/invoices/:id/cancel',
      {
        config: { access: 'superadmin' },
        schema: {
          tags,
          params: z.object({ id: z.string().max(100) }),
          body: z.object({ reason: z.string({ error: COMMERCE_MESSAGES.invoiceCancelReasonRequired }).trim().min(3, COMMERCE_MESSAGES.invoiceCancelReasonRequired).max(500, COMMERCE_MESSAGES.invoiceCancelReasonRequired) }),
          response: { 200: ZCancelInvoiceResponse },
        },
      },
      async (request) => cancelInvoice(deps, requireAuth(request), request.params.id, request.body.reason),
    );

    // Stripe's webhook needs the exact bytes it signed: this scope keeps JSON bodies raw.
    await app.register(async (raw) => {
      raw.removeContentTypeParser('application/json');
      raw.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
      raw.post('/api/stripe/webhook', { config: { access: 'stripe' }, schema: { tags } }, async (request) =>
        handleStripeWebhook(deps, request.body as Buffer, request.headers['stripe-signature'] as string | undefined),
      );
    });
  };
