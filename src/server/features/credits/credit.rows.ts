import { asc, eq } from 'drizzle-orm';
import { CREDIT_UNITS, creditBalances, creditLedger } from '../../db/schema/index.ts';
import type { RowOwner } from '../../platform/row-owners.ts';
import { exportJson } from '../../platform/team-export.ts';

/** The team's credits in its export: the balance and every ledger entry (rows go with the team by cascade). */
export const creditRowOwner: RowOwner = {
  owner: 'credits',
  tables: ['credit_ledger', 'credit_balances', 'credit_reservations'],
  exportDescription: 'credits.json: das Guthaben und alle Buchungen der Credits (Kontingente, Verbrauch, Aufladungen)',
  notExported: {
    credit_reservations:
      'units held while a model call runs; each is settled or released within minutes and its result is a ledger entry, which is exported',
  },
  async exportTeam(db, teamId, ctx) {
    const [balance] = await db.select().from(creditBalances).where(eq(creditBalances.teamId, teamId));
    const entries = await db.select().from(creditLedger).where(eq(creditLedger.teamId, teamId)).orderBy(asc(creditLedger.id));
    const mikas = await ctx.assistants();
    const credits = (units: number) => units / CREDIT_UNITS;
    return {
      'credits.json': exportJson({
        balance: credits(balance?.units ?? 0),
        entries: entries.map((e) => ({
          at: e.createdAt,
          month: e.month,
          kind: e.kind,
          credits: credits(e.units),
          assistant: e.assistantId ? (mikas.get(e.assistantId)?.uuid ?? null) : null,
          reference: e.reference,
          note: e.note,
        })),
      }),
    };
  },
};
