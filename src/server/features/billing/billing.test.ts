import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { creditLedger, invoices, orders, teams, type Team } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createAssistant, createStaffedTeam, loginAs } from '../../../../tests/factories/index.ts';
import { COMMON_MESSAGES, COMMERCE_MESSAGES } from '../../../shared/messages.ts';
import { CREDIT_UNITS } from '../../db/schema/index.ts';
import { PLAN_LIMITS, PLAN_PRICES_CENTS, type PlanSlug } from '../../../shared/constants.ts';
import { creditBalanceUnits } from '../credits/credit.service.ts';
import { pdfText, waitForPdf } from '../../../../tests/setup/pdf-text.ts';
import { berlinDay } from '../../platform/berlin-time.ts';
import { monthAfter } from './extras.service.ts';
import { runBillingDaily } from './invoice-files.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const ADDRESS = {
  company: 'Bäckerei Müller & Söhne GmbH',
  street: 'Königsallee 12',
  postcode: '40212',
  city: 'Düsseldorf',
  country: 'DE',
  vat_id: 'DE811907980',
  invoice_email: 'buchhaltung@mueller-baeckerei.de',
};

async function ownerOf(plan: PlanSlug, withAddress: boolean) {
  const staffed = await createStaffedTeam(t.database.db, { plan });
  const owner = await loginAs(t, staffed.owner);
  if (withAddress) expect((await owner.put('/api/billing/address', ADDRESS)).status).toBe(200);
  return { ...staffed, agent: owner };
}
const teamRow = async (id: number): Promise<Team> => (await t.database.db.select().from(teams).where(eq(teams.id, id)))[0]!;
const balance = async (teamId: number) => (await creditBalanceUnits(t.database.db, teamId)) / CREDIT_UNITS;

describe('billing address (Rechnung = the payment method)', () => {
  it('is the payment method once complete; field errors in German; owner only', async () => {
    const { agent, admin } = await ownerOf('trial', false);
    expect((await agent.get('/api/billing/address')).json()).toEqual({ address: null, provider: 'invoice' });
    let data = (await agent.get('/api/user/data')).json();
    expect(data).toMatchObject({ hasDefaultPaymentMethod: false, paymentMethodLink: '/Billing', customerPortalLink: '/Billing' });

    const bad = await agent.put('/api/billing/address', { ...ADDRESS, company: '', country: 'Deutschland' });
    expect(bad.status).toBe(422);
    expect(bad.json().fields.company).toEqual([COMMERCE_MESSAGES.billingCompanyRequired]);
    expect(bad.json().fields.country).toEqual([COMMERCE_MESSAGES.billingCountryInvalid]);
    // The server applies the form's rules: a German postcode has 5 digits, a German VAT id DE + 9 digits.
    const postcode = await agent.put('/api/billing/address', { ...ADDRESS, postcode: '1234' });
    expect(postcode.status).toBe(422);
    expect(postcode.json().fields.postcode).toEqual([COMMERCE_MESSAGES.billingPostcodeInvalid]);
    const vat = await agent.put('/api/billing/address', { ...ADDRESS, vat_id: 'DE12345' });
    expect(vat.json().fields.vat_id).toEqual([COMMERCE_MESSAGES.billingVatIdInvalid]);
    const mail = await agent.put('/api/billing/address', { ...ADDRESS, invoice_email: 'buchhaltung@' });
    expect(mail.json().fields.invoice_email).toEqual([COMMERCE_MESSAGES.billingInvoiceEmailInvalid]);
    expect((await agent.get('/api/billing/address')).json().address).toBeNull();
    expect((await agent.get('/api/user/data')).json().hasDefaultPaymentMethod).toBe(false);

    const ok = await agent.put('/api/billing/address', { ...ADDRESS, vat_id: '' });
    expect(ok.json()).toEqual({ status: 'success', message: 'Rechnungsadresse gespeichert' });
    expect((await agent.get('/api/billing/address')).json().address).toEqual({ ...ADDRESS, vat_id: null, leitweg_id: null });
    data = (await agent.get('/api/user/data')).json();
    expect(data.hasDefaultPaymentMethod).toBe(true);
    expect((await agent.get('/api/offer/customerportal/')).json()).toBe('/Billing');

    const adminAgent = await loginAs(t, admin);
    expect((await adminAgent.get('/api/billing/address')).status).toBe(403);
  });
});

describe('plan booking (docs/product/credits-and-billing.md)', () => {
  const plans: PlanSlug[] = ['trial', 'solo', 'team', 'agency'];
  for (const plan of plans)
    for (const withAddress of [false, true])
      for (const period of ['monthly', 'yearly'] as const) {
        it(`${plan}, ${withAddress ? 'with' : 'without'} payment method, books team ${period}`, async () => {
          const { agent, team } = await ownerOf(plan, withAddress);
          const before = await balance(team.id);
          const res = await agent.post('/api/offer/book', { slug: 'team', billingPeriod: period });
          const after = await teamRow(team.id);
          const invoiceRows = await t.database.db.select().from(invoices).where(eq(invoices.teamId, team.id));
          // The reasons in the order of the Buchen button's tooltips: a running plan first.
          if (plan !== 'trial') {
            expect(res.status).toBe(403);
            expect(res.json().error).toBe('Du hast bereits einen laufenden Tarif. Für einen Wechsel, wende Dich bitte ans Mika Team');
          } else if (!withAddress) {
            expect(res.status).toBe(403);
            expect(res.json().error).toBe('Bitte lege zuerst eine Zahlungsmethode an');
          }
          if (!withAddress || plan !== 'trial') {
            expect(after.planSlug).toBe(plan);
            expect(invoiceRows).toHaveLength(0);
            expect(await balance(team.id)).toBe(before);
            return;
          }
          expect(res.json()).toEqual({ status: 'success', message: 'Buchung erfolgreich' });
          expect(after).toMatchObject({ planSlug: 'team', billingPeriod: period, amountMikas: PLAN_LIMITS.team.mikas, amountUsers: PLAN_LIMITS.team.users, trialEndsAt: null });
          expect(await balance(team.id)).toBe(before + PLAN_LIMITS.team.creditsPerMonth);
          expect(invoiceRows).toHaveLength(1);
          const net = PLAN_PRICES_CENTS.team[period];
          expect(invoiceRows[0]).toMatchObject({ netCents: net, vatCents: Math.round(net * 0.19), totalCents: net + Math.round(net * 0.19) });
          const data = (await agent.get('/api/user/data')).json();
          expect(data).toMatchObject({ slug: 'team', billingPeriod: period, trailSecondsRemaining: 0 });
          // Booking again is refused: a paid plan is running.
          expect((await agent.post('/api/offer/book', { slug: 'agency', billingPeriod: period })).status).toBe(403);
        });
      }

  it('refuses unknown plans and periods with 422', async () => {
    const { agent } = await ownerOf('trial', true);
    expect((await agent.post('/api/offer/book', { slug: 'other', billingPeriod: 'monthly' })).status).toBe(422);
    expect((await agent.post('/api/offer/book', { slug: 'solo', billingPeriod: 'weekly' })).status).toBe(422);
  });
});

describe('shop (docs/product/credits-and-billing.md)', () => {
  it('answers an error while the team cannot buy extras', async () => {
    const trial = await ownerOf('trial', true);
    expect((await trial.agent.get('/api/shop')).json().error).toBe(COMMON_MESSAGES.shopTrial);
    expect((await trial.agent.post('/api/shop/mika', { qty: 1 })).status).toBe(403);
    const noAddress = await ownerOf('team', false);
    expect((await noAddress.agent.get('/api/shop')).json().error).toBe(COMMON_MESSAGES.shopNoPaymentMethod);
    expect((await noAddress.agent.post('/api/shop/user', { qty: 1 })).json().error).toBe(COMMON_MESSAGES.shopNoPaymentMethod);
    expect((await teamRow(noAddress.team.id)).amountExtraUsers).toBe(0);
  });

  it('adds and cancels extras; limits follow at once; 15 credits per extra Mika; never cancels more than booked', async () => {
    const { agent, team } = await ownerOf('solo', true);
    const db = t.database.db;
    // Solo: 2 Mikas. A third is refused until an extra is bought.
    await createAssistant(db, team, { name: 'Erster Mika' });
    await createAssistant(db, team, { name: 'Zweiter Mika' });
    expect((await agent.get('/api/user/data')).json().permissions.canCreateAssistant).toBe(false);

    const shop = (await agent.get('/api/shop')).json();
    expect(shop).toEqual({ userLimitRegular: 2, assistantLimitRegular: 2, userAddons: 0, assistantAddons: 0 });
    const before = await balance(team.id);
    const add = await agent.post('/api/shop/mika', { qty: 3 });
    expect(add.json()).toEqual({ status: 'success', message: 'Deine Mikas wurden dem Abo zugefügt. Du bist jetzt startklar.' });
    expect(await balance(team.id)).toBe(before + 45);
    expect((await agent.get('/api/shop')).json().assistantAddons).toBe(3);
    expect((await agent.get('/api/user/data')).json().permissions.canCreateAssistant).toBe(true);
    expect((await agent.post('/api/shop/user', { qty: 2 })).json().message).toBe('Deine User wurden dem Abo zugefügt. Du bist jetzt startklar.');

    // Out of range quantities change nothing.
    expect((await agent.post('/api/shop/mika', { qty: 11 })).status).toBe(422);
    expect((await agent.post('/api/shop/mika', { qty: 0 })).status).toBe(422);

    const tooMany = await agent.delete('/api/shop/mika/4');
    expect(tooMany.status).toBe(422);
    expect(tooMany.json().error).toBe('Du kannst nicht mehr Mikas kündigen, als Du zusätzlich gebucht hast');
    expect((await agent.delete('/api/shop/user/3')).json().error).toBe('Du kannst nicht mehr User kündigen, als Du zusätzlich gebucht hast');
    expect((await agent.delete('/api/shop/mika/3')).json()).toEqual({ status: 'success', message: 'Zusätzliche Mikas wurden reduziert' });
    expect((await agent.delete('/api/shop/user/2')).json().message).toBe('Zusätzliche User wurden reduziert');
    // Paid extras run until the end of their paid month; the shop says until when.
    const until = berlinDay(monthAfter(new Date(), 1));
    expect((await agent.get('/api/shop')).json()).toEqual({
      userLimitRegular: 2,
      assistantLimitRegular: 2,
      userAddons: 2,
      assistantAddons: 3,
      cancellations: expect.arrayContaining([
        { item: 'mika', qty: 3, until },
        { item: 'user', qty: 2, until },
      ]),
    });
    // What is cancelled already cannot be cancelled twice.
    expect((await agent.delete('/api/shop/mika/1')).status).toBe(422);
    expect((await agent.get('/api/user/data')).json().permissions.canCreateAssistant).toBe(true);
    // The day after the period: the daily billing run ends them, once.
    const later = new Date(Date.now() + 32 * 86_400_000);
    expect((await runBillingDaily(t.deps, later)).extras).toBe(2);
    expect((await runBillingDaily(t.deps, later)).extras).toBe(0);
    expect((await agent.get('/api/shop')).json()).toEqual({ userLimitRegular: 2, assistantLimitRegular: 2, userAddons: 0, assistantAddons: 0 });
    expect((await agent.get('/api/user/data')).json().permissions.canCreateAssistant).toBe(false);
    // Two purchases invoiced: 3 × 179 € and 2 × 59 €.
    const list = (await agent.get('/api/billing/invoices')).json().invoices;
    expect(list.map((i: { total_cents: number }) => i.total_cents).sort((a: number, b: number) => a - b)).toEqual([14_042, 63_903]);
  });
});

describe('top-up: GET /checkout confirms, POST /api/checkout buys (Rechnung)', () => {
  it('the link changes nothing; the confirmed purchase books an open order, its invoice and the credits exactly once', async () => {
    const { agent, team, admin } = await ownerOf('team', false);
    const first = await agent.get('/checkout?amount=250');
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/Usage?tab=Aufladen&amount=250');
    expect(await t.database.db.select().from(orders).where(eq(orders.teamId, team.id))).toHaveLength(0);
    expect((await agent.get('/api/checkout/preview?amount=250')).json()).toMatchObject({ needs_address: true });
    // Without an address the purchase leads to the billing page first.
    expect((await agent.post('/api/checkout', { amount: 250 })).json()).toEqual({ url: '/Billing?next=checkout&amount=250' });
    expect(await t.database.db.select().from(orders).where(eq(orders.teamId, team.id))).toHaveLength(0);

    await agent.put('/api/billing/address', ADDRESS);
    const adminAgent = await loginAs(t, admin);
    expect((await adminAgent.get('/api/checkout/preview?amount=250')).json()).toEqual({
      amount: 250,
      net_cents: 12_250,
      vat_cents: 2_328,
      total_cents: 14_578,
      vat_percent: 19,
      vat_category: 'S',
      needs_address: false,
      provider: 'invoice',
    });
    const before = await balance(team.id);
    const res = await adminAgent.post('/api/checkout', { amount: 250 });
    expect(res.json()).toEqual({ url: '/Usage?tab=Aufladen&checkout=success' });
    expect(await balance(team.id)).toBe(before + 250);
    const list = (await adminAgent.get('/api/orders')).json();
    expect(list).toHaveLength(1);
    // Open until the invoice is paid; the credits count at once.
    expect(list[0]).toMatchObject({ status: 'open', amount: 250, price_cents: 12_250 });
    const ledger = await t.database.db.select().from(creditLedger).where(eq(creditLedger.teamId, team.id));
    expect(ledger.filter((e) => e.kind === 'topup')).toHaveLength(1);
    const invoice = (await adminAgent.get(`/api/invoice/${list[0].stripe_invoice_id}`)).json();
    expect(invoice.url).toBe(`/api/invoice/${list[0].stripe_invoice_id}/pdf`);
    const pdf = await waitForPdf(adminAgent, invoice.url);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    for (const amount of [5, 10_001, 12.5, 'viel']) {
      const bad = await adminAgent.post('/api/checkout', { amount });
      expect(bad.status).toBe(422);
      expect(bad.json().fields.amount).toEqual([COMMERCE_MESSAGES.topUpAmountInvalid]);
    }
    expect((await adminAgent.get('/api/orders')).json()).toHaveLength(1);
    // The link's default is 100 credits.
    expect((await adminAgent.get('/checkout')).headers.location).toBe('/Usage?tab=Aufladen&amount=100');

    // Another team's invoice: 404.
    const other = await ownerOf('team', true);
    const otherAdmin = await loginAs(t, other.admin);
    expect((await otherAdmin.get(`/api/invoice/${list[0].stripe_invoice_id}`)).status).toBe(404);
    expect((await otherAdmin.get(`/api/invoice/${list[0].stripe_invoice_id}/pdf`)).status).toBe(404);
  });

  it('a purchase without the CSRF token, or by a member who is no admin, books nothing', async () => {
    const { agent, team, employee } = await ownerOf('team', true);
    const forged = await agent.request('POST', '/api/checkout', { amount: 10_000 }, { csrf: false });
    expect(forged.status).toBe(403);
    expect(forged.json().error).toBe(COMMON_MESSAGES.csrfMismatch);
    const member = await loginAs(t, employee);
    expect((await member.post('/api/checkout', { amount: 100 })).status).toBe(403);
    expect(await t.database.db.select().from(orders).where(eq(orders.teamId, team.id))).toHaveLength(0);
  });
});

describe('invoice PDF = EN 16931 e-invoice', () => {
  it('shows number, buyer, net, 19 % VAT and gross with umlauts; embeds factur-x.xml with the same data', async () => {
    const { agent, team } = await ownerOf('trial', true);
    await agent.post('/api/offer/book', { slug: 'solo', billingPeriod: 'monthly' });
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.teamId, team.id));
    const year = new Date().getFullYear();
    expect(row!.number).toMatch(new RegExp(`^RE-${year}-\\d{5}$`));
    const res = await waitForPdf(agent, `/api/invoice/${row!.uuid}/pdf`);
    const { text, attachments } = await pdfText(new Uint8Array(res.raw));
    expect(text).toContain(row!.number);
    expect(text).toContain('Bäckerei Müller & Söhne GmbH');
    expect(text).toContain('Königsallee 12');
    expect(text).toContain('Düsseldorf');
    expect(text).toContain('Mika Beispiel GmbH');
    expect(text).toContain('279,00 €');
    expect(text).toContain('53,01 €');
    expect(text).toContain('332,01 €');
    expect(text).toContain('19 % USt.');
    // Formal address for a business customer (decision 027), and the due date.
    expect(text).toContain('Vielen Dank für Ihren Auftrag.');
    expect(text).toMatch(/Zahlbar ohne Abzug bis zum \d{2}\.\d{2}\.\d{4}/);
    expect(text).not.toMatch(/\b(Du|Dein|Deinen|überweise)\b/);

    const xmlFile = attachments.find((a) => a.filename === 'factur-x.xml');
    expect(xmlFile).toBeTruthy();
    const xml = Buffer.from(xmlFile!.content).toString('utf8');
    expect(xml).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
    expect(xml).toContain(`<ram:ID>${row!.number}</ram:ID>`);
    expect(xml).toMatch(/<ram:SellerTradeParty>\s*<ram:Name>Mika Beispiel GmbH<\/ram:Name>/);
    expect(xml).toMatch(/<ram:BuyerTradeParty>\s*<ram:Name>Bäckerei Müller &amp; Söhne GmbH<\/ram:Name>/);
    expect(xml).toContain('<ram:ID schemeID="VA">DE811907980</ram:ID>');
    expect(xml).toContain('<ram:TaxBasisTotalAmount>279.00</ram:TaxBasisTotalAmount>');
    expect(xml).toContain('<ram:TaxTotalAmount currencyID="EUR">53.01</ram:TaxTotalAmount>');
    expect(xml).toContain('<ram:GrandTotalAmount>332.01</ram:GrandTotalAmount>');
    expect(xml).toContain('<ram:RateApplicablePercent>19</ram:RateApplicablePercent>');
    expect(xml).toContain('<ram:CalculatedAmount>53.01</ram:CalculatedAmount>');
    // PDF/A-3 with the Factur-X XMP and embedded fonts.
    const raw = Buffer.from(res.raw).toString('latin1');
    expect(raw).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(raw).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(raw).toContain('/AFRelationship /Alternative');
    expect(raw).toMatch(/\/FontFile2/);
  });

  it('numbers invoices gaplessly under concurrency', async () => {
    const owners = await Promise.all(Array.from({ length: 6 }, () => ownerOf('trial', true)));
    await Promise.all(owners.map((o) => o.agent.post('/api/offer/book', { slug: 'solo', billingPeriod: 'yearly' })));
    const all = await t.database.db.select({ number: invoices.number }).from(invoices);
    const nums = all.map((r) => Number(r.number.split('-')[2])).sort((a, b) => a - b);
    expect(nums).toEqual(Array.from({ length: nums.length }, (_, i) => i + 1));
  });
});
