import { describe, expect, it } from 'vitest';
import { ZBillingAddress, ZShopAdd, isValidPostcode } from './commerce.ts';
import { isValidVatId, vatCaseFor } from '../vat.ts';

const address = { company: 'Beispiel GmbH', street: 'Hauptstraße 1', postcode: '10115', city: 'Berlin', country: 'DE', vat_id: '', invoice_email: 'rechnung@beispiel.de' };

describe('billing address (German validation)', () => {
  it('accepts a complete German address and normalises the empty VAT id to null', () => {
    const parsed = ZBillingAddress.parse(address);
    expect(parsed.vat_id).toBeNull();
    expect(ZBillingAddress.parse({ ...address, vat_id: 'de 136 695 976' }).vat_id).toBe('DE136695976');
  });

  it('refuses a wrong postcode, VAT id or e-mail with German messages on the field', () => {
    const result = ZBillingAddress.safeParse({ ...address, postcode: '1011', vat_id: 'DE12', invoice_email: 'kein-mail' });
    expect(result.success).toBe(false);
    const issues = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(issues.postcode).toMatch(/Postleitzahl/);
    expect(issues.vat_id).toMatch(/USt-IdNr/);
    expect(issues.invoice_email).toMatch(/E-Mail/);
  });

  it('checks postcodes per country', () => {
    expect(isValidPostcode('1010', 'AT')).toBe(true);
    expect(isValidPostcode('10115', 'AT')).toBe(false);
    expect(isValidPostcode('1012 AB', 'NL')).toBe(true);
    expect(isValidVatId('ATU13585627')).toBe(true);
    expect(isValidVatId('DE12345678')).toBe(false);
  });

  it('checks the check digit of a VAT id where its country defines one', () => {
    // Format right, check digit wrong: the typo of a real customer.
    expect(isValidVatId('DE123456789')).toBe(false);
    expect(isValidVatId('ATU12345678')).toBe(false);
    expect(isValidVatId('DE136695976')).toBe(true);
    expect(isValidVatId('EL094259216')).toBe(true);
    expect(ZBillingAddress.safeParse({ ...address, vat_id: 'DE123456789' }).success).toBe(false);
  });

  it('asks an EU business outside Germany for its VAT id, and it must be of that country', () => {
    const at = { ...address, country: 'AT', postcode: '1010', city: 'Wien' };
    const missing = ZBillingAddress.safeParse(at);
    expect(missing.success).toBe(false);
    expect(missing.error!.issues[0]!.path).toEqual(['vat_id']);
    expect(missing.error!.issues[0]!.message).toMatch(/Reverse-Charge/);
    const foreign = ZBillingAddress.safeParse({ ...at, vat_id: 'DE136695976' });
    expect(foreign.error!.issues[0]!.message).toBe('Die USt-IdNr. passt nicht zum Land der Rechnungsadresse.');
    expect(ZBillingAddress.safeParse({ ...at, vat_id: 'ATU13585627' }).success).toBe(true);
    // Outside the EU no VAT id is needed.
    expect(ZBillingAddress.safeParse({ ...address, country: 'CH', postcode: '8001', city: 'Zürich' }).success).toBe(true);
  });

  it('picks the VAT case by the buyer: Germany 19 %, EU reverse charge, outside the EU not taxable', () => {
    expect(vatCaseFor({ country: 'DE', vat_id: 'DE136695976' }, 19)).toEqual({ category: 'S', percent: 19 });
    expect(vatCaseFor({ country: 'DE', vat_id: null }, 19)).toEqual({ category: 'S', percent: 19 });
    expect(vatCaseFor({ country: 'AT', vat_id: 'ATU13585627' }, 19)).toEqual({ category: 'AE', percent: 0 });
    expect(vatCaseFor({ country: 'CH', vat_id: null }, 19)).toEqual({ category: 'O', percent: 0 });
    expect(vatCaseFor({ country: 'LI', vat_id: null }, 19)).toEqual({ category: 'O', percent: 0 });
  });

  it('requires company, street and city', () => {
    const result = ZBillingAddress.safeParse({ ...address, company: ' ', street: '', city: '' });
    expect(result.error!.issues.map((i) => i.path[0]).sort()).toEqual(['city', 'company', 'street']);
  });
});

describe('shop quantity on the wire', () => {
  it('takes 1–10 whole', () => {
    expect(ZShopAdd.parse({ qty: 3 })).toEqual({ qty: 3 });
    expect(ZShopAdd.safeParse({ qty: 0 }).success).toBe(false);
    expect(ZShopAdd.safeParse({ qty: 11 }).success).toBe(false);
    expect(ZShopAdd.safeParse({ qty: 1.5 }).success).toBe(false);
  });
});
