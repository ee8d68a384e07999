import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, jsonb } from 'drizzle-orm/pg-core';
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
  (t) => [
    index('threads_user_idx').on(t.userId),
    index('threads_assistant_idx').on(t.assistantId),
    index('threads_team_idx').on(t.teamId),
  ],
);

export type ThreadRow = typeof threads.$inferSelect;

export const MESSAGE_STATUSES = ['streaming', 'complete', 'partial', 'submitted'] as const;

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    /** user (the asker), ai (the Mika) or staff (a team member who took the public thread over). */
    origin: text('origin').notNull(),
    /** A staff message's author as the visitor sees them (display name, never the e-mail). */
    authorName: text('author_name'),
    type: text('type').notNull().default('txt'),
    text: text('text').notNull().default(''),
    audio: text('audio'),
    document: text('document'),
    /**
     * Where a document message's bytes come from, as `{source}:{ref}` (e.g. `asset:{uuid}`); the
     * document route asks the registered source (docs/decisions/014-assets.md).
     */
    documentSource: text('document_source'),
    responseId: text('response_id').unique(),
    /**
     * streaming: the answer is being written (text so far, heartbeat fresh); complete; partial: the
     * provider failed or the process stopped mid-answer (what came is kept); submitted: a contact
     * form that was sent.
     */
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('complete'),
    /** Last sign of life of the process streaming this answer; null once it is finished. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    model: text('model'),
    /** The knowledge sources an answer drew on: file name and page/sheet/slide (knowledge feature). */
    sources: jsonb('sources').$type<{ file: string; location: string }[]>(),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_thread_idx').on(t.threadId, t.id),
    index('messages_audio_idx').on(t.audio),
    index('messages_document_idx').on(t.document),
    index('messages_streaming_idx')
      .on(t.heartbeatAt)
      .where(sql`${t.status} = 'streaming'`),
    check('messages_origin_check', sql`${t.origin} in ('user', 'ai', 'staff')`),
    check('messages_type_check', sql`${t.type} in ('txt', 'mp3', 'doc', 'form')`),
    check('messages_status_check', sql`${t.status} in ('streaming', 'complete', 'partial', 'submitted')`),
  ],
);

export type MessageRow = typeof messages.$inferSelect;
