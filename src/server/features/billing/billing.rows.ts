import { asc, eq } from 'drizzle-orm';
import { invoices, orders } from '../../db/schema/index.ts';
import type { RowOwner } from '../../platform/row-owners.ts';
import { exportJson } from '../../platform/team-export.ts';

/**
 * Invoices outlive erasure requests and the team: the law keeps them (docs/dataprotection.md).
 * Orders and invoices are exported as orders.json and invoices.json.
 */
export const billingRowOwner: RowOwner = {
  owner: 'billing',
  tables: ['invoices', 'orders'],
  keeps: {
    invoices: 'invoices and credit notes are kept 10 years after the year of issue (§ 147 AO, § 14b UStG; Art. 17 (3) b DSGVO)',
  },
  async exportTeam(db, teamId) {
    const orderRows = await db.select().from(orders).where(eq(orders.teamId, teamId)).orderBy(asc(orders.id));
    const invoiceRows = await db.select().from(invoices).where(eq(invoices.teamId, teamId)).orderBy(asc(invoices.id));
    return {
      'orders.json': exportJson(orderRows.map(({ id: _i, teamId: _t, ...o }) => o)),
      'invoices.json': exportJson(invoiceRows.map(({ id: _i, teamId: _t, ...inv }) => inv)),
    };
  },
};
