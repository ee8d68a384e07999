import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SunkMail {
  to: string;
  /** The raw message with quoted-printable soft line breaks joined. */
  body: string;
  /** The decoded text/plain part. */
  text: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  mails: SunkMail[];
  close(): Promise<void>;
}

/** A local SMTP server that accepts everything (tests and the e2e harness); port 0 picks a free one. */
export async function startSmtpSink(options: { port?: number; onMail?: (mail: SunkMail) => void } = {}): Promise<SmtpSink> {
  const mails: SunkMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          body: raw.replace(/=\r?\n/g, ''),
          text: plainTextOf(raw),
        };
        mails.push(mail);
        options.onMail?.(mail);
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text/plain part of a MIME message as nodemailer writes it (quoted-printable, base64 or 7bit). */
export function plainTextOf(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = parts.find((p) => /content-type:\s*text\/plain/i.test(p.split(/\r?\n\r?\n/)[0] ?? '')) ?? raw;
  const split = part.search(/\r?\n\r?\n/);
  const headers = part.slice(0, split);
  const body = part.slice(split).replace(/^\r?\n\r?\n/, '').replace(/\r?\n--[^\r\n]*--\s*$/, '');
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8').trim();
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/\r\n/g, '\n');
    return Buffer.from(bytes.replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1')
      .toString('utf8')
      .trim();
  }
  return body.replace(/\r\n/g, '\n').trim();
}
