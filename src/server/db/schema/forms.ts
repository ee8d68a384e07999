import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { assistants } from './assistants.ts';
import { threads } from './chat.ts';

// Contact data a visitor left in a chat. Stored before mailing: nothing is lost when mail fails.
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: serial('id').primaryKey(),
    assistantId: integer('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    threadId: integer('thread_id').references(() => threads.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<Record<string, string>>().notNull(),
    recipients: text('recipients').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('form_submissions_assistant_idx').on(t.assistantId),
    index('form_submissions_thread_idx').on(t.threadId),
  ],
);
