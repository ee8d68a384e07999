import { check, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

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
  },
  (t) => [check('mail_outbox_status_check', sql`${t.status} in ('stored', 'queued', 'sent', 'failed')`)],
);

export type OutboxMail = typeof mailOutbox.$inferSelect;
