import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { assistants } from './assistants.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

/**
 * A team's key for the OpenAI-compatible API (/v1). Only the SHA-256 of the key is stored; the
 * prefix (e.g. "mika_Ab3x") identifies it in lists. Written only by the api-keys feature.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /** All of the team's Mikas (true) or only those in api_key_assistants. */
    allAssistants: boolean('all_assistants').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_keys_team_idx').on(t.teamId)],
);

/** The Mikas a key with a chosen scope may call. */
export const apiKeyAssistants = pgTable(
  'api_key_assistants',
  {
    apiKeyId: integer('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    assistantId: integer('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.assistantId] })],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
