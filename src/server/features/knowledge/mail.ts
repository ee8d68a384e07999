// E-mails as knowledge (docs/knowledge.md#ingestion-a-background-job, «E-mails»): a saved mail
// becomes one section with its subject as heading, who wrote it to whom and when, and its text;
// each attachment Mika can read follows as sections of its own («Anhang „Preise.xlsx“, Blatt 1»).
// .eml (Thunderbird, Apple Mail, web mailers): MIME (encodings, charsets, encoded words, nesting)
// is read by postal-mime, a maintained parser; the files of a «winmail.dat» by tnef.ts. .msg
// (Outlook): the message's properties in a compound file ([MS-OXMSG]), read here on
// platform/compound-file.ts; a body kept only as compressed RTF by compressed-rtf.ts and
// rtf-stream-parser. Decision 057.
import type { Address, Email } from 'postal-mime';
import { appendAll } from '../../../shared/arrays.ts';
import { KNOWLEDGE_MESSAGES } from '../../../shared/messages.ts';
import { readCompoundFile, type CompoundFile } from '../../platform/compound-file.ts';
import { extensionOf } from '../../platform/file-content.ts';
import { decompressRtf } from './compressed-rtf.ts';
import { readTnef } from './tnef.ts';
import { codepageDecoder, labelDecoder } from './codepage.ts';
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
  /** An Outlook body that exists only as RTF of its own (neither text nor HTML inside). */
  rtf?: Uint8Array;
  attachments: MailAttachment[];
}

export interface MailAttachment {
  name: string;
  /** The extension it is read as (a forwarded message is a mail whatever its name says). */
  extension: string;
  data: Uint8Array;
  /** An Outlook message attached inside the .msg (no bytes of its own), read already. */
  mail?: Mail;
}

/** Reads bytes of a known format ('html', 'txt', 'rtf') as sections (extract.ts's reader, passed in). */
export type ReadFile = (data: Uint8Array, format: string) => Promise<Section[]>;
/** An attachment's sections, or null when it is not one Mika reads (or cannot: a scan, a password). */
export type ReadAttachment = (attachment: MailAttachment) => Promise<Section[] | null>;

/** A forwarded mail inside a mail inside a mail…: deeper than this, attachments are only named. */
export const MAIL_DEPTH = 3;

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
      .flatMap((a): MailAttachment[] => {
        const message = a.mimeType === 'message/rfc822';
        const name = a.filename?.trim() || (message ? KNOWLEDGE_MESSAGES.mail.forwarded : '');
        const content = a.content;
        const data = typeof content === 'string' ? new TextEncoder().encode(content) : new Uint8Array(content);
        if (a.mimeType === 'application/ms-tnef' || name.toLowerCase() === 'winmail.dat') return tnefFiles(name || 'winmail.dat', data);
        return name ? [{ name, extension: message ? 'eml' : extensionOf(name), data }] : [];
      }),
  };
}

/** The files inside Outlook's winmail.dat; the winmail.dat itself (only named) when it holds none we can read. */
function tnefFiles(name: string, data: Uint8Array): MailAttachment[] {
  try {
    const files = readTnef(data).map((f) => ({ name: f.name, extension: extensionOf(f.name), data: f.data }));
    if (files.length > 0) return files;
  } catch {
    // damaged: named below
  }
  return [{ name, extension: 'dat', data }];
}

// --- Outlook's .msg ([MS-OXMSG]) ---

/** Property ids ([MS-OXPROPS]) and types the reader uses. */
const PROP = {
  subject: 0x0037,
  submitTime: 0x0039,
  sentRepresentingName: 0x0042,
  senderName: 0x0c1a,
  senderEmail: 0x0c1f,
  recipientType: 0x0c15,
  displayCc: 0x0e03,
  displayTo: 0x0e04,
  deliveryTime: 0x0e06,
  body: 0x1000,
  rtfCompressed: 0x1009,
  html: 0x1013,
  displayName: 0x3001,
  emailAddress: 0x3003,
  creationTime: 0x3007,
  attachData: 0x3701,
  attachFilename: 0x3704,
  attachMethod: 0x3705,
  attachLongFilename: 0x3707,
  attachContentId: 0x3712,
  smtpAddress: 0x39fe,
  internetCodepage: 0x3fde,
  messageCodepage: 0x3ffd,
  senderSmtpAddress: 0x5d01,
  attachmentHidden: 0x7ffe,
} as const;
const PT_LONG = 0x0003;
const PT_BOOLEAN = 0x000b;
const PT_SYSTIME = 0x0040;
/** PR_ATTACH_METHOD: the attachment's bytes are in the message; an Outlook message is attached. */
const ATTACH_BY_VALUE = 1;
const ATTACH_EMBEDDED_MSG = 5;
/** The properties stream's header: the message 32 bytes, an attached message 24, the rest 8. */
const HEADER = { message: 32, embedded: 24, other: 8 } as const;

const hex4 = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
/** One level of a .msg (the message, an attached message, a recipient, an attachment): its properties. */
class MsgLevel {
  private readonly fixed = new Map<number, DataView>();
  readonly level: CompoundFile;
  private decoder: TextDecoder;
  constructor(level: CompoundFile, headerSize: number, decoder: TextDecoder) {
    this.level = level;
    this.decoder = decoder;
    const stream = level.stream('__properties_version1.0') ?? new Uint8Array(0);
    for (let at = headerSize; at + 16 <= stream.length; at += 16) {
      const view = new DataView(stream.buffer, stream.byteOffset + at, 16);
      this.fixed.set(view.getUint32(0, true), new DataView(stream.buffer, stream.byteOffset + at + 8, 8));
    }
    const codepage = this.long(PROP.messageCodepage) ?? this.long(PROP.internetCodepage);
    if (codepage !== undefined) this.decoder = codepageDecoder(codepage);
  }
  get stringDecoder() {
    return this.decoder;
  }
  long(id: number): number | undefined {
    return this.fixed.get(((id << 16) | PT_LONG) >>> 0)?.getInt32(0, true);
  }
  flag(id: number): boolean {
    return (this.fixed.get(((id << 16) | PT_BOOLEAN) >>> 0)?.getUint16(0, true) ?? 0) !== 0;
  }
  time(id: number): Date | null {
    const value = this.fixed.get(((id << 16) | PT_SYSTIME) >>> 0);
    if (!value) return null;
    // FILETIME: 100-nanosecond steps since 1601-01-01 UTC.
    const ms = Number(value.getBigUint64(0, true) / 10_000n) - 11_644_473_600_000;
    const date = new Date(ms);
    return ms > 0 && !Number.isNaN(date.getTime()) ? date : null;
  }
  binary(id: number): Uint8Array | undefined {
    return this.level.stream(`__substg1.0_${hex4(id)}0102`);
  }
  /** A string property, Unicode (PT_UNICODE) or 8-bit in the message's code page (PT_STRING8). */
  text(id: number): string {
    const unicode = this.level.stream(`__substg1.0_${hex4(id)}001F`);
    const string8 = unicode ? undefined : this.level.stream(`__substg1.0_${hex4(id)}001E`);
    const decoded = unicode ? new TextDecoder('utf-16le').decode(unicode) : string8 ? this.decoder.decode(string8) : '';
    return decoded.replace(/\0+$/, '').trim();
  }
}

/** An address Outlook keeps for Exchange users («/O=…/CN=…») says nothing to a reader. */
const smtp = (...candidates: string[]) => candidates.find((a) => a.includes('@') && !a.startsWith('/')) ?? '';
const named = (name: string, address: string) => (name && address && name !== address ? `${name} <${address}>` : name || address);

/** The HTML body Outlook stores as bytes: in the charset its meta tag names, else the message's code page. */
function htmlOf(message: MsgLevel): string {
  const bytes = message.binary(PROP.html);
  if (!bytes) return message.text(PROP.html);
  const charset = /<meta[^>]+charset=["']?([\w-]+)/i.exec(new TextDecoder('latin1').decode(bytes.subarray(0, 2048)))?.[1];
  return (charset ? labelDecoder(charset) : message.stringDecoder).decode(bytes);
}

/** An RTF body grows at most this large (a .msg is at most 10 MB; RTF compresses well, not endlessly). */
const MAX_RTF_BYTES = 64 * 1024 * 1024;

/**
 * The body Outlook keeps only as compressed RTF (PR_RTF_COMPRESSED): HTML or text encapsulated in it
 * ([MS-OXRTFEX], read by rtf-stream-parser, a maintained de-encapsulator), or RTF of its own.
 */
async function rtfBody(message: MsgLevel): Promise<{ html?: string; text?: string; rtf?: Uint8Array }> {
  const compressed = message.binary(PROP.rtfCompressed);
  if (!compressed) return {};
  let rtf: Uint8Array;
  try {
    rtf = decompressRtf(compressed, MAX_RTF_BYTES);
  } catch {
    return {};
  }
  try {
    const { deEncapsulateSync } = await import('rtf-stream-parser');
    // It names code pages «cp1252»; anything else by its label.
    const decode = (bytes: Buffer, encoding: string) =>
      (/^cp\d+$/i.test(encoding) ? codepageDecoder(Number(encoding.slice(2))) : labelDecoder(encoding)).decode(bytes);
    // Its warnings (an unbalanced brace in a damaged body) are no news to anyone reading the logs.
    const { mode, text } = deEncapsulateSync(Buffer.from(rtf), { decode, mode: 'either', warn: () => undefined });
    return mode === 'html' ? { html: String(text) } : { text: String(text) };
  } catch {
    // Not encapsulated: a body written as RTF, read as an .rtf file is.
    return { rtf };
  }
}

async function msgMail(message: MsgLevel, depth: number): Promise<Mail> {
  let html = htmlOf(message);
  let text = message.text(PROP.body);
  let rtf: Uint8Array | undefined;
  // Without an HTML body the RTF may hold it (Outlook keeps HTML mails so): its tables survive.
  if (!html) {
    const body = await rtfBody(message);
    html = body.html ?? '';
    if (!text) {
      text = body.text ?? '';
      rtf = body.rtf;
    }
  }
  const to: string[] = [];
  const cc: string[] = [];
  const attachments: MailAttachment[] = [];
  for (const name of [...message.level.storages].sort()) {
    const storage = message.level.storage(name)!;
    if (/^__recip_version1\.0_#/i.test(name)) {
      const recipient = new MsgLevel(storage, HEADER.other, message.stringDecoder);
      const entry = named(recipient.text(PROP.displayName), smtp(recipient.text(PROP.smtpAddress), recipient.text(PROP.emailAddress)));
      // 1 To, 2 Cc, 3 Bcc (a saved mail's blind copies are not the reader's business).
      const type = recipient.long(PROP.recipientType) ?? 1;
      if (entry && type === 1) to.push(entry);
      else if (entry && type === 2) cc.push(entry);
    } else if (/^__attach_version1\.0_#/i.test(name)) {
      const attachment = new MsgLevel(storage, HEADER.other, message.stringDecoder);
      const contentId = attachment.text(PROP.attachContentId);
      // An image the HTML shows inline (a signature logo) is part of the text, not an attachment.
      if (attachment.flag(PROP.attachmentHidden) || (contentId && html.includes(`cid:${contentId}`))) continue;
      const fileName = attachment.text(PROP.attachLongFilename) || attachment.text(PROP.attachFilename) || attachment.text(PROP.displayName);
      const method = attachment.long(PROP.attachMethod);
      if (method === ATTACH_EMBEDDED_MSG) {
        const inner = storage.storage('__substg1.0_3701000D');
        const mail = inner && depth + 1 < MAIL_DEPTH ? await msgMail(new MsgLevel(inner, HEADER.embedded, message.stringDecoder), depth + 1) : undefined;
        attachments.push({ name: fileName || mail?.subject || KNOWLEDGE_MESSAGES.mail.forwarded, extension: 'msg', data: new Uint8Array(0), mail });
      } else if (method === ATTACH_BY_VALUE || method === undefined) {
        const data = attachment.binary(PROP.attachData);
        if (data && fileName) attachments.push({ name: fileName, extension: extensionOf(fileName), data });
      }
    }
  }
  return {
    subject: message.text(PROP.subject),
    from: named(message.text(PROP.senderName) || message.text(PROP.sentRepresentingName), smtp(message.text(PROP.senderSmtpAddress), message.text(PROP.senderEmail))),
    // Without recipient storages (some programs write only the display lines): those.
    to: to.length > 0 ? to.join(', ') : message.text(PROP.displayTo),
    cc: cc.length > 0 ? cc.join(', ') : message.text(PROP.displayCc),
    date: message.time(PROP.submitTime) ?? message.time(PROP.deliveryTime) ?? message.time(PROP.creationTime),
    text,
    html,
    rtf,
    attachments,
  };
}

/** An Outlook mail (.msg). Throws (CompoundFileError) when the bytes are not one. */
export function readMsg(data: Uint8Array): Promise<Mail> {
  return msgMail(new MsgLevel(readCompoundFile(data), HEADER.message, codepageDecoder(undefined)), 0);
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
  const body = html
    ? await read(new TextEncoder().encode(mail.html), 'html')
    : mail.text.trim()
      ? await read(new TextEncoder().encode(mail.text), 'txt')
      : mail.rtf
        ? await read(mail.rtf, 'rtf').catch(() => [])
        : [];
  for (const section of body) appendAll(blocks, section.blocks);
  const sections: Section[] = [{ location: '', blocks }];
  for (const attachment of mail.attachments) {
    for (const part of (await readAttachment(attachment)) ?? []) sections.push({ location: KNOWLEDGE_MESSAGES.attachment(attachment.name, part.location), blocks: part.blocks });
  }
  return sections;
}
