import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { threads } from './chat.ts';
import { teams } from './teams.ts';

export const MAIL_STATUSES = ['stored', 'queued', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

// Every mail is stored first. The row is the delivery job's record: `stored` (no SMTP configured:
// the outbox is the only copy), `queued` (a delivery job exists; `attempts`/`error` tell how it
// went so far), `sent`, or `failed` (retries used up).
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    replyTo: text('reply_to'),
    status: text('status').$type<MailStatus>().notNull().default('stored'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * The team and conversation a mail came from (a contact-form mail carries the chat history):
     * erasing the conversation or purging the team removes the mail too (docs/dataprotection.md).
     */
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    threadId: integer('thread_id').references(() => threads.id, { onDelete: 'cascade' }),
    /** Files in the private store sent along (JSON [{ filename, folder, name, contentType }]), e.g. an invoice PDF. */
    attachments: text('attachments'),
  },
  (t) => [
    check('mail_outbox_status_check', sql`${t.status} in ('stored', 'queued', 'sent', 'failed')`),
    index('mail_outbox_thread_idx').on(t.threadId),
    index('mail_outbox_team_idx').on(t.teamId),
  ],
);

export type OutboxMail = typeof mailOutbox.$inferSelect;
