import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, real, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { assistants } from './assistants.ts';
import { messages, threads } from './chat.ts';
import { teams } from './teams.ts';

export const UNANSWERED_REASONS = ['no_match', 'declared'] as const;
export type UnansweredReason = (typeof UNANSWERED_REASONS)[number];

/**
 * One asked question per chat answer (issue 33, decision 039): written by the answer's last
 * statement, never by a statement of its own. The thread's erasure removes the texts (question,
 * free-text reason) and the links; the row stays with its topic, day and signals, so the counts
 * per topic and day survive without text. The vote of the thread's person or visitor lives here
 * too (one per answer, changeable).
 */
export const askedQuestions = pgTable(
  'asked_questions',
  {
    id: serial('id').primaryKey(),
    // The Mika's team (null for a default Mika's public chat).
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    assistantId: integer('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    threadId: integer('thread_id').references(() => threads.id, { onDelete: 'set null' }),
    /** The answer. */
    messageId: integer('message_id')
      .unique()
      .references(() => messages.id, { onDelete: 'set null' }),
    isPublic: boolean('is_public').notNull().default(false),
    /** The question as typed; null once its conversation was erased. */
    question: text('question'),
    /** Why the answer did not answer (structured, never read from the answer's text). */
    unanswered: text('unanswered', { enum: UNANSWERED_REASONS }),
    /** 1 thumbs up, -1 thumbs down. */
    vote: smallint('vote'),
    /** With a thumbs down: Falsch, Unvollständig, Nicht hilfreich or the person's own words. */
    reason: text('reason'),
    /** The topic key the grouping job gave it (question-insights/topics.ts). */
    topic: text('topic'),
    /**
     * The question's meaning with an embedding model (decision 045): the model's vector projected to
     * at most 256 dimensions, for joining differently worded questions into one topic. Erased with
     * the text; never exported (it is derived).
     */
    embedding: real('embedding').array(),
    /** provider:model that made `embedding` (a new model embeds again). */
    embeddingModel: text('embedding_model'),
    /** When an answer was stored for it ("Antwort hinterlegen"). */
    fixedAt: timestamp('fixed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('asked_questions_assistant_idx').on(t.assistantId, t.createdAt),
    index('asked_questions_updated_idx').on(t.updatedAt),
    index('asked_questions_thread_idx').on(t.threadId),
    check('asked_questions_vote_check', sql`${t.vote} in (1, -1)`),
    check('asked_questions_unanswered_check', sql`${t.unanswered} in ('no_match', 'declared')`),
  ],
);

export type AskedQuestionRow = typeof askedQuestions.$inferSelect;

/**
 * The insight of one Mika as the grouping job last built it (topics and feedback counts per
 * period): the page reads it instead of computing it. Examples are question ids, read (and masked)
 * when shown, so an erased question disappears from the examples at once.
 */
export const questionInsightSnapshots = pgTable('question_insight_snapshots', {
  assistantId: integer('assistant_id')
    .primaryKey()
    .references(() => assistants.id, { onDelete: 'cascade' }),
  teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull(),
  data: jsonb('data').notNull().$type<Record<string, unknown>>(),
});
