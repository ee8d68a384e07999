import { boolean, index, integer, pgTable, real, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { assistants } from './assistants.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

// A conversation with one assistant. The token (stored as SHA-256) guards every access by id.
export const threads = pgTable(
  'threads',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    assistantId: integer('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    // Null for visitors of a public chat.
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('threads_user_idx').on(t.userId), index('threads_assistant_idx').on(t.assistantId)],
);

export type ThreadRow = typeof threads.$inferSelect;

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    origin: text('origin').notNull(),
    type: text('type').notNull().default('txt'),
    text: text('text').notNull().default(''),
    audio: text('audio'),
    document: text('document'),
    responseId: text('response_id').unique(),
    // complete | partial (the provider failed mid-answer; what came is kept)
    status: text('status').notNull().default('complete'),
    model: text('model'),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    cost: real('cost').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_thread_idx').on(t.threadId, t.id)],
);

export type MessageRow = typeof messages.$inferSelect;
