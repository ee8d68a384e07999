import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { assistants } from './assistants.ts';
import { teams } from './teams.ts';

/** 1 credit = 1000 units: prices of single calls are fractions of a credit, stored as integers. */
export const CREDIT_UNITS = 1000;

export const CREDIT_ENTRY_KINDS = ['allowance', 'extra_allowance', 'usage', 'reservation', 'topup', 'correction'] as const;
export type CreditEntryKind = (typeof CREDIT_ENTRY_KINDS)[number];

/**
 * The append-only credit ledger (docs/credits.md): every change of a team's credits is one row,
 * in integer units (CREDIT_UNITS per credit), positive for grants, negative for use. The balance
 * is the sum. `reference` makes grants idempotent (e.g. `allowance:2026-11`, `order:42`): a second
 * insert with the same team, kind and reference is ignored. Written only by the credits feature.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CREDIT_ENTRY_KINDS }).notNull(),
    units: integer('units').notNull(),
    /** The calendar month (Europe/Berlin) the entry counts for, as YYYY-MM. */
    month: text('month').notNull(),
    reference: text('reference'),
    assistantId: integer('assistant_id').references(() => assistants.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_ledger_team_month_idx').on(t.teamId, t.month),
    uniqueIndex('credit_ledger_reference_key').on(t.teamId, t.kind, t.reference).where(sql`${t.reference} is not null`),
    check('credit_ledger_kind_check', sql`${t.kind} in ('allowance', 'extra_allowance', 'usage', 'reservation', 'topup', 'correction')`),
    check('credit_ledger_month_check', sql`${t.month} ~ '^[0-9]{4}-[0-9]{2}$'`),
  ],
);

export type CreditLedgerRow = typeof creditLedger.$inferSelect;

/**
 * The team's spendable units, kept equal to (sum of its ledger entries) − (its open reservations)
 * by every statement that writes either (docs/credits.md). It exists so a reservation is one
 * guarded UPDATE (`units >= $r`) on the time-to-first-token path; the check makes a negative
 * balance impossible even for a faulty caller. Written only by the credits feature.
 */
export const creditBalances = pgTable(
  'credit_balances',
  {
    teamId: integer('team_id')
      .primaryKey()
      .references(() => teams.id, { onDelete: 'cascade' }),
    units: integer('units').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('credit_balances_non_negative', sql`${t.units} >= 0`)],
);

/**
 * Units held for a model call that is running. Settling or releasing deletes the row (whoever
 * deletes it gives the units back, so a settlement and the sweep job can never both do it);
 * reservations left by a crashed process are released by the sweep job after a while.
 */
export const creditReservations = pgTable(
  'credit_reservations',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    units: integer('units').notNull(),
    capability: text('capability').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_reservations_created_idx').on(t.createdAt), check('credit_reservations_positive', sql`${t.units} > 0`)],
);
