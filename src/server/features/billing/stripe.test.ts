import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createStaffedTeam, loginAs } from '../../../../tests/factories/index.ts';
import { startFakeStripe, type FakeStripe } from '../../../../tests/fixtures/fake-stripe.ts';
import { billingAddresses, CREDIT_UNITS, orders, stripeEvents, teams, users } from '../../db/schema/index.ts';
import { creditBalanceUnits } from '../credits/credit.service.ts';

const SECRET = 'whsec_test_secret';
let t: TestApp;
let fake: FakeStripe;
const stripe = new Stripe('sk_test_x');
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_BASE: fake.url,
    STRIPE_PRICE_SOLO_MONTHLY: 'price_solo_m',
    STRIPE_PRICE_SOLO_YEARLY: 'price_solo_y',
    STRIPE_PRICE_TEAM_MONTHLY: 'price_team_m',
    STRIPE_PRICE_TEAM_YEARLY: 'price_team_y',
    STRIPE_PRICE_AGENCY_MONTHLY: 'price_agency_m',
    STRIPE_PRICE_AGENCY_YEARLY: 'price_agency_y',
    STRIPE_PRICE_EXTRA_MIKA: 'price_extra_mika',
    STRIPE_PRICE_EXTRA_USER: 'price_extra_user',
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const ADDRESS = { company: 'Weiß & Partner KG', street: 'Große Straße 3', postcode: '20095', city: 'Hamburg', country: 'DE', vat_id: null, invoice_email: 'rechnung@weiss.de' };
const balance = async (teamId: number) => (await creditBalanceUnits(t.database.db, teamId)) / CREDIT_UNITS;

function completed(eventId: string, sessionId: string) {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: sessionId, object: 'checkout.session', mode: 'payment', payment_status: 'paid', invoice: 'in_test_1' } },
  });
}
const post = async (payload: string, signature: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload })).statusCode;

describe('Stripe provider against a local Stripe', () => {
  it('customer, portal links, plan subscription with extras, Checkout and an idempotent, signed webhook', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db, { plan: 'trial' });
    const agent = await loginAs(t, owner);
    expect((await agent.get('/api/billing/address')).json()).toEqual({ address: null, provider: 'stripe' });
    expect((await agent.put('/api/billing/address', ADDRESS)).status).toBe(200);
    const data = (await agent.get('/api/user/data')).json();
    expect(data.hasDefaultPaymentMethod).toBe(true);
    expect(data.customerPortalLink).toMatch(/^https:\/\/billing\.stripe\.test\/p\/cus_/);
    expect(fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/customers')).toHaveLength(1);
    expect((await agent.get('/api/offer/customerportal/')).json()).toMatch(/^https:\/\/billing\.stripe\.test/);

    expect((await agent.post('/api/offer/book', { slug: 'solo', billingPeriod: 'yearly' })).status).toBe(200);
    const sub = fake.calls.find((c) => c.path === '/v1/subscriptions' && c.method === 'POST')!;
    expect(sub.body.get('items[0][price]')).toBe('price_solo_y');
    expect((await t.database.db.select().from(teams).where(eq(teams.id, team.id)))[0]).toMatchObject({ planSlug: 'solo', billingPeriod: 'yearly' });
    expect((await agent.post('/api/shop/mika', { qty: 2 })).status).toBe(200);
    expect(fake.calls.find((c) => c.path === '/v1/subscription_items' && c.method === 'POST')!.body.get('quantity')).toBe('2');
    expect((await agent.delete('/api/shop/mika/1')).status).toBe(200);
    expect(fake.calls.filter((c) => c.path.startsWith('/v1/subscription_items/')).at(-1)!.body.get('quantity')).toBe('1');

    // Checkout: the link only leads to the confirmation; the POST opens an order and a Stripe session.
    expect((await agent.get('/checkout?amount=200')).headers.location).toBe('/Usage?tab=Aufladen&amount=200');
    expect(await t.database.db.select().from(orders).where(eq(orders.teamId, team.id))).toHaveLength(0);
    const res = await agent.post('/api/checkout', { amount: 200 });
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.teamId, team.id));
    expect(order).toMatchObject({ status: 'open', credits: 200, priceCents: 9_800 });
    const before = await balance(team.id);

    // Bad signature and stale timestamp: 400, nothing applied.
    const payload = completed('evt_paid_1', order!.stripeSessionId!);
    const bad = await post(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }));
    expect(bad).toBe(400);
    const stale = await post(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) - 301 }));
    expect(stale).toBe(400);
    const tampered = await post(payload.replace('"paid"', '"paid" '), stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }));
    expect(tampered).toBe(400);
    expect(await balance(team.id)).toBe(before);
    expect(await t.database.db.select().from(stripeEvents)).toHaveLength(0);

    // Valid: applied once, even when delivered twice.
    for (let i = 0; i < 2; i++) {
      const ok = await post(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }));
      expect(ok).toBe(200);
    }
    expect(await balance(team.id)).toBe(before + 200);
    const list = (await agent.get('/api/orders')).json<{ stripe_invoice_id: string }[]>();
    expect(list[0]).toMatchObject({ status: 'paid', amount: 200, price_cents: 9_800, stripe_invoice_id: 'in_test_1' });
    const inv = await agent.get('/api/invoice/in_test_1');
    expect(inv.json().url, inv.body).toBe('https://invoice.stripe.test/i/in_test_1');
    // A second event for the same session (another id) does not pay it twice.
    const again = completed('evt_paid_2', order!.stripeSessionId!);
    expect(await post(again, stripe.webhooks.generateTestHeaderString({ payload: again, secret: SECRET }))).toBe(200);
    expect(await balance(team.id)).toBe(before + 200);
  });

  it('Insight: a Stripe promotion code goes onto the subscription; deleting a team can delete its Stripe customer', async () => {
    const operatorTeam = await createStaffedTeam(t.database.db, { plan: 'agency' });
    await t.database.db.update(users).set({ isSuperadmin: true }).where(eq(users.id, operatorTeam.owner.id));
    const support = await loginAs(t, operatorTeam.owner);
    const { team, owner } = await createStaffedTeam(t.database.db, { plan: 'trial' });
    const agent = await loginAs(t, owner);
    expect((await agent.put('/api/billing/address', ADDRESS)).status).toBe(200);
    fake.promotionCodes.set('HERBST25', 'promo_herbst');

    // Without a subscription there is nothing to discount.
    let res = await support.post('/api/insight/applypromotioncode', { teamUuid: team.uuid, promotionCode: 'HERBST25' });
    expect(res.status).toBe(409);
    expect((await agent.post('/api/offer/book', { slug: 'team', billingPeriod: 'monthly' })).status).toBe(200);
    res = await support.post('/api/insight/applypromotioncode', { teamUuid: team.uuid, promotionCode: 'GIBTSNICHT' });
    expect(res.status).toBe(422);
    res = await support.post('/api/insight/applypromotioncode', { teamUuid: team.uuid, promotionCode: 'HERBST25' });
    expect(res.json().message).toBe('Gutschein wird angewendet');
    const [address] = await t.database.db.select().from(billingAddresses).where(eq(billingAddresses.teamId, team.id));
    const sub = fake.subscriptions.find((s) => s.customer === address!.stripeCustomerId);
    expect(sub?.discounts).toEqual([{ promotion_code: 'promo_herbst' }]);

    res = await support.delete('/api/insight/team', { teamUuid: team.uuid, deleteStripeCustomer: 1, softDelete: 1 });
    expect(res.status).toBe(200);
    expect(fake.deletedCustomers).toContain(address!.stripeCustomerId);
    expect((await t.database.db.select().from(teams).where(eq(teams.id, team.id)))[0]!.deletedAt).not.toBeNull();
  });
});
