import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { teams } from './teams.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid')
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()`),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    // Null until an invited user has set a password.
    passwordHash: text('password_hash'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isSuperadmin: boolean('is_superadmin').notNull().default(false),
    role: text('role').notNull().default('employee'),
    isVerified: boolean('is_verified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Copied from teams.deleted_at by a trigger (migration 0006): the user of a deleted team gives
     * their e-mail address free for a new account while the row stays for the record.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} IS NULL`),
    index('users_team_idx').on(t.teamId),
    check('users_role_check', sql`${t.role} in ('owner', 'employee')`),
  ],
);

export type User = typeof users.$inferSelect;
