import nodemailer from 'nodemailer';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Jobs } from './jobs.ts';
import { mailOutbox } from '../db/schema/index.ts';
import type { RowOwner } from './row-owners.ts';
import { mailHtml, mailPlainText } from './mail-markdown.ts';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text; paragraphs separated by blank lines. Links are plain URLs. */
  text: string;
  replyTo?: string;
  /** The team and conversation it came from: erasing the conversation removes the mail too. */
  teamId?: number | null;
  threadId?: number | null;
  /** Files of the private store sent along (read when the mail is delivered). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  folder: string;
  name: string;
  contentType: string;
}

export interface Mailer {
  /** Whether this process has an SMTP transport (otherwise mails stay in the outbox). */
  readonly delivers: boolean;
  /**
   * Stores the mail and, with SMTP, enqueues its delivery — inside `tx` when given, so a mail
   * belongs to the business change that caused it. Delivery runs on the job engine with retries.
   */
  send(message: MailMessage, options?: { tx?: Db }): Promise<{ id: number; status: 'stored' | 'queued' }>;
  close(): void;
}

export const MAIL_DELIVERY_JOB = 'mail-delivery';

/**
 * Every mail is written to the outbox first, so nothing is lost when SMTP is down or absent.
 * With SMTP_URL a delivery job is enqueued in the same transaction; the worker sends it and keeps
 * the row up to date (attempts, last error, sent or finally failed).
 */
export function createMailer(opts: {
  db: Db;
  jobs: Jobs;
  smtpUrl?: string;
  from: string;
  logOutbox: boolean;
  retryLimit: number;
  retryDelaySeconds: number;
  log: FastifyBaseLogger;
  /** Reads an attachment's bytes from the private store. */
  readFile?: (folder: string, name: string) => Promise<Buffer | undefined>;
}): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;

  const delivery = opts.jobs.define<{ mailId: number }>(
    MAIL_DELIVERY_JOB,
    async ({ mailId }, job) => {
      const [mail] = await opts.db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
      // Delivered by an earlier attempt whose completion was lost (at-least-once delivery).
      if (!mail || mail.status === 'sent') return;
      const attempts = mail.attempts + 1;
      try {
        if (!transport) throw new Error('SMTP_URL is not configured in the process that runs jobs');
        const { to, subject, text, html, replyTo } = mail;
        const attachments = await Promise.all(
          (mail.attachments ? (JSON.parse(mail.attachments) as MailAttachment[]) : []).map(async (a) => {
            const content = await opts.readFile?.(a.folder, a.name);
            if (!content) throw new Error(`attachment ${a.filename} is missing`);
            return { filename: a.filename, content, contentType: a.contentType };
          }),
        );
        await transport.sendMail({ from: opts.from, to, subject, text, html: html ?? undefined, replyTo: replyTo ?? undefined, attachments });
      } catch (err) {
        await opts.db
          .update(mailOutbox)
          .set({ status: job.lastAttempt ? 'failed' : 'queued', attempts, error: String((err as Error).message).slice(0, 500) })
          .where(eq(mailOutbox.id, mailId));
        throw err;
      }
      await opts.db
        .update(mailOutbox)
        .set({ status: 'sent', attempts, error: null, sentAt: new Date() })
        .where(eq(mailOutbox.id, mailId));
    },
    {
      retryLimit: opts.retryLimit,
      retryDelaySeconds: opts.retryDelaySeconds,
      retryBackoff: true,
      retryDelayMaxSeconds: 3600,
      // nodemailer gives up on a silent server after 2 minutes (connection) + 10 minutes (socket).
      expireInSeconds: 15 * 60,
    },
  );

  async function store(message: MailMessage, tx: Db) {
    const [row] = await tx
      .insert(mailOutbox)
      .values({
        to: message.to,
        subject: message.subject,
        // Bodies are Markdown (chat answers, a Mika's mail): rendered to HTML and to plain text.
        text: mailPlainText(message.text),
        html: mailHtml(message.text),
        replyTo: message.replyTo,
        teamId: message.teamId ?? null,
        threadId: message.threadId ?? null,
        attachments: message.attachments?.length ? JSON.stringify(message.attachments) : null,
        status: transport ? 'queued' : 'stored',
      })
      .returning({ id: mailOutbox.id });
    if (transport) await delivery.send({ mailId: row!.id }, { tx });
    return row!.id;
  }

  return {
    delivers: Boolean(transport),
    async send(message, options = {}) {
      const id = options.tx ? await store(message, options.tx) : await opts.db.transaction((tx) => store(message, tx));
      if (transport) return { id, status: 'queued' };
      if (opts.logOutbox) {
        opts.log.info({ mailId: id, to: message.to, subject: message.subject }, `Mail im Postausgang:\n${message.text}`);
      }
      return { id, status: 'stored' };
    },
    close() {
      transport?.close();
    },
  };
}

/** The outbox's rows: a conversation's mails go with it, a person's with them (to or from their address). */
export const mailRowOwner: RowOwner = {
  owner: 'platform/mail',
  tables: ['mail_outbox'],
  notExported: {
    mail_outbox:
      'a delivery queue: sent mails are with their recipients, and waiting ones carry one-time invitation and password links that must not leave the system in a file',
  },
  async eraseThreads(tx, threadIds) {
    await tx.delete(mailOutbox).where(inArray(mailOutbox.threadId, threadIds));
  },
  async eraseUser(tx, user) {
    const address = user.email.toLowerCase();
    await tx.delete(mailOutbox).where(or(sql`lower(${mailOutbox.to}) = ${address}`, sql`lower(${mailOutbox.replyTo}) = ${address}`));
  },
};
