import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { assistants } from './assistants.ts';
import { knowledgeFiles } from './knowledge.ts';
import { teams } from './teams.ts';

/**
 * A question-and-answer entry of a Mika's knowledge ("Antwort hinterlegen", issue 33). All entries
 * of a Mika are the passages of one knowledge file (the Q&A file: one source against the limit);
 * deleting that file deletes them.
 */
export const knowledgeQaEntries = pgTable(
  'knowledge_qa_entries',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid')
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()`),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    assistantId: integer('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => knowledgeFiles.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('knowledge_qa_entries_assistant_idx').on(t.assistantId, t.id)],
);

export type KnowledgeQaEntryRow = typeof knowledgeQaEntries.$inferSelect;
