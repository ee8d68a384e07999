import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

// Every mail is stored first; SMTP delivery (when configured) updates the status.
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  replyTo: text('reply_to'),
  status: text('status').notNull().default('stored'),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

export type OutboxMail = typeof mailOutbox.$inferSelect;
