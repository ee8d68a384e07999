import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { vatCaseFor } from '../../../shared/vat.ts';
import { checkRules, fatalFindings } from '../../../../tests/setup/e-invoice-rules.ts';
import { TEST_SELLER_ENV } from '../../../../tests/setup/seller-env.ts';
import { buildCiiXml, invoiceTotals, type InvoiceData } from './invoice-document.ts';
import type { BillingAddress } from '../../../shared/schemas/commerce.ts';

// Every kind of document Mika issues, checked by the official rules (EN 16931 CII schematron and
// KoSIT XRechnung CII), not by substrings our own code writes.

const seller = loadConfig({ ...TEST_SELLER_ENV }).billing.seller;
const issuedAt = new Date('2026-11-20T10:00:00Z');
const base = (buyer: BillingAddress, lines = [{ description: 'Mika Tarif Solo (jährlich)', quantity: 1, unitCents: 279_000 }]): InvoiceData => ({
  kind: 'invoice',
  number: 'RE-2026-00042',
  issuedAt,
  dueAt: new Date('2026-12-04T10:00:00Z'),
  periodStart: issuedAt,
  periodEnd: new Date('2027-11-19T10:00:00Z'),
  description: 'Tarif Solo (jährlich)',
  lines,
  seller,
  buyer,
  vat: vatCaseFor(buyer, 19),
});

const GERMAN: BillingAddress = { company: 'Bäckerei Müller & Söhne GmbH', street: 'Königsallee 12', postcode: '40212', city: 'Düsseldorf', country: 'DE', vat_id: 'DE136695976', invoice_email: 'buchhaltung@mueller.de', leitweg_id: null };
const AUSTRIAN: BillingAddress = { company: 'Wiener Werkstätten GmbH', street: 'Ringstraße 1', postcode: '1010', city: 'Wien', country: 'AT', vat_id: 'ATU13585627', invoice_email: 'office@werkstaetten.at', leitweg_id: null };
const SWISS: BillingAddress = { company: 'Zürcher Uhren AG', street: 'Bahnhofstrasse 5', postcode: '8001', city: 'Zürich', country: 'CH', vat_id: 'CHE116281710', invoice_email: 'buchhaltung@uhren.ch', leitweg_id: null };
const AUTHORITY: BillingAddress = { ...GERMAN, company: 'Stadtverwaltung Musterstadt', vat_id: null, leitweg_id: '991-12345-67' };

const xmlOf = (d: InvoiceData) => buildCiiXml(d);
const tag = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<ram:${name}[^>]*>([^<]*)</ram:${name}>`, 'g'))].map((m) => m[1]);

describe('e-invoices under the official rules (EN 16931 + XRechnung)', () => {
  it('a German customer: 19 % VAT (S), valid without a single fatal finding', async () => {
    const xml = xmlOf(base(GERMAN));
    expect(await fatalFindings(xml)).toEqual([]);
    expect(tag(xml, 'CategoryCode')).toEqual(['S', 'S']);
    expect(tag(xml, 'TaxTotalAmount')).toEqual(['530.10']);
    expect(tag(xml, 'GrandTotalAmount')).toEqual(['3320.10']);
    // BG-6 seller contact (BR-DE-2, -5, -6, -7) is there.
    expect(tag(xml, 'PersonName')).toEqual([TEST_SELLER_ENV.SELLER_CONTACT_NAME]);
  });

  it('an Austrian business with its VAT id: reverse charge (AE, 0 %), both VAT ids and the wording', async () => {
    const data = base(AUSTRIAN);
    expect(data.vat).toEqual({ category: 'AE', percent: 0 });
    const xml = xmlOf(data);
    expect(await fatalFindings(xml)).toEqual([]);
    expect(tag(xml, 'CategoryCode')).toEqual(['AE', 'AE']);
    expect(tag(xml, 'TaxTotalAmount')).toEqual(['0.00']);
    expect(tag(xml, 'GrandTotalAmount')).toEqual(['2790.00']);
    expect(tag(xml, 'ExemptionReason')).toEqual(['Steuerschuldnerschaft des Leistungsempfängers']);
    expect(tag(xml, 'ID').filter((id) => id === seller.vatId || id === 'ATU13585627')).toHaveLength(2);
    expect(invoiceTotals(data.lines, data.vat.percent)).toEqual({ netCents: 279_000, vatCents: 0, totalCents: 279_000 });
  });

  it('a Swiss customer: not taxable in Germany (O), no VAT ids at all, the tax number instead', async () => {
    const data = base(SWISS);
    expect(data.vat).toEqual({ category: 'O', percent: 0 });
    const xml = xmlOf(data);
    expect(await fatalFindings(xml)).toEqual([]);
    expect(xml).not.toContain('schemeID="VA"');
    expect(xml).toContain(`<ram:ID schemeID="FC">${TEST_SELLER_ENV.SELLER_TAX_NUMBER}</ram:ID>`);
    expect(tag(xml, 'ExemptionReason')).toEqual(['Nicht im Inland steuerbare Leistung']);
    expect(tag(xml, 'GrandTotalAmount')).toEqual(['2790.00']);
  });

  it('a credit note (381) names the invoice it cancels (BT-25, BT-26) and is valid in every VAT case', async () => {
    for (const buyer of [GERMAN, AUSTRIAN, SWISS]) {
      const note: InvoiceData = {
        ...base(buyer),
        kind: 'credit_note',
        number: 'GS-2026-00001',
        dueAt: null,
        corrects: { number: 'RE-2026-00042', issuedAt },
        reason: 'Doppelt gebucht',
      };
      const xml = xmlOf(note);
      expect(await fatalFindings(xml), buyer.country).toEqual([]);
      expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
      expect(xml).toContain('<ram:IssuerAssignedID>RE-2026-00042</ram:IssuerAssignedID>');
    }
  });

  it('a public-sector buyer: the Leitweg-ID is the buyer reference (BT-10, BR-DE-15)', async () => {
    const xml = xmlOf(base(AUTHORITY));
    expect(await fatalFindings(xml)).toEqual([]);
    expect(tag(xml, 'BuyerReference')).toEqual(['991-12345-67']);
  });

  it('the rules do catch a broken document (the check can fail)', async () => {
    const broken = xmlOf(base(GERMAN)).replace('<ram:TaxTotalAmount currencyID="EUR">530.10', '<ram:TaxTotalAmount currencyID="EUR">530.11');
    const findings = await checkRules('en16931', broken);
    expect(findings.map((f) => f.id)).toContain('BR-CO-15');
  });
}, 120_000);
