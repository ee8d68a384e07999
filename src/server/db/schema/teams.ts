import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid')
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    planSlug: text('plan_slug').notNull().default('trial'),
    billingPeriod: text('billing_period').notNull().default('monthly'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    protectionLevel: smallint('protection_level').notNull().default(0),
    /** Comma-separated terms the privacy filter replaces before any text reaches an AI provider. */
    filter: text('filter').notNull().default(''),
    // Included services of the plan (operators may override them per team).
    amountMikas: integer('amount_mikas').notNull().default(0),
    amountUsers: integer('amount_users').notNull().default(0),
    amountPublicLicences: integer('amount_public_licences').notNull().default(0),
    // Booked extras on top of the plan.
    amountExtraMikas: integer('amount_extra_mikas').notNull().default(0),
    amountExtraUsers: integer('amount_extra_users').notNull().default(0),
    amountExtraPublicLicences: integer('amount_extra_public_licences').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Retention of conversations in days, counted from a thread's last message (null: unlimited).
     * Members' chats and public visitors' chats separately (docs/dataprotection.md).
     */
    retentionMemberDays: integer('retention_member_days'),
    retentionVisitorDays: integer('retention_visitor_days').default(90),
  },
  (t) => [
    check('teams_billing_period_check', sql`${t.billingPeriod} in ('monthly', 'yearly')`),
    check('teams_protection_level_check', sql`${t.protectionLevel} in (0, 1, 2)`),
    check('teams_retention_member_check', sql`${t.retentionMemberDays} is null or ${t.retentionMemberDays} > 0`),
    check('teams_retention_visitor_check', sql`${t.retentionVisitorDays} is null or ${t.retentionVisitorDays} > 0`),
  ],
);

export type Team = typeof teams.$inferSelect;
