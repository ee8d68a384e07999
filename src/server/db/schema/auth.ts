import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Session ids are 256-bit random values; only their SHA-256 is stored.
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * Live login (docs/operations.md): the operator who holds this session of the team's owner.
     * Such a session is only valid next to the operator's own session and while they are a
     * superadmin; it is never the owner's own session.
     */
    operatorUserId: integer('operator_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The operator's own session this live login was started from (ends with it). */
    operatorSessionId: text('operator_session_id'),
    liveReason: text('live_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

// Single-use tokens for password reset, e-mail verification and invitations; stored hashed.
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId, t.purpose)],
);

// Throttle counters live in the database so every instance shares them without Redis.
export const throttleHits = pgTable('throttle_hits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
