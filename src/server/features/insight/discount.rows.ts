import { eq } from 'drizzle-orm';
import { teamDiscounts } from '../../db/schema/index.ts';
import type { RowOwner } from '../../platform/row-owners.ts';
import { exportJson } from '../../platform/team-export.ts';

/** A promotion code the operator gave the team (its invoices show the discount) is in the team export. */
export const discountRowOwner: RowOwner = {
  owner: 'insight',
  tables: ['team_discounts'],
  exportDescription: 'discount.json: der Gutschein, der dem Team gewährt wurde, mit Rabatt und Laufzeit',
  async exportTeam(db, teamId) {
    const [row] = await db.select().from(teamDiscounts).where(eq(teamDiscounts.teamId, teamId));
    return {
      'discount.json': exportJson(
        row
          ? { code: row.code, percentOff: row.percentOff, amountOffCents: row.amountOffCents, appliedAt: row.appliedAt, validUntil: row.validUntil }
          : null,
      ),
    };
  },
};
