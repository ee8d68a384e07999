import {
  austria,
  belgium,
  bulgaria,
  checkVAT,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  italy,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  poland,
  portugal,
  romania,
  slovakiaRepublic,
  slovenia,
  spain,
  sweden,
  switzerland,
} from 'jsvat';

/**
 * VAT by customer (docs/billing.md, decision 027). Mika sells an electronic service B2B from
 * Germany: the place of supply is the buyer's country (§ 3a (2) UStG).
 *   Germany → 19 % (category S);
 *   another EU member state, with the buyer's VAT id → reverse charge (category AE, 0 %);
 *   outside the EU → not taxable in Germany (category O).
 * An EU business outside Germany must give its VAT id: without it we could not invoice it correctly.
 */

/** EU member states by ISO 3166 code (Greece's VAT ids start with EL). */
export const EU_COUNTRIES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT',
  'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const;

const VAT_PREFIX: Record<string, string> = { GR: 'EL' };
/** The prefix a VAT id of this country starts with. */
export const vatPrefix = (country: string) => VAT_PREFIX[country] ?? country;

export const isEuCountry = (country: string) => (EU_COUNTRIES as readonly string[]).includes(country);

// Only the countries we check by their own rules (the library's full list includes more).
const CHECKED = [
  austria, belgium, bulgaria, croatia, cyprus, czechRepublic, denmark, estonia, finland, france, germany, greece, hungary,
  ireland, italy, latvia, lithuania, luxembourg, malta, netherlands, poland, portugal, romania, slovakiaRepublic, slovenia,
  spain, sweden, switzerland,
];

/** A VAT id in its stored form: no spaces, dots or dashes, upper case. */
export const normaliseVatId = (vatId: string) => vatId.replace(/[\s.-]+/g, '').toUpperCase();

/**
 * Whether the VAT id has its country's format and, where the country defines one, a correct check
 * digit (jsvat). Ids of countries the library does not know pass on a loose format.
 */
export function isValidVatId(vatId: string): boolean {
  const value = normaliseVatId(vatId);
  if (!/^[A-Z]{2}[A-Z0-9+*]{2,13}$/.test(value)) return false;
  const result = checkVAT(value, CHECKED);
  return result.country ? result.isValid : true;
}

/** Whether the VAT id belongs to the address's country (DE… for Germany, EL… for Greece). */
export const vatIdMatchesCountry = (vatId: string, country: string) => normaliseVatId(vatId).startsWith(vatPrefix(country));

export type VatCategory = 'S' | 'AE' | 'O';
export interface VatCase {
  category: VatCategory;
  percent: number;
}

/** The VAT case of an invoice to this buyer (the seller is in Germany). */
export function vatCaseFor(buyer: { country: string; vat_id: string | null }, germanPercent: number): VatCase {
  if (buyer.country === 'DE') return { category: 'S', percent: germanPercent };
  if (isEuCountry(buyer.country)) {
    // The address form refuses an EU business abroad without a VAT id; an old address without one
    // is still charged German VAT rather than wrongly invoiced without tax.
    return buyer.vat_id ? { category: 'AE', percent: 0 } : { category: 'S', percent: germanPercent };
  }
  return { category: 'O', percent: 0 };
}
