import { sql } from 'drizzle-orm';
import {
  boolean,
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { assistants } from './assistants.ts';
import { teams } from './teams.ts';
import { knowledgeWebsites } from './websites.ts';

/**
 * A knowledge file of an assistant. The bytes live in the private store under `storedName`; the
 * text lives in `knowledge_passages`. `status` walks queued → reading → chunking → indexing →
 * ready, or ends in error with a German `error` (docs/knowledge.md).
 */
export const knowledgeFiles = pgTable(
  'knowledge_files',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid')
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()`),
    // The assistant's team (null for a default assistant edited by a superadmin).
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    assistantId: integer('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    extension: text('extension').notNull(),
    isFiltered: boolean('is_filtered').notNull().default(false),
    sizeBytes: integer('size_bytes').notNull(),
    storedName: text('stored_name').notNull(),
    status: text('status').notNull().default('queued'),
    error: text('error'),
    passageCount: integer('passage_count').notNull().default(0),
    // Sum of its passages' lengths in words (BM25's average passage length: retrieval.ts).
    termTotal: real('term_total').notNull().default(0),
    // A page of a crawled website (issue 34): not listed or counted as an upload; no stored bytes.
    websiteId: integer('website_id').references(() => knowledgeWebsites.id, { onDelete: 'cascade' }),
    // A later file brought words that may split this file's compounds (knowledge.jobs.ts: re-split).
    needsResplit: boolean('needs_resplit').notNull().default(false),
    // The earlier file this upload replaces: it goes when this one becomes ready (replacePassages).
    replacesFileId: integer('replaces_file_id').references((): AnyPgColumn => knowledgeFiles.id, { onDelete: 'set null' }),
    // How it was read (extract.ts's FILE_READING): an older reading of a changed format is read again.
    reading: smallint('reading').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('knowledge_files_assistant_idx').on(t.assistantId),
    index('knowledge_files_website_idx').on(t.websiteId),
    check(
      'knowledge_files_status_check',
      sql`${t.status} in ('queued', 'reading', 'chunking', 'indexing', 'ready', 'error')`,
    ),
  ],
);

export type KnowledgeFileRow = typeof knowledgeFiles.$inferSelect;

/**
 * A retrievable piece of a file. `location` is "Seite 3", "Folie 2", "Blatt Preise" or empty;
 * `heading` the nearest heading. The migration adds the trigram index (retrieval's fallback), which
 * Drizzle does not model.
 */
export const knowledgePassages = pgTable(
  'knowledge_passages',
  {
    id: serial('id').primaryKey(),
    fileId: integer('file_id')
      .notNull()
      .references(() => knowledgeFiles.id, { onDelete: 'cascade' }),
    assistantId: integer('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    location: text('location').notNull().default(''),
    heading: text('heading').notNull().default(''),
    text: text('text').notNull(),
  },
  (t) => [index('knowledge_passages_file_idx').on(t.fileId), index('knowledge_passages_assistant_idx').on(t.assistantId)],
);

/**
 * The inverted index of retrieval (postings.ts): the weighted frequency of a term (a stem, a
 * compound's part or a joined separable verb) in a passage, whether it occurs there as a whole word
 * (`exact`: the vocabulary for compound splitting), and the passage's length, for BM25.
 */
export const knowledgePostings = pgTable(
  'knowledge_postings',
  {
    passageId: integer('passage_id')
      .notNull()
      .references(() => knowledgePassages.id, { onDelete: 'cascade' }),
    assistantId: integer('assistant_id').notNull(),
    // The passage's file, for the file level of two-level BM25 (retrieval.ts) without a join.
    fileId: integer('file_id').notNull(),
    term: text('term').notNull(),
    tf: real('tf').notNull(),
    exact: boolean('exact').notNull(),
    length: real('length').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.passageId, t.term] }),
    index('knowledge_postings_term_idx').on(t.assistantId, t.term),
  ],
);

/**
 * An assistant's vocabulary with its document frequencies (BM25's IDF): in how many passages a term
 * occurs (`df`) and in how many as a whole word (`exactDf`: compound splitting). Kept by
 * postings.ts whenever postings are written or removed. Migration 0026 adds the trigram index on
 * `lower(term)` (the fallback for misspelt words; not on `term`, see there), which Drizzle does
 * not model.
 */
export const knowledgeTerms = pgTable(
  'knowledge_terms',
  {
    assistantId: integer('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    df: integer('df').notNull(),
    exactDf: integer('exact_df').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.assistantId, t.term] }),
    index('knowledge_terms_prefix_idx').on(t.assistantId, t.term.op('text_pattern_ops')),
  ],
);
