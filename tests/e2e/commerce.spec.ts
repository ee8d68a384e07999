import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiRequest, callApi, registerOwner, signedIn } from './api.ts';
import { expectNoAxeViolations } from './axe.ts';
import { resize, settled } from './viewport.ts';
import { unique } from './public-helpers.ts';
import { SUPERADMIN } from './server.ts';

// Commerce (issues 14, 24) with the default billing provider "Rechnung": the owner enters the
// billing address (the payment method), books a plan (trial bar gone), buys an extra Mika (the
// library's limit rises) and tops up credits through the confirmation (net, VAT, gross; the GET
// link only shows it): the order is "offen", the invoice PDF opens once rendered; the operator marks
// it paid in Insight (the owner sees "bezahlt") and cancels another by credit note. One team walks
// through the steps in order; axe runs on Offer, Shop, Usage, Billing and Insight at 1440 and 390 px.
// Screenshots of the confirmation, the invoice list and Insight's open invoices go to the test's
// output folder (test-results/).

const PASSWORD = 'Tarif#Buchen2026';
const email = `tarif-${unique()}@beispiel.de`;

async function signIn(page: Page) {
  await callApi(page.context(), 'post', '/api/login', { email, password: PASSWORD });
}

const snackbar = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

interface OrderRow {
  amount: number;
  status: string;
  stripe_invoice_id: string | null;
}
interface InvoiceRow {
  id: string;
  number: string;
  kind: string;
  status: string;
  description: string;
  corrects: string | null;
}
/** A screenshot of one region at 1440 and 390 px into the test's output folder (for a look, not a comparison). */
async function shot(page: Page, region: ReturnType<Page['getByRole']>, name: string) {
  await settled(page);
  await region.screenshot({ path: test.info().outputPath(`${name}-1440.png`) });
  const size = page.viewportSize()!;
  await resize(page, { width: 390, height: 844 });
  await region.screenshot({ path: test.info().outputPath(`${name}-390.png`) });
  await page.setViewportSize(size);
}

const orders = async (page: Page) => (await callApi(page.context(), 'get', '/api/orders')) as OrderRow[];
const invoices = async (page: Page) => ((await callApi(page.context(), 'get', '/api/billing/invoices')) as { invoices: InvoiceRow[] }).invoices;
/** The status of GET /api/invoice/{id}/pdf: 409 while the job renders it, then 200. */
const pdfStatus = async (page: Page, id: string) => (await page.context().request.get(`/api/invoice/${id}/pdf`)).status();

async function createMika(page: Page, name: string) {
  return apiRequest(page.context(), 'post', '/api/assistant', {
    type: 'chat',
    name,
    role: 'Du bist die Assistenz unseres Vertriebs und kennst alle Produkte genau.',
    task: 'Du beantwortest Fragen der Kolleginnen und Kollegen zu Angeboten und Preisen. '.repeat(4),
    style: 'professionell und sachlich',
    is_public: 0,
    can_talk: 0,
  });
}

test.describe.serial('Tarif, Shop, Nutzung und Rechnungen (Rechnung)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  // Each step runs axe at both widths on several screens and states.
  test.describe.configure({ timeout: 150_000 });

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext();
    await registerOwner(context, { name: 'Tara Tarif', email, password: PASSWORD });
    await context.close();
  });

  test('ohne Zahlungsmethode: Hinweis, Buchen gesperrt; Rechnungsadresse anlegen', async ({ page }) => {
    await signIn(page);
    const assets: string[] = [];
    page.on('request', (request) => assets.push(new URL(request.url()).pathname));
    // In the trial the shop says why it cannot sell extras yet, and leads to the plans.
    await page.goto('/Shop');
    const refusal = page.getByTestId('shop-error');
    await expect(refusal).toContainText('Während des Testzeitraums kannst Du keine Extras buchen. Buche zuerst einen Tarif unter „Tarif“.');
    await refusal.getByRole('button', { name: 'Zu den Tarifen' }).click();
    await expect(page).toHaveURL(/\/Offer$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Aktuelle Mika Angebote' })).toBeVisible();
    await expect(page.getByTestId('trial-countdown')).toBeVisible();
    await expect(page.getByTestId('no-payment-method')).toContainText('Noch keine Zahlungsmethode hinterlegt');
    // Preset from the team's period; one period is always selected.
    await expect(page.getByRole('button', { name: 'Monatlich', pressed: true })).toBeVisible();
    await page.getByRole('button', { name: 'Monatlich' }).click();
    await expect(page.getByRole('button', { name: 'Monatlich', pressed: true })).toBeVisible();
    await expect(page.getByTestId('plan-team').getByTestId('plan-price')).toHaveText('690 €');
    await page.getByRole('button', { name: 'Jährlich' }).click();
    await expect(page.getByTestId('plan-team').getByTestId('plan-price')).toHaveText('6.900 €');
    await page.getByRole('button', { name: 'Monatlich' }).click();
    for (const plan of ['Solo', 'Team', 'Agency']) {
      await expect(page.getByRole('button', { name: `Tarif ${plan} buchen`, exact: true })).toBeDisabled();
    }
    // The tooltip sits on a focusable wrapper, so it is reachable although the button is disabled.
    await page.getByRole('group', { name: 'Tarif Solo buchen: Bitte lege zuerst eine Zahlungsmethode an' }).hover();
    await expect(page.getByRole('tooltip')).toHaveText('Bitte lege zuerst eine Zahlungsmethode an');
    await page.mouse.move(0, 0);
    await expectNoAxeViolations(page, 'Tarif ohne Zahlungsmethode');
    // The chart library belongs to the Verbrauch tab only.
    expect(assets.filter((a) => /UsageChart/.test(a))).toEqual([]);

    // paymentMethodLink leads to the billing page.
    await page.getByTestId('no-payment-method').getByRole('link', { name: 'Zahlungsmethode anlegen' }).click();
    await expect(page).toHaveURL(/\/Billing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Rechnungsadresse und Rechnungen' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Rechnungs-E-Mail' })).toHaveValue(email);
    // The countries as a German reads them: the DACH countries first, then A to Z.
    const countries = await page.getByRole('combobox', { name: 'Land' }).locator('option').allTextContents();
    expect(countries.slice(0, 4)).toEqual(['Deutschland', 'Österreich', 'Schweiz', 'Belgien']);
    expect(countries.slice(3)).toEqual([...countries.slice(3)].sort((a, b) => a.localeCompare(b, 'de')));
    await page.getByRole('textbox', { name: 'PLZ' }).fill('1234');
    await page.keyboard.press('Tab');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Bitte gib den Namen Deiner Firma an.')).toBeVisible();
    await expect(page.getByText('Bitte gib eine gültige Postleitzahl an (in Deutschland 5 Ziffern).')).toBeVisible();
    await expectNoAxeViolations(page, 'Rechnungsadresse mit Fehlern');

    await page.getByRole('textbox', { name: 'Firma' }).fill('Tarif & Söhne GmbH');
    await page.getByRole('textbox', { name: 'Straße und Hausnummer' }).fill('Müllerstraße 12');
    await page.getByRole('textbox', { name: 'PLZ' }).fill('80331');
    await page.getByRole('textbox', { name: 'Ort' }).fill('München');
    await page.getByRole('textbox', { name: 'USt-IdNr. (optional)' }).fill('DE136695976');
    // The Leitweg-ID (public-sector buyers) is optional and checked for its form.
    await page.getByRole('textbox', { name: 'Leitweg-ID (optional)' }).fill('keine');
    await page.keyboard.press('Tab');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Bitte gib eine gültige Leitweg-ID an, z. B. 991-12345-67.')).toBeVisible();
    await expect(snackbar(page, 'Rechnungsadresse gespeichert')).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Leitweg-ID (optional)' }).fill('991-12345-67');
    await page.keyboard.press('Tab');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(snackbar(page, 'Rechnungsadresse gespeichert')).toBeVisible();

    // Stored: a reload shows the address again.
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Firma' })).toHaveValue('Tarif & Söhne GmbH');
    await expect(page.getByRole('textbox', { name: 'Leitweg-ID (optional)' })).toHaveValue('991-12345-67');
    await expect(page.getByRole('combobox', { name: 'Land' })).toHaveValue('DE');
    await expectNoAxeViolations(page, 'Rechnungsadresse');
  });

  test('Tarif Solo buchen: Bestätigung mit AGB-Haken, Erfolg, Testphase vorbei', async ({ page }) => {
    await signIn(page);
    await page.goto('/Offer');
    await expect(page.getByTestId('no-payment-method')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Rechnungen und Rechnungsadresse' })).toBeVisible();
    const book = page.getByRole('button', { name: 'Tarif Solo buchen', exact: true });
    await expect(book).toBeEnabled();
    await book.click();

    const dialog = page.getByRole('dialog', { name: 'Tarif Solo buchen' });
    await expect(dialog.getByRole('link', { name: 'AVV' })).toHaveAttribute('href', '/avv');
    await expect(dialog.getByRole('link', { name: 'AGB' })).toHaveAttribute('href', '/agb');
    await expect(dialog.getByRole('link', { name: 'SLA' })).toHaveAttribute('href', '/sla');
    await expect(dialog.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/datenschutz');
    const confirm = dialog.getByRole('button', { name: 'Verbindlich buchen' });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('checkbox').check();
    await expectNoAxeViolations(page, 'Tarif buchen: Bestätigung');
    await confirm.click();

    await expect(page.getByTestId('booking-success')).toContainText('Buchung erfolgreich');
    await expect(page.getByTestId('booking-success')).toContainText('Glückwunsch, Du kannst jetzt loslegen!');
    // The user data reloaded: the trial bar is gone, Solo monthly is booked, nothing else bookable.
    await expect(page.getByTestId('trial-countdown')).toHaveCount(0);
    await expect(page.getByTestId('plan-solo').getByTestId('plan-booked')).toHaveText('Gebucht');
    const running = 'Du hast bereits einen laufenden Tarif. Für einen Wechsel, wende Dich bitte ans Mika Team';
    await page.getByRole('group', { name: `Tarif Team buchen: ${running}` }).hover();
    await expect(page.getByRole('tooltip')).toHaveText(running);
    await page.mouse.move(0, 0);
    await page.getByRole('button', { name: 'Jährlich' }).click();
    await expect(page.getByRole('button', { name: 'Tarif Solo buchen', exact: true })).toBeDisabled();
    await expectNoAxeViolations(page, 'Tarif gebucht');

    // The server refuses a second booking with the same reason.
    const again = await apiRequest(page.context(), 'post', '/api/offer/book', { slug: 'team', billingPeriod: 'monthly' });
    expect(again.status()).toBe(403);
    expect(await again.text()).toContain(running);
  });

  test('Shop: ein zusätzlicher Mika hebt das Limit der Bibliothek', async ({ page }) => {
    await signIn(page);
    const shop = await (await apiRequest(page.context(), 'get', '/api/shop')).json();
    const bought = shop.assistantLimitRegular + shop.assistantAddons;
    // Fill the plan with own Mikas: one more is refused by the server and in the library.
    const { assistants } = (await (await apiRequest(page.context(), 'get', '/api/assistants/')).json()) as { assistants: { is_default: number }[] };
    const own = assistants.filter((a) => a.is_default !== 1).length;
    for (let i = own; i < bought; i++) expect((await createMika(page, `Vertrieb ${i + 1}`)).ok()).toBe(true);
    expect((await createMika(page, 'Vertrieb zu viel')).ok()).toBe(false);
    await page.goto('/');
    await expect(page.getByRole('main').getByRole('button', { name: 'Neuer Mika' })).toBeDisabled();

    await page.goto('/Shop');
    await expect(page.getByRole('heading', { level: 1, name: 'Shop für User und Mikas' })).toBeVisible();
    await expect(page.getByTestId('shop-error')).toHaveCount(0);
    const mikas = page.getByTestId('shop-mika');
    await expect(mikas.getByTestId('shop-mika-total')).toHaveText(String(bought));
    await expect(mikas.getByRole('button', { name: /kündigen/ })).toHaveCount(0);
    await expectNoAxeViolations(page, 'Shop');

    await mikas.getByRole('button', { name: '1 Mika hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Extras hinzufügen?' });
    await expect(dialog).toContainText('179,00 €');
    await expectNoAxeViolations(page, 'Shop: Bestätigung');
    await dialog.getByRole('button', { name: 'Nein' }).click();
    await expect(mikas.getByTestId('shop-mika-extras')).toHaveText('0');
    await mikas.getByRole('button', { name: '1 Mika hinzufügen' }).click();
    await page.getByRole('dialog', { name: 'Extras hinzufügen?' }).getByRole('button', { name: 'Ja, bitte' }).click();
    await expect(snackbar(page, 'Deine Mikas wurden dem Abo zugefügt. Du bist jetzt startklar.')).toBeVisible();
    await expect(page).toHaveURL(/\/Shop$/);
    await expect(mikas.getByTestId('shop-mika-extras')).toHaveText('1');
    await expect(mikas.getByTestId('shop-mika-total')).toHaveText(String(bought + 1));

    // Cancelling more than booked is refused with the spec's text, nothing changes.
    await mikas.getByTestId('shop-mika-qty').fill('2');
    await mikas.getByTestId('shop-mika-qty').blur();
    await mikas.getByRole('button', { name: '2 Mikas kündigen' }).click();
    await expect(snackbar(page, 'Du kannst nicht mehr Mikas kündigen, als Du zusätzlich gebucht hast')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const tooMany = await apiRequest(page.context(), 'delete', '/api/shop/mika/2');
    expect(tooMany.ok()).toBe(false);
    expect(await tooMany.text()).toContain('Du kannst nicht mehr Mikas kündigen, als Du zusätzlich gebucht hast');

    // The library's limit follows at once.
    await page.goto('/');
    await expect(page.getByRole('main').getByRole('button', { name: 'Neuer Mika' })).toBeEnabled();
    expect((await createMika(page, 'Vertrieb Extra')).ok()).toBe(true);

    // A cancelled extra runs until the end of its paid period; the card says until when.
    await page.goto('/Shop');
    await mikas.getByRole('button', { name: '1 Mika kündigen' }).click();
    await page.getByRole('dialog', { name: 'Extras kündigen?' }).getByRole('button', { name: 'Ja, bitte' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const { cancellations } = (await (await apiRequest(page.context(), 'get', '/api/shop')).json()) as { cancellations?: { item: string; qty: number; until: string }[] };
    const running = cancellations?.find((c) => c.item === 'mika');
    expect(running, JSON.stringify(cancellations)).toBeTruthy();
    const [y, m, d] = running!.until.split('-');
    await expect(mikas.getByTestId('shop-mika-cancellations')).toHaveText(`${running!.qty} gekündigt – läuft bis ${d}.${m}.${y}`);
    await expectNoAxeViolations(page, 'Shop: Extra gekündigt');
  });

  test('Nutzung: Verbrauch mit Diagramm, Credits aufladen, Rechnung öffnen', async ({ page }) => {
    await signIn(page);
    await page.goto('/Usage');
    await expect(page.getByRole('heading', { level: 1, name: 'Nutzung' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Verbrauch', selected: true })).toBeVisible();
    await expect(page.getByTestId('usage-chip')).toContainText('% verbraucht');
    await expect(page.getByTestId('usage-booked')).not.toHaveText('');
    // The chart (or its empty state) comes from the lazily loaded chart chunk.
    await expect(page.getByTestId('usage-chart').or(page.getByTestId('usage-chart-empty'))).toBeVisible();
    await expectNoAxeViolations(page, 'Nutzung: Verbrauch');
    const leftBefore = await page.getByTestId('usage-left').textContent();

    await page.getByRole('tab', { name: 'Aufladen' }).click();
    await expect(page).toHaveURL(/tab=Aufladen/);
    const amount = page.getByTestId('topup-amount');
    await expect(amount).toHaveValue('100');
    await amount.fill('5');
    await amount.blur();
    await expect(page.getByText('Bitte gib eine ganze Zahl von 10 bis 10.000 an.')).toBeVisible();
    await expectNoAxeViolations(page, 'Nutzung: Aufladen');
    await amount.fill('100');
    await page.getByRole('button', { name: 'Credits kaufen' }).click();

    // Nothing is bought yet: the confirmation shows the price with German VAT (a German company).
    const confirmation = page.getByRole('region', { name: 'Bestellung prüfen' });
    await expect(page).toHaveURL(/\/Usage\?tab=Aufladen&amount=100$/);
    await expect(confirmation.getByTestId('confirm-amount')).toHaveText('100');
    await expect(confirmation.getByTestId('confirm-net')).toHaveText('49,00 €');
    await expect(confirmation.getByText('USt. (19 %)')).toBeVisible();
    await expect(confirmation.getByTestId('confirm-vat')).toHaveText('9,31 €');
    await expect(confirmation.getByTestId('confirm-total')).toHaveText('58,31 €');
    await expect(confirmation.getByTestId('confirm-note')).toContainText('per E-Mail');
    await expect(confirmation.getByTestId('confirm-note')).toContainText('innerhalb von 14 Tagen');
    expect(await orders(page)).toEqual([]);
    await expectNoAxeViolations(page, 'Nutzung: Bestellung prüfen');
    await shot(page, confirmation, 'checkout-confirmation');
    await confirmation.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(confirmation).toHaveCount(0);
    await expect(page).toHaveURL(/\/Usage\?tab=Aufladen$/);

    // The spec's GET link only leads to the confirmation: no order, no invoice, no credits.
    await page.goto('/checkout?amount=100');
    await expect(page).toHaveURL(/\/Usage\?tab=Aufladen&amount=100$/);
    await expect(confirmation.getByTestId('confirm-total')).toHaveText('58,31 €');
    await expect(page.getByTestId('topup-amount')).toHaveValue('100');
    expect(await orders(page)).toEqual([]);
    const invoicesBefore = (await invoices(page)).length;

    await confirmation.getByRole('button', { name: 'Kostenpflichtig bestellen' }).click();
    // Rechnung with a complete address: credits at once, the invoice open until paid.
    await expect(page).toHaveURL(/\/Usage\?tab=Aufladen&checkout=success$/);
    await expect(page.getByTestId('checkout-success')).toContainText('Vielen Dank für Deinen Einkauf!');
    await expect(page.getByRole('region', { name: 'Bestellung prüfen' })).toHaveCount(0);
    const order = page.getByTestId('order').first();
    await expect(order).toContainText('100 Credits');
    await expect(order.getByTestId('order-status')).toHaveText('offen');
    await expect(order.getByTestId('order-status')).toHaveClass(/colorWarning/);
    await expectNoAxeViolations(page, 'Nutzung: Bestellung offen');
    const [bought] = await orders(page);
    expect(bought).toMatchObject({ amount: 100, status: 'open' });
    expect((await invoices(page)).length).toBe(invoicesBefore + 1);

    // A job renders the PDF right after the booking ("wird gerade erstellt" until then).
    await expect.poll(() => pdfStatus(page, bought!.stripe_invoice_id!), { timeout: 30_000 }).toBe(200);
    const popup = page.waitForEvent('popup');
    await order.getByRole('button', { name: /^Rechnung der Bestellung vom/ }).click();
    const invoice = await popup;
    // The tab opens at the click and then goes to the invoice's URL.
    await expect.poll(() => invoice.url()).toMatch(/\/api\/invoice\/[^/]+\/pdf$/);
    const pdf = await page.context().request.get(invoice.url());
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await invoice.close();

    await page.getByRole('tab', { name: 'Verbrauch' }).click();
    await expect(page.getByTestId('usage-added')).toHaveText(/^\d/);
    await expect(page.getByTestId('usage-left')).not.toHaveText(leftBefore ?? '');
  });

  test('Rechnungen: Liste im Kundenportal, Rechnung öffnet', async ({ page }) => {
    await signIn(page);
    await page.goto('/Offer');
    // With "Rechnung" the customer portal is our billing page.
    await page.getByRole('button', { name: 'Rechnungen und Rechnungsadresse' }).click();
    await expect(page).toHaveURL(/\/Billing$/);
    const invoices = page.getByTestId('invoice');
    // The plan, the extra Mika and the credits were each invoiced.
    await expect(invoices.first()).toBeVisible();
    expect(await invoices.count()).toBeGreaterThanOrEqual(2);
    await expectNoAxeViolations(page, 'Rechnungen');
    const popup = page.waitForEvent('popup');
    await invoices.first().getByRole('button', { name: /^Rechnung .+ öffnen$/ }).click();
    const tab = await popup;
    await expect.poll(() => tab.url()).toMatch(/\/api\/invoice\/[^/]+\/pdf$/);
    await tab.close();

    // Without an address first: the checkout leads to the billing page and on to the checkout.
    await page.goto('/Billing?next=checkout&amount=250');
    await expect(page.getByTestId('billing-next-checkout')).toBeVisible();
    await page.getByRole('button', { name: 'Speichern und weiter zum Kauf' }).click();
    await expect(page).toHaveURL(/\/Usage\?tab=Aufladen&amount=250$/);
    const confirmation = page.getByRole('region', { name: 'Bestellung prüfen' });
    await expect(confirmation.getByTestId('confirm-total')).toHaveText('145,78 €');
    expect((await orders(page)).length).toBe(1);
    await confirmation.getByRole('button', { name: 'Kostenpflichtig bestellen' }).click();
    await expect(page).toHaveURL(/\/Usage\?tab=Aufladen&checkout=success/);
    await expect(page.getByTestId('order').first()).toContainText('250 Credits');
    await expect(page.getByTestId('order').first().getByTestId('order-status')).toHaveText('offen');
  });

  test('Betrieb: offene Rechnungen in Insight, als bezahlt markieren und stornieren; das Team sieht es', async ({ page, browser }) => {
    await signIn(page);
    const all = await invoices(page);
    const credits = all.find((i) => i.description.includes('100 Credits')) ?? all.find((i) => i.kind === 'invoice');
    const extra = all.find((i) => i.kind === 'invoice' && i.id !== credits!.id && !i.description.includes('Credits'));
    expect(credits, JSON.stringify(all)).toBeTruthy();
    expect(extra, JSON.stringify(all)).toBeTruthy();

    const operator = await signedIn(browser, SUPERADMIN, { viewport: { width: 1440, height: 900 } });
    await operator.goto('/Insight');
    await operator.getByRole('searchbox', { name: 'Team oder E-Mail suchen' }).fill(email);
    await expect(operator.getByTestId('insight-row')).toHaveCount(1);
    await operator.getByRole('link', { name: /bearbeiten$/ }).click();
    const card = operator.getByRole('region', { name: 'Offene Rechnungen' });
    const row = (number: string) => card.getByTestId('insight-invoice').filter({ hasText: number });
    await expect(row(credits!.number)).toContainText('58,31');
    await expect(row(credits!.number).getByTestId('insight-invoice-overdue')).toHaveText('noch nicht fällig');
    await expect(row(extra!.number)).toBeVisible();
    await expectNoAxeViolations(operator, 'Insight: Offene Rechnungen');
    await shot(operator, card, 'insight-open-invoices');

    // "Als bezahlt markieren" asks first; Abbrechen changes nothing.
    await row(credits!.number).getByRole('button', { name: `${credits!.number} als bezahlt markieren` }).click();
    let dialog = operator.getByRole('dialog', { name: 'Als bezahlt markieren?' });
    await expect(dialog).toContainText(credits!.number);
    await expectNoAxeViolations(operator, 'Insight: Als bezahlt markieren');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(row(credits!.number)).toBeVisible();
    expect((await orders(page)).find((o) => o.amount === 100)?.status).toBe('open');
    await row(credits!.number).getByRole('button', { name: `${credits!.number} als bezahlt markieren` }).click();
    dialog = operator.getByRole('dialog', { name: 'Als bezahlt markieren?' });
    await dialog.getByRole('button', { name: 'Als bezahlt markieren' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row(credits!.number)).toHaveCount(0);

    // "Stornieren" needs a reason; then a credit note cancels the invoice.
    await row(extra!.number).getByRole('button', { name: `${extra!.number} stornieren` }).click();
    dialog = operator.getByRole('dialog', { name: 'Rechnung stornieren?' });
    await dialog.getByRole('button', { name: 'Stornieren' }).click();
    await expect(dialog.getByText('Bitte gib einen Grund für die Stornierung an (3 bis 500 Zeichen).')).toBeVisible();
    await expectNoAxeViolations(operator, 'Insight: Rechnung stornieren');
    await dialog.getByRole('textbox', { name: 'Grund der Stornierung' }).fill('Extra versehentlich gebucht');
    await dialog.getByRole('button', { name: 'Stornieren' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row(extra!.number)).toHaveCount(0);
    await operator.context().close();

    // The owner sees the order "bezahlt" (green) and the invoice list with its states.
    await page.goto('/Usage?tab=Aufladen');
    const paid = page.getByTestId('order').filter({ hasText: '100 Credits' });
    await expect(paid.getByTestId('order-status')).toHaveText('bezahlt');
    await expect(paid.getByTestId('order-status')).toHaveClass(/colorSuccess/);
    await page.goto('/Billing');
    const list = page.getByTestId('invoice');
    const item = (number: string) => list.filter({ has: page.getByRole('heading', { name: number, exact: true }) });
    await expect(item(credits!.number).getByTestId('invoice-status')).toHaveText('bezahlt');
    await expect(item(credits!.number).getByTestId('invoice-status')).toHaveClass(/colorSuccess/);
    await expect(item(extra!.number).getByTestId('invoice-status')).toHaveText('storniert');
    await expect(item(extra!.number).getByTestId('invoice-status')).toHaveClass(/colorWarning/);
    await expect(list.filter({ hasText: `Stornorechnung zu ${extra!.number}` })).toHaveCount(1);
    const open = list.filter({ has: page.getByTestId('invoice-status').getByText('offen', { exact: true }) }).first();
    await expect(open).toContainText(/fällig am \d{2}\.\d{2}\.\d{4}/);
    await expectNoAxeViolations(page, 'Rechnungen mit Status');
    await shot(page, page.getByRole('region', { name: 'Rechnungen', exact: true }), 'billing-invoices');
  });
});
