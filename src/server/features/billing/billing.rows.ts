import { asc, eq } from 'drizzle-orm';
import { billingAddresses, billingBookings, invoices, orders } from '../../db/schema/index.ts';
import type { RowOwner } from '../../platform/row-owners.ts';
import { exportJson } from '../../platform/team-export.ts';

/**
 * Invoices outlive erasure requests and the team: the law keeps them (docs/dataprotection.md).
 * The team export holds the billing address, the bookings of plan and extras, orders and invoices.
 */
export const billingRowOwner: RowOwner = {
  owner: 'billing',
  tables: ['invoices', 'orders', 'billing_addresses', 'billing_bookings'],
  exportDescription:
    'billing-address.json: die Rechnungsadresse · bookings.json: gebuchte Tarife, Mikas und User · orders.json und invoices.json: Bestellungen und Rechnungen',
  keeps: {
    invoices: 'invoices and credit notes are kept 10 years after the year of issue (§ 147 AO, § 14b UStG; Art. 17 (3) b DSGVO)',
  },
  async exportTeam(db, teamId) {
    const orderRows = await db.select().from(orders).where(eq(orders.teamId, teamId)).orderBy(asc(orders.id));
    const invoiceRows = await db.select().from(invoices).where(eq(invoices.teamId, teamId)).orderBy(asc(invoices.id));
    const [address] = await db.select().from(billingAddresses).where(eq(billingAddresses.teamId, teamId));
    const bookings = await db.select().from(billingBookings).where(eq(billingBookings.teamId, teamId)).orderBy(asc(billingBookings.id));
    const invoiceNumbers = new Map(invoiceRows.map((inv) => [inv.id, inv.number]));
    return {
      'billing-address.json': exportJson(address ? (({ teamId: _t, ...a }) => a)(address) : null),
      'bookings.json': exportJson(
        bookings.map(({ id: _i, teamId: _t, invoiceId, ...b }) => ({ ...b, invoice: invoiceId ? (invoiceNumbers.get(invoiceId) ?? null) : null })),
      ),
      'orders.json': exportJson(orderRows.map(({ id: _i, teamId: _t, ...o }) => o)),
      'invoices.json': exportJson(invoiceRows.map(({ id: _i, teamId: _t, ...inv }) => inv)),
    };
  },
};
