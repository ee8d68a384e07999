import { describe, expect, it } from 'vitest';
import { ZBillingAddress, ZShopAdd, isValidPostcode, isValidVatId } from './commerce.ts';

const address = { company: 'Beispiel GmbH', street: 'Hauptstraße 1', postcode: '10115', city: 'Berlin', country: 'DE', vat_id: '', invoice_email: 'rechnung@beispiel.de' };

describe('billing address (German validation)', () => {
  it('accepts a complete German address and normalises the empty VAT id to null', () => {
    const parsed = ZBillingAddress.parse(address);
    expect(parsed.vat_id).toBeNull();
    expect(ZBillingAddress.parse({ ...address, vat_id: 'de 123 456 789' }).vat_id).toBe('DE123456789');
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
    expect(isValidVatId('ATU12345678')).toBe(true);
    expect(isValidVatId('DE12345678')).toBe(false);
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
