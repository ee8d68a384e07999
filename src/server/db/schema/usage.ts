import { apiKeys } from './api-keys.ts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { assistants } from './assistants.ts';
import { messages, threads } from './chat.ts';
import { teams } from './teams.ts';

export const USAGE_CAPABILITIES = ['chat', 'task', 'speech', 'transcription', 'image', 'embedding', 'rerank'] as const;
export type UsageCapability = (typeof USAGE_CAPABILITIES)[number];

/**
 * One row per model call, in integer units, written in the same transaction as its result. The
 * credits feature prices them; nothing here is money. Written only by the usage feature.
 */
export const usageRecords = pgTable(
  'usage_records',
  {
    id: serial('id').primaryKey(),
    // Null for the public chats of default assistants (no team pays for them).
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    assistantId: integer('assistant_id').references(() => assistants.id, { onDelete: 'set null' }),
    threadId: integer('thread_id').references(() => threads.id, { onDelete: 'set null' }),
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'set null' }),
    /** Calls through the OpenAI-compatible API: the key that made them. */
    apiKeyId: integer('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    capability: text('capability', { enum: USAGE_CAPABILITIES }).notNull(),
    /** provider:model, e.g. openai:gpt-4o-mini or offline:offline. */
    model: text('model').notNull(),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    audioSeconds: integer('audio_seconds').notNull().default(0),
    characters: integer('characters').notNull().default(0),
    images: integer('images').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('usage_records_team_created_idx').on(t.teamId, t.createdAt),
    index('usage_records_assistant_idx').on(t.assistantId),
    index('usage_records_thread_idx').on(t.threadId),
    index('usage_records_message_idx').on(t.messageId),
    index('usage_records_api_key_idx').on(t.apiKeyId),
    check(
      'usage_records_capability_check',
      sql`${t.capability} in ('chat', 'task', 'speech', 'transcription', 'image', 'embedding', 'rerank')`,
    ),
    check(
      'usage_records_non_negative',
      sql`${t.inputTokens} >= 0 and ${t.outputTokens} >= 0 and ${t.audioSeconds} >= 0 and ${t.characters} >= 0 and ${t.images} >= 0`,
    ),
  ],
);

export type UsageRecordInsert = typeof usageRecords.$inferInsert;
