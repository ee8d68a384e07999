import nodemailer from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text; paragraphs separated by blank lines. Links are plain URLs. */
  text: string;
  replyTo?: string;
}

export interface Mailer {
  readonly delivers: boolean;
  send(message: MailMessage): Promise<{ id: number; status: 'stored' | 'sent' | 'failed' }>;
  close(): void;
}

/**
 * Every mail is written to the outbox first, so nothing is lost when SMTP is down or absent.
 * With SMTP_URL the mail is then delivered and its row marked sent (or failed, with the reason).
 */
export function createMailer(opts: {
  db: Db;
  smtpUrl?: string;
  from: string;
  logOutbox: boolean;
  log: FastifyBaseLogger;
}): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  return {
    delivers: Boolean(transport),
    async send(message) {
      const html = renderHtml(message.text);
      const [row] = await opts.db
        .insert(mailOutbox)
        .values({ to: message.to, subject: message.subject, text: message.text, html, replyTo: message.replyTo })
        .returning({ id: mailOutbox.id });
      const id = row!.id;
      if (!transport) {
        if (opts.logOutbox) {
          opts.log.info({ mailId: id, to: message.to, subject: message.subject }, `Mail im Postausgang:\n${message.text}`);
        }
        return { id, status: 'stored' };
      }
      try {
        await transport.sendMail({ from: opts.from, ...message, html });
        await opts.db.update(mailOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(mailOutbox.id, id));
        return { id, status: 'sent' };
      } catch (err) {
        opts.log.error({ err, mailId: id }, 'SMTP delivery failed; mail kept in outbox');
        await opts.db
          .update(mailOutbox)
          .set({ status: 'failed', error: String((err as Error).message).slice(0, 500) })
          .where(eq(mailOutbox.id, id));
        return { id, status: 'failed' };
      }
    },
    close() {
      transport?.close();
    },
  };
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A simple HTML twin of the plain text: paragraphs and clickable https/http links. */
export function renderHtml(text: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) =>
      escapeHtml(p)
        .replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')
        .replace(/\n/g, '<br>'),
    )
    .map((p) => `<p style="margin:0 0 14px">${p}</p>`)
    .join('');
  return `<!doctype html><html lang="de"><body style="font-family:Arial,sans-serif;color:#222;font-size:15px;line-height:1.5">${paragraphs}</body></html>`;
}
