import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { teams } from './teams.ts';
import { users } from './users.ts';

export const EXPORT_SCOPES = ['team', 'user', 'thread'] as const;
export type ExportScope = (typeof EXPORT_SCOPES)[number];
export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/**
 * A data export (DSGVO Art. 15/20): everything of the team, of one user or of one visitor's
 * conversation as a ZIP, prepared by a job. Only the admin who asked may download it, until
 * `expiresAt`; the nightly retention job deletes expired ones with their file.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid')
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()`),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: EXPORT_SCOPES }).notNull(),
    /** user: the user's uuid; thread: the thread id; team: null. */
    subject: text('subject'),
    /** A German label of what is exported (shown in the list; never an e-mail address). */
    label: text('label').notNull(),
    status: text('status', { enum: EXPORT_STATUSES }).notNull().default('queued'),
    /** The ZIP in the private store (folder `exports`). */
    storedName: text('stored_name'),
    sizeBytes: integer('size_bytes'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_team_idx').on(t.teamId, t.createdAt),
    check('data_exports_scope_check', sql`${t.scope} in ('team', 'user', 'thread')`),
    check('data_exports_status_check', sql`${t.status} in ('queued', 'running', 'ready', 'failed')`),
  ],
);

export type DataExportRow = typeof dataExports.$inferSelect;
