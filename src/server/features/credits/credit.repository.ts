import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { RELAXED_CTE, rowsOf, withCtes, type Cte, type Db } from '../../db/client.ts';
import { assistants, creditBalances, creditLedger, teams, type CreditEntryKind } from '../../db/schema/index.ts';

// Invariant of every statement here (docs/credits.md):
//   credit_balances.units = sum(credit_ledger.units) − sum(open credit_reservations.units)
// per team. A ledger insert and its balance change are one statement (or one transaction).

export interface LedgerEntry {
  teamId: number;
  kind: CreditEntryKind;
  units: number;
  month: string;
  reference?: string | null;
  assistantId?: number | null;
  note?: string | null;
}


/**
 * Appends an entry and moves the balance by its units, in one statement; with a reference already
 * booked for the team and kind, nothing. True when added.
 */
export async function appendEntry(db: Db, entry: LedgerEntry): Promise<boolean> {
  const result = await db.execute(sql`
    with e as (
      insert into credit_ledger (team_id, kind, units, month, reference, assistant_id, note)
      values (${entry.teamId}, ${entry.kind}, ${entry.units}, ${entry.month}, ${entry.reference ?? null},
              ${entry.assistantId ?? null}, ${entry.note ?? null})
      on conflict (team_id, kind, reference) where reference is not null do nothing
      returning team_id, units
    )
    insert into credit_balances (team_id, units)
    select team_id, units from e
    on conflict (team_id) do update set units = credit_balances.units + excluded.units, updated_at = now()
    returning team_id`);
  return rowsOf(result).length > 0;
}

/** The team's balance in units: the sum of all its ledger entries (open reservations not deducted). */
export async function balanceUnits(db: Db, teamId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${creditLedger.units}), 0)` })
    .from(creditLedger)
    .where(and(eq(creditLedger.teamId, teamId)));
  return Number(row?.total ?? 0);
}

/** What can be reserved now: the balance minus running calls' reservations. */
export async function spendableUnits(db: Db, teamId: number): Promise<number> {
  const [row] = await db.select({ units: creditBalances.units }).from(creditBalances).where(eq(creditBalances.teamId, teamId));
  return row?.units ?? 0;
}

/**
 * The reservation: ONE guarded statement — the balance drops only if it covers the units, and the
 * reservation row exists exactly when it did. Concurrent calls serialise on the balance row, so
 * the balance can never go below zero. Returns the reservation's id, or null when refused.
 */
export async function reserveUnits(db: Db, teamId: number, units: number, capability: string): Promise<number | null> {
  const payer = sql`select ${teamId}::int as team_id, ${capability}::text as capability`;
  const result = await db.execute(sql`${withCtes([RELAXED_CTE, ...reserveUnitsCtes(payer, sql`${units}::int`)])} select id from credit_hold`);
  const [row] = rowsOf<{ id: number }>(result);
  return row ? Number(row.id) : null;
}

/**
 * reserveUnits as parts of a caller's statement (decision 038): `payer` yields at most one row
 * (team_id, capability) — the caller's own condition for who pays (e.g. its access predicate);
 * without a row nothing is held. `credit_hold` returns the reservation's id. Needs RELAXED_CTE.
 *
 * It is on the way to the first token, and waiting for the WAL to reach the disk cost 3–15 ms
 * there: the statement commits without waiting (synchronous_commit off for its own transaction
 * only). Locking and visibility are unchanged, so the guard against overdrawing holds; only a
 * database crash in the next moment could forget the hold — the settlement then charges the
 * balance directly (settleUnits), and a released hold that is gone is a no-op.
 */
export function reserveUnitsCtes(payer: SQL, units: SQL): Cte[] {
  return [
    {
      name: 'credit_hold_balance',
      body: sql`
        update credit_balances b set units = b.units - ${units}, updated_at = now()
        from (${payer}) p
        where b.team_id = p.team_id and b.units >= ${units}
        returning b.team_id, p.capability`,
    },
    {
      name: 'credit_hold',
      body: sql`
        insert into credit_reservations (team_id, units, capability)
        select h.team_id, ${units}, h.capability from credit_hold_balance h cross join relaxed
        returning id`,
    },
  ];
}

/** Gives a reservation's units back (no-op when it was settled or released already). */
export async function releaseReservation(db: Db, reservationId: number): Promise<boolean> {
  const result = await db.execute(sql`
    with r as (delete from credit_reservations where id = ${reservationId} returning team_id, units)
    update credit_balances b set units = b.units + r.units, updated_at = now()
    from r where b.team_id = r.team_id
    returning b.team_id`);
  return rowsOf(result).length > 0;
}

/** Releases every reservation older than `before` (left by a process that died). Returns how many teams. */
export async function releaseReservationsBefore(db: Db, before: Date): Promise<number> {
  const result = await db.execute(sql`
    with r as (delete from credit_reservations where created_at < ${before.toISOString()} returning team_id, units),
    s as (select team_id, sum(units)::int as units from r group by team_id)
    update credit_balances b set units = b.units + s.units, updated_at = now()
    from s where b.team_id = s.team_id
    returning b.team_id`);
  return rowsOf(result).length;
}

/** What settleUnits books: the call's team, its hold (if any), the priced units and the entry's details. */
export interface Settlement {
  teamId: number;
  reservationId: number | null;
  units: number;
  month: string;
  assistantId: number | null;
  note: string;
}

/**
 * Settles a call inside the caller's transaction: takes its reservation (if still there), charges
 * the actual units — never more than was reserved, or without a reservation never more than the
 * balance — gives the rest back and books the charge as a usage entry. Returns the charged units.
 */
export async function settleUnits(tx: Db, s: Settlement): Promise<number> {
  const [row] = rowsOf<{ charged: number }>(await tx.execute(sql`${withCtes(settleUnitsCtes(s))} select charged from credit_charge`));
  return Number(row?.charged ?? 0);
}

/**
 * settleUnits as parts of a caller's statement (decision 038: a chat answer, its usage and its
 * charge in one round trip); `credit_charge` returns `charged`. All parts see one snapshot: the
 * hold is taken by its delete, the balance row is locked (the charge without a hold is capped by
 * the balance that lock reads), the rest of the hold goes back and the charge is booked.
 */
export function settleUnitsCtes(s: Settlement): Cte[] {
  return [
    {
      name: 'credit_held',
      body: sql`delete from credit_reservations where id = ${s.reservationId ?? -1}::int and team_id = ${s.teamId}::int returning units`,
    },
    { name: 'credit_balance', body: sql`select units from credit_balances where team_id = ${s.teamId}::int for update` },
    {
      name: 'credit_charge',
      body: sql`
        select held, case when held > 0 then least(${s.units}::int, held) else least(${s.units}::int, balance) end as charged
        from (select coalesce((select sum(units) from credit_held), 0)::int as held,
                     coalesce((select units from credit_balance), 0)::int as balance) x`,
    },
    {
      name: 'credit_rest',
      body: sql`
        update credit_balances b set units = b.units + c.held - c.charged, updated_at = now()
        from credit_charge c where b.team_id = ${s.teamId}::int and c.held <> c.charged`,
    },
    {
      name: 'credit_entry',
      body: sql`
        insert into credit_ledger (team_id, kind, units, month, assistant_id, note)
        select ${s.teamId}::int, 'usage', -c.charged, ${s.month}, ${s.assistantId}::int, ${s.note} from credit_charge c where c.charged > 0`,
    },
  ];
}

/** Per month and kind: the sum of units (newest month first). */
export async function monthTotals(db: Db, teamId: number) {
  const rows = await db
    .select({ month: creditLedger.month, kind: creditLedger.kind, units: sql<string>`sum(${creditLedger.units})` })
    .from(creditLedger)
    .where(eq(creditLedger.teamId, teamId))
    .groupBy(creditLedger.month, creditLedger.kind)
    .orderBy(desc(creditLedger.month));
  return rows.map((r) => ({ month: r.month, kind: r.kind, units: Number(r.units) }));
}

/** Usage of one month per Berlin day (units used, positive). */
export async function usagePerDay(db: Db, teamId: number, month: string) {
  const day = sql<string>`to_char(${creditLedger.createdAt} at time zone 'Europe/Berlin', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, units: sql<string>`-sum(${creditLedger.units})` })
    .from(creditLedger)
    .where(and(eq(creditLedger.teamId, teamId), eq(creditLedger.month, month), eq(creditLedger.kind, 'usage')))
    .groupBy(day)
    .orderBy(asc(day));
  return rows.map((r) => ({ day: r.day, units: Number(r.units) }));
}

/** Usage of one month per assistant (null: deleted assistants and calls without one). */
export async function usagePerAssistant(db: Db, teamId: number, month: string) {
  const rows = await db
    .select({ uuid: assistants.uuid, name: assistants.name, units: sql<string>`-sum(${creditLedger.units})` })
    .from(creditLedger)
    .leftJoin(assistants, eq(assistants.id, creditLedger.assistantId))
    .where(and(eq(creditLedger.teamId, teamId), eq(creditLedger.month, month), eq(creditLedger.kind, 'usage')))
    .groupBy(assistants.uuid, assistants.name);
  return rows.map((r) => ({ uuid: r.uuid, name: r.name, units: Number(r.units) }));
}

/** Every team's id, plan and extras (the monthly allowance job). */
export async function listTeamsForAllowance(db: Db) {
  return db
    .select({ id: teams.id, planSlug: teams.planSlug, trialEndsAt: teams.trialEndsAt, amountExtraMikas: teams.amountExtraMikas }).from(teams).orderBy(asc(teams.id));
}
