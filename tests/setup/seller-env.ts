import { fileURLToPath } from 'node:url';

/** Legal pages of the invented seller: production refuses the shipped templates (docs/operations.md). */
export const TEST_LEGAL_DIR = fileURLToPath(new URL('../fixtures/legal', import.meta.url));

/**
 * A seller (and its legal pages) for servers that run with NODE_ENV=production in tests and benchmarks: production
 * refuses to issue invoices with the shipped example seller (docs/billing.md). Invented data.
 */
export const TEST_SELLER_ENV = {
  SELLER_NAME: 'Prüf-Mika GmbH',
  SELLER_STREET: 'Testweg 7',
  SELLER_POSTCODE: '20095',
  SELLER_CITY: 'Hamburg',
  SELLER_VAT_ID: 'DE136695976',
  SELLER_TAX_NUMBER: '22/815/08154',
  SELLER_EMAIL: 'rechnung@pruef-mika.test',
  SELLER_IBAN: 'DE89370400440532013000',
  SELLER_BIC: 'COBADEFFXXX',
  SELLER_REGISTER: 'Amtsgericht Hamburg HRB 999999',
  SELLER_MANAGING_DIRECTOR: 'Paula Prüfer',
  SELLER_CONTACT_NAME: 'Buchhaltung Prüf-Mika',
  SELLER_CONTACT_PHONE: '+49 40 1234567',
  LEGAL_DIR: TEST_LEGAL_DIR,
} as const;
