import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { teams } from './teams.ts';
import { users } from './users.ts';

/**
 * The audit log (docs/operations.md): append-only — a trigger (migration 0015) refuses UPDATE and
 * DELETE. Operator actions, live logins and every change made during one, API keys. Rows keep the
 * team's uuid and name and the actor's label as text, so an entry outlives the team and the user.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The team concerned (no foreign key: the entry stays when the team is purged). */
    teamId: integer('team_id'),
    teamUuid: text('team_uuid'),
    teamName: text('team_name'),
    /** Who acted: the real person, also during a live login (the operator, never the owner). */
    actorUserId: integer('actor_user_id'),
    actorLabel: text('actor_label'),
    action: text('action').notNull(),
    /** The live login during which it happened (sessions.id of the live session), if any. */
    liveSessionId: text('live_session_id'),
    /** before/after and whatever the action needs; never secrets. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('audit_log_team_idx').on(t.teamId, t.at), index('audit_log_action_idx').on(t.action, t.at)],
);

/** Promotion codes of the Rechnung provider, kept by superadmins (Stripe keeps its own). */
export const promotionCodes = pgTable(
  'promotion_codes',
  {
    id: serial('id').primaryKey(),
    /** Stored in upper case; matched case-insensitively. */
    code: text('code').notNull(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    /** Last day the code can be applied (null: no end). */
    validUntil: date('valid_until', { mode: 'string' }),
    /** Months a team's invoices are discounted after applying it (null: as long as it runs). */
    durationMonths: integer('duration_months'),
    active: boolean('active').notNull().default(true),
    redemptions: integer('redemptions').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promotion_codes_code_idx').on(t.code),
    check('promotion_codes_one_discount', sql`(${t.percentOff} is null) <> (${t.amountOffCents} is null)`),
    check('promotion_codes_percent', sql`${t.percentOff} is null or ${t.percentOff} between 1 and 100`),
    check('promotion_codes_amount', sql`${t.amountOffCents} is null or ${t.amountOffCents} > 0`),
  ],
);

/** A promotion code applied to a team: its next invoices are discounted (one active per team). */
export const teamDiscounts = pgTable(
  'team_discounts',
  {
    teamId: integer('team_id')
      .primaryKey()
      .references(() => teams.id, { onDelete: 'cascade' }),
    promotionCodeId: integer('promotion_code_id').references(() => promotionCodes.id, { onDelete: 'set null' }),
    code: text('code').notNull(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    /** After this day no invoice is discounted (null: no end). */
    validUntil: date('valid_until', { mode: 'string' }),
  },
);
