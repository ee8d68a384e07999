import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { assistants } from './assistants.ts';
import { threads } from './chat.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

/** One opening window: ISO day 1 = Monday … 7 = Sunday, HH:MM in Europe/Berlin, `to` inclusive of its minute. */
export interface HandoffHours {
  day: number;
  from: string;
  to: string;
}

/**
 * The live hand-off settings of one (published chat) Mika (docs/decisions/044-live-handoff.md).
 * No row: hand-off is off. Written only by the handoff feature.
 */
export const handoffSettings = pgTable('handoff_settings', {
  assistantId: integer('assistant_id')
    .primaryKey()
    .references(() => assistants.id, { onDelete: 'cascade' }),
  teamId: integer('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  hours: jsonb('hours').$type<HandoffHours[]>().notNull().default([]),
  waitSeconds: integer('wait_seconds').notNull().default(120),
  greeting: text('greeting').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The hand-off state of one public thread: asked for a person (`requestedAt`), held by a team
 * member (`takenBy`, first wins in one UPDATE), or neither (row kept for the list). In the database
 * so that a restarted or another instance knows it. Goes with the thread (cascade).
 */
export const threadHandoffs = pgTable(
  'thread_handoffs',
  {
    threadId: integer('thread_id')
      .primaryKey()
      .references(() => threads.id, { onDelete: 'cascade' }),
    // The team is the thread's (threads.team_id): the row goes with the thread.
    assistantId: integer('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    takenBy: integer('taken_by').references(() => users.id, { onDelete: 'set null' }),
    /** The display name shown to the visitor (never the e-mail address). */
    takenByName: text('taken_by_name'),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    /** The last sign of the person who holds it (take-over or message): 10 minutes quiet returns it. */
    staffActiveAt: timestamp('staff_active_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('thread_handoffs_assistant_idx').on(t.assistantId)],
);

export type ThreadHandoffRow = typeof threadHandoffs.$inferSelect;
export type HandoffSettingsRow = typeof handoffSettings.$inferSelect;
