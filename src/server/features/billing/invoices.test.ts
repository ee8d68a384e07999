import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, invoices, mailOutbox, orders, teams } from '../../db/schema/index.ts';
import { buildTestApp, createTestApp, openTestDatabase, type TestApp } from '../../../../tests/setup/test-app.ts';
import { createStaffedTeam, createTeam, createUser, loginAs } from '../../../../tests/factories/index.ts';
import { pdfText, waitForPdf } from '../../../../tests/setup/pdf-text.ts';
import { fatalFindings } from '../../../../tests/setup/e-invoice-rules.ts';
import { TEST_SELLER_ENV } from '../../../../tests/setup/seller-env.ts';
import { COMMERCE_MESSAGES } from '../../../shared/messages.ts';
import type { Agent } from '../../../../tests/setup/agent.ts';
import { removeExpiredInvoices, sendPaymentReminders } from './invoice-files.ts';

// The invoice life cycle (docs/billing.md): issued → open → paid, or cancelled by a credit note;
// the file is written once and downloads are byte-identical; reminders; retention.

const GERMAN = { company: 'Bäckerei Müller GmbH', street: 'Königsallee 12', postcode: '40212', city: 'Düsseldorf', country: 'DE', vat_id: 'DE136695976', invoice_email: 'buchhaltung@mueller.de' };
const AUSTRIAN = { company: 'Wiener Werkstätten GmbH', street: 'Ringstraße 1', postcode: '1010', city: 'Wien', country: 'AT', vat_id: 'ATU13585627', invoice_email: 'office@werkstaetten.at' };
const SWISS = { company: 'Zürcher Uhren AG', street: 'Bahnhofstrasse 5', postcode: '8001', city: 'Zürich', country: 'CH', vat_id: null, invoice_email: 'buchhaltung@uhren.ch' };

let t: TestApp;
let support: Agent;
beforeAll(async () => {
  t = await createTestApp({ ...TEST_SELLER_ENV });
  const operatorTeam = await createTeam(t.database.db, { plan: 'agency', name: 'Mika Betrieb' });
  support = await loginAs(t, await createUser(t.database.db, operatorTeam, { isAdmin: true, isSuperadmin: true, role: 'owner', name: 'Sina Support' }));
});
afterAll(async () => t?.close());

async function buyCredits(app: TestApp, address: object, amount = 100) {
  const staffed = await createStaffedTeam(app.database.db, { plan: 'team' });
  const owner = await loginAs(app, staffed.owner);
  expect((await owner.put('/api/billing/address', address)).status).toBe(200);
  expect((await owner.post('/api/checkout', { amount })).status).toBe(200);
  const [invoice] = await app.database.db.select().from(invoices).where(eq(invoices.teamId, staffed.team.id));
  return { ...staffed, owner, invoice: invoice! };
}
const xmlOf = async (pdf: Buffer) => Buffer.from((await pdfText(new Uint8Array(pdf))).attachments.find((a) => a.filename === 'factur-x.xml')!.content).toString('utf8');

describe('VAT by customer, end to end', () => {
  it('charges a German business 19 %, an Austrian one by reverse charge and a Swiss one no German VAT — each valid under the official rules', async () => {
    const cases = [
      { address: GERMAN, vat: 931, category: 'S' },
      { address: AUSTRIAN, vat: 0, category: 'AE' },
      { address: SWISS, vat: 0, category: 'O' },
    ];
    for (const c of cases) {
      const { owner, invoice } = await buyCredits(t, c.address);
      expect(invoice, c.address.country).toMatchObject({ netCents: 4_900, vatCents: c.vat, totalCents: 4_900 + c.vat, vatCategory: c.category, status: 'open' });
      const pdf = await waitForPdf(owner, `/api/invoice/${invoice.uuid}/pdf`);
      const xml = await xmlOf(pdf.raw);
      expect(await fatalFindings(xml), c.address.country).toEqual([]);
      const { text } = await pdfText(new Uint8Array(pdf.raw));
      if (c.category === 'AE') expect(text).toContain('Steuerschuldnerschaft des Leistungsempfängers');
      if (c.category === 'O') expect(text).toContain('Nicht im Inland steuerbare Leistung');
    }
    // Three invoices rendered by the job and checked under the official rules: waitForPdf gives each
    // file up to 45 s on a busy machine, so the case gets the time of its three waits.
  }, 140_000);

  it('refuses an EU business abroad without its VAT id, and changes nothing', async () => {
    const { owner } = await createStaffedTeam(t.database.db, { plan: 'team' }).then(async (s) => ({ ...s, owner: await loginAs(t, s.owner) }));
    const res = await owner.put('/api/billing/address', { ...AUSTRIAN, vat_id: '' });
    expect(res.status).toBe(422);
    expect(res.json().fields.vat_id).toEqual([COMMERCE_MESSAGES.billingVatIdRequiredEu]);
    expect((await owner.get('/api/billing/address')).json().address).toBeNull();
  });

  it('refuses a non-EU invoice while the operator has no tax number, with a message and no booking', async () => {
    const app = await createTestApp({ ...TEST_SELLER_ENV, SELLER_TAX_NUMBER: '' });
    try {
      const staffed = await createStaffedTeam(app.database.db, { plan: 'team' });
      const owner = await loginAs(app, staffed.owner);
      await owner.put('/api/billing/address', SWISS);
      const res = await owner.post('/api/checkout', { amount: 100 });
      expect(res.status).toBe(503);
      expect(res.json().error).toBe(COMMERCE_MESSAGES.sellerTaxNumberMissing);
      expect(await app.database.db.select().from(orders).where(eq(orders.teamId, staffed.team.id))).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
});

describe('invoices are written once', () => {
  it('downloads the same bytes before and after a restart with other seller settings', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mika-invoice-restart-'));
    const handle = await openTestDatabase({ persistent: true });
    const first = await buildTestApp(handle.database, { ...TEST_SELLER_ENV, DATA_DIR: dataDir });
    let second: TestApp | undefined;
    try {
      const { owner, invoice, team } = await buyCredits(first, GERMAN);
      const url = `/api/invoice/${invoice.uuid}/pdf`;
      const before = (await waitForPdf(owner, url)).raw;
      expect(Buffer.compare((await owner.get(url)).raw, before)).toBe(0);
      await first.close();

      await handle.reopen();
      second = await buildTestApp(handle.database, {
        ...TEST_SELLER_ENV,
        DATA_DIR: dataDir,
        SELLER_NAME: 'Ganz Andere AG',
        SELLER_STREET: 'Neue Straße 99',
        SELLER_VAT_ID: 'DE811907980',
      });
      const relogged = await loginAs(second, (await createUserOf(second, team.id)));
      const after = await relogged.get(url);
      expect(after.status).toBe(200);
      expect(Buffer.compare(after.raw, before)).toBe(0);
      const { text } = await pdfText(new Uint8Array(after.raw));
      expect(text).toContain(TEST_SELLER_ENV.SELLER_NAME);
      expect(text).not.toContain('Ganz Andere AG');
    } finally {
      await second?.close();
      await handle.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps a purged team’s invoices with their file, and removes them after ten years', async () => {
    const { invoice, team, owner } = await buyCredits(t, GERMAN);
    await waitForPdf(owner, `/api/invoice/${invoice.uuid}/pdf`);
    await t.database.db.delete(teams).where(eq(teams.id, team.id));
    const [kept] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(kept).toMatchObject({ teamId: null, number: invoice.number, retainUntil: `${new Date().getFullYear() + 10}-12-31` });
    expect(await t.deps.privateFiles.read('invoices', kept!.pdfFile!)).toBeDefined();
    // The day after the retention ends: gone, file too.
    expect(await removeExpiredInvoices(t.deps, new Date(`${new Date().getFullYear() + 9}-06-01T12:00:00Z`))).toBe(0);
    expect(await removeExpiredInvoices(t.deps, new Date(`${new Date().getFullYear() + 11}-01-02T12:00:00Z`))).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id))).toHaveLength(0);
    expect(await t.deps.privateFiles.read('invoices', kept!.pdfFile!)).toBeUndefined();
  });
});

async function createUserOf(app: TestApp, teamId: number) {
  const [team] = await app.database.db.select().from(teams).where(eq(teams.id, teamId));
  return createUser(app.database.db, team!, { isAdmin: true, role: 'employee', name: 'Nach Neustart' });
}

describe('open items, payment and cancellation by credit note', () => {
  it('an invoice stays open until the operator marks it paid; the order follows; both audited', async () => {
    const { owner, invoice, team } = await buyCredits(t, GERMAN);
    expect((await owner.get('/api/orders')).json()[0].status).toBe('open');
    const listed = (await support.get(`/api/insight/invoices?team=${team.uuid}`)).json().invoices;
    expect(listed).toEqual([expect.objectContaining({ id: invoice.uuid, number: invoice.number, total_cents: 5_831, overdue_days: 0, reminders_sent: 0, flagged: false })]);
    // Nobody but an operator settles invoices.
    expect((await owner.post(`/api/insight/invoices/${invoice.uuid}/paid`)).status).toBe(403);
    const paid = await support.post(`/api/insight/invoices/${invoice.uuid}/paid`);
    expect(paid.json()).toEqual({ status: 'success', message: COMMERCE_MESSAGES.invoiceMarkedPaid });
    expect((await support.post(`/api/insight/invoices/${invoice.uuid}/paid`)).status).toBe(409);
    expect((await owner.get('/api/orders')).json()[0].status).toBe('paid');
    expect((await owner.get('/api/billing/invoices')).json().invoices[0]).toMatchObject({ number: invoice.number, status: 'paid', kind: 'invoice' });
    expect((await support.get(`/api/insight/invoices?team=${team.uuid}`)).json().invoices).toEqual([]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'invoice.marked_paid'));
    expect(audit.some((a) => (a.detail as { invoice: string }).invoice === invoice.number)).toBe(true);
  });

  it('cancelling issues a credit note GS-… that names the invoice, is valid under the official rules and is mailed', async () => {
    const { owner, invoice, team } = await buyCredits(t, AUSTRIAN);
    expect((await support.post(`/api/insight/invoices/${invoice.uuid}/cancel`, { reason: '' })).status).toBe(422);
    const res = await support.post(`/api/insight/invoices/${invoice.uuid}/cancel`, { reason: 'Doppelt gebucht' });
    expect(res.status, res.body).toBe(200);
    expect(res.json().credit_note).toMatch(new RegExp(`^GS-${new Date().getFullYear()}-\\d{5}$`));
    expect((await support.post(`/api/insight/invoices/${invoice.uuid}/cancel`, { reason: 'Noch einmal' })).status).toBe(409);
    const list = (await owner.get('/api/billing/invoices')).json().invoices;
    const note = list.find((i: { kind: string }) => i.kind === 'credit_note');
    expect(note).toMatchObject({ number: res.json().credit_note, corrects: invoice.number, status: 'issued', total_cents: 4_900 });
    expect(list.find((i: { kind: string }) => i.kind === 'invoice')).toMatchObject({ status: 'cancelled' });
    expect((await owner.get('/api/orders')).json()[0].status).toBe('cancelled');
    const pdf = await waitForPdf(owner, `/api/invoice/${note.id}/pdf`);
    const xml = await xmlOf(pdf.raw);
    expect(await fatalFindings(xml)).toEqual([]);
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(xml).toContain(`<ram:IssuerAssignedID>${invoice.number}</ram:IssuerAssignedID>`);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.teamId, team.id));
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining(`Ihre Rechnung ${invoice.number}`), expect.stringContaining(`Stornorechnung ${note.number}`)]),
    );
    for (const m of mails) {
      expect(m.to).toBe(AUSTRIAN.invoice_email);
      expect(m.text).toContain('Sie');
      expect(m.text).not.toMatch(/\b(Du|Dein|Deine)\b/);
      expect(JSON.parse(m.attachments!)[0]).toMatchObject({ contentType: 'application/pdf', folder: 'invoices' });
    }
  });

  it('sends a polite reminder 7 and again 21 days after the due date, once each; then flags the team', async () => {
    const { invoice, team, owner } = await buyCredits(t, GERMAN);
    await waitForPdf(owner, `/api/invoice/${invoice.uuid}/pdf`);
    const due = invoice.dueAt!.getTime();
    const day = 86_400_000;
    const reminders = async () =>
      (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.teamId, team.id))).filter((m) => m.subject.includes('Zahlungserinnerung'));
    await sendPaymentReminders(t.deps, new Date(due + 6 * day));
    expect(await reminders()).toHaveLength(0);
    await sendPaymentReminders(t.deps, new Date(due + 8 * day));
    await sendPaymentReminders(t.deps, new Date(due + 9 * day));
    expect((await reminders()).map((m) => m.subject)).toEqual([`Zahlungserinnerung: Rechnung ${invoice.number}`]);
    expect((await reminders())[0]!.text).toContain('Falls Sie inzwischen bezahlt haben');
    await sendPaymentReminders(t.deps, new Date(due + 22 * day));
    await sendPaymentReminders(t.deps, new Date(due + 40 * day));
    expect((await reminders()).map((m) => m.subject)).toEqual([`Zahlungserinnerung: Rechnung ${invoice.number}`, `2. Zahlungserinnerung: Rechnung ${invoice.number}`]);
    const open = (await support.get(`/api/insight/invoices?team=${team.uuid}`)).json().invoices[0];
    expect(open).toMatchObject({ reminders_sent: 2, flagged: true });
    expect(open.overdue_days).toBeGreaterThanOrEqual(0);
  });

  it('numbers invoices gaplessly when many teams buy at once', async () => {
    const buyers = await Promise.all(Array.from({ length: 8 }, async () => {
      const s = await createStaffedTeam(t.database.db, { plan: 'team' });
      const o = await loginAs(t, s.owner);
      await o.put('/api/billing/address', GERMAN);
      return o;
    }));
    const before = new Set((await t.database.db.select({ number: invoices.number }).from(invoices)).map((r) => r.number));
    await Promise.all(buyers.map((o) => o.post('/api/checkout', { amount: 10 })));
    const fresh = (await t.database.db.select({ number: invoices.number }).from(invoices)).map((r) => r.number).filter((n) => !before.has(n));
    const seq = fresh.map((n) => Number(n.split('-')[2])).sort((a, b) => a - b);
    expect(seq).toHaveLength(8);
    // One number after the other, none twice, none skipped.
    expect(seq).toEqual(Array.from({ length: 8 }, (_, i) => seq[0]! + i));
  });
});
