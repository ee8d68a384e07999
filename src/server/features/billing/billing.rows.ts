import type { RowOwner } from '../../platform/row-owners.ts';

/** Invoices outlive erasure requests and the team: the law keeps them (docs/dataprotection.md). */
export const billingRowOwner: RowOwner = {
  owner: 'billing',
  tables: ['invoices'],
  keeps: {
    invoices: 'invoices and credit notes are kept 10 years after the year of issue (§ 147 AO, § 14b UStG; Art. 17 (3) b DSGVO)',
  },
};
