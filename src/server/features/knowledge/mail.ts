// E-mails as knowledge (docs/knowledge.md#ingestion-a-background-job, «E-mails»): a saved mail (.eml, as Thunderbird, Apple Mail
// and web mailers save it) becomes one section with its subject as heading, who wrote it to whom and
// when, and its text; each attachment Mika can read follows as sections of its own («Anhang
// „Preise.xlsx“, Blatt 1»). MIME (encodings, charsets, encoded words, nesting) is read by
// postal-mime, a maintained parser; what becomes knowledge is decided here.
import type { Address, Email } from 'postal-mime';
import { appendAll } from '../../../shared/arrays.ts';
import { KNOWLEDGE_MESSAGES } from '../../../shared/messages.ts';
import type { Block, Section } from './extract.ts';

/** A mail, as far as knowledge needs it. */
export interface Mail {
  subject: string;
  from: string;
  to: string;
  cc: string;
  date: Date | null;
  /** The plain-text body ('' when the mail has none). */
  text: string;
  /** The HTML body ('' when the mail has none). */
  html: string;
  attachments: MailAttachment[];
}

export interface MailAttachment {
  name: string;
  /** The extension it is read as (a forwarded message is a mail whatever its name says). */
  extension: string;
  data: Uint8Array;
}

/** Reads a file's bytes as the sections of the given extension (extract.ts's reader, passed in). */
export type ReadFile = (data: Uint8Array, extension: string) => Promise<Section[]>;
/** An attachment's sections, or null when it is not one Mika reads (or cannot: a scan, a password). */
export type ReadAttachment = (attachment: MailAttachment) => Promise<Section[] | null>;

/** A forwarded mail inside a mail inside a mail…: deeper than this, attachments are only named. */
export const MAIL_DEPTH = 3;

const extensionOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');

/** A mailbox as a mail program shows it: «Name <address>», or the address alone. */
function mailbox(address: Address): string {
  if (address.group) return `${address.name}: ${address.group.map(mailbox).join(', ')}`;
  return address.name && address.name !== address.address ? `${address.name} <${address.address}>` : address.address;
}
const mailboxes = (list: Address[] | undefined) => (list ?? []).map(mailbox).join(', ');

/** A saved mail (RFC 5322 with MIME). Throws when the bytes are not one. */
export async function readEml(data: Uint8Array): Promise<Mail> {
  // Loaded on first use (start-up time).
  const { default: PostalMime } = await import('postal-mime');
  // Forwarded messages stay attachments (read as mails of their own), not text merged into this one.
  const email: Email = await PostalMime.parse(data, { rfc822Attachments: true, forceRfc822Attachments: true });
  const date = email.date ? new Date(email.date) : null;
  return {
    subject: (email.subject ?? '').trim(),
    from: email.from ? mailbox(email.from) : '',
    to: mailboxes(email.to),
    cc: mailboxes(email.cc),
    date: date && !Number.isNaN(date.getTime()) ? date : null,
    text: email.text ?? '',
    html: email.html ?? '',
    // An image the HTML shows inline (a signature logo) is part of the text, not an attachment.
    attachments: email.attachments
      .filter((a) => !a.related)
      .map((a) => {
        const message = a.mimeType === 'message/rfc822';
        const name = a.filename?.trim() || (message ? KNOWLEDGE_MESSAGES.mail.forwarded : '');
        const content = a.content;
        const data = typeof content === 'string' ? new TextEncoder().encode(content) : new Uint8Array(content);
        return { name, extension: message ? 'eml' : extensionOf(name), data };
      })
      .filter((a) => a.name !== ''),
  };
}

const DATE = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * The mail's sections: first the mail itself (subject as heading; sender, recipients, date and
 * the attachments' names; the body), then each attachment `readAttachment` reads, its sections
 * located «Anhang „name“» (and the attachment's own page, slide or sheet). An attachment that
 * cannot be read (a scan, a password) leaves the mail readable; it is only named.
 */
export async function mailSections(mail: Mail, read: ReadFile, readAttachment: ReadAttachment): Promise<Section[]> {
  const labels = KNOWLEDGE_MESSAGES.mail;
  const header = [
    [labels.from, mail.from],
    [labels.to, mail.to],
    [labels.cc, mail.cc],
    [labels.date, mail.date ? DATE.format(mail.date) : ''],
    [labels.attachments, mail.attachments.map((a) => a.name).join(', ')],
  ]
    .filter(([, value]) => value !== '')
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n');
  const blocks: Block[] = [{ kind: 'heading', text: mail.subject || labels.noSubject }];
  if (header) blocks.push({ kind: 'text', text: header });
  // The HTML when the mail has no plain text or its HTML holds a table (a price list stays a
  // table); otherwise the plain text, which is what the sender wrote without the layout.
  const html = mail.html !== '' && (mail.text.trim() === '' || /<table[\s>]/i.test(mail.html));
  const body = html ? await read(new TextEncoder().encode(mail.html), 'html') : mail.text.trim() ? await read(new TextEncoder().encode(mail.text), 'txt') : [];
  for (const section of body) appendAll(blocks, section.blocks);
  const sections: Section[] = [{ location: '', blocks }];
  for (const attachment of mail.attachments) {
    for (const part of (await readAttachment(attachment)) ?? []) sections.push({ location: KNOWLEDGE_MESSAGES.attachment(attachment.name, part.location), blocks: part.blocks });
  }
  return sections;
}
