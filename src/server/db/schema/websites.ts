import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { assistants } from './assistants.ts';
import { teams } from './teams.ts';

/**
 * A team's website as one knowledge source of an assistant (issue 34, docs/knowledge.md#websites).
 * Its pages become knowledge files (`knowledge_files.website_id`), so retrieval, the privacy filter
 * and deletion work as for uploads. `status` walks queued → crawling → ready | error; `run` counts
 * the syncs, and each page remembers the run it was last visited in (a crawl resumes after a kill).
 */
export const knowledgeWebsites = pgTable(
  'knowledge_websites',
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
    url: text('url').notNull(),
    sitemapUrl: text('sitemap_url'),
    include: jsonb('include').$type<string[]>().notNull().default([]),
    exclude: jsonb('exclude').$type<string[]>().notNull().default([]),
    maxPages: integer('max_pages').notNull(),
    interval: text('interval').notNull(),
    isFiltered: boolean('is_filtered').notNull().default(false),
    status: text('status').notNull().default('queued'),
    error: text('error'),
    run: integer('run').notNull().default(0),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('knowledge_websites_assistant_idx').on(t.assistantId),
    index('knowledge_websites_next_sync_idx').on(t.nextSyncAt),
    check('knowledge_websites_interval_check', sql`${t.interval} in ('daily', 'weekly', 'manual')`),
    check('knowledge_websites_status_check', sql`${t.status} in ('queued', 'crawling', 'ready', 'error')`),
  ],
);

export type KnowledgeWebsiteRow = typeof knowledgeWebsites.$inferSelect;

/**
 * One URL of a website's crawl. `state` is pending (found, not fetched in this run), done, error
 * (a German `error`), or skipped (refused by robots.txt, the patterns or the limit). `visitedRun`
 * is the run it was last fetched in: a resumed crawl fetches only pages not visited in the current
 * run, so a kill never doubles a page. `fileId` is its knowledge file (null until indexed).
 */
export const knowledgeWebsitePages = pgTable(
  'knowledge_website_pages',
  {
    id: serial('id').primaryKey(),
    websiteId: integer('website_id')
      .notNull()
      .references(() => knowledgeWebsites.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    state: text('state').notNull().default('pending'),
    error: text('error'),
    title: text('title').notNull().default(''),
    fileId: integer('file_id'),
    etag: text('etag'),
    lastModified: text('last_modified'),
    contentHash: text('content_hash'),
    // Consecutive syncs that answered 404/410: the page is removed at the second.
    goneCount: integer('gone_count').notNull().default(0),
    // The run in which this page is due (every known page is due in every run).
    foundRun: integer('found_run').notNull().default(0),
    // The run in which a sitemap or a link of a page reachable from the start named it.
    discoveredRun: integer('discovered_run').notNull().default(0),
    // Its links on the website's host as last read (null: not known yet); unchanged pages pass them on.
    links: text('links').array(),
    visitedRun: integer('visited_run').notNull().default(0),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }),
  },
  (t) => [
    unique('knowledge_website_pages_url_unique').on(t.websiteId, t.url),
    index('knowledge_website_pages_file_idx').on(t.fileId),
    check('knowledge_website_pages_state_check', sql`${t.state} in ('pending', 'done', 'error', 'skipped')`),
  ],
);

export type KnowledgeWebsitePageRow = typeof knowledgeWebsitePages.$inferSelect;
