import { z } from 'zod';
import { TOOL_MESSAGES } from '../../../shared/messages.ts';
import type { EmailContact } from '../../../shared/schemas/tools.ts';
import type { ToolDefinition } from './types.ts';

/** The model's function name for sending an e-mail to one of the assistant's contacts. */
export const EMAIL_FUNCTION = 'email_senden';

/** Mails one conversation may send per hour (a public visitor cannot flood the contacts). */
export const EMAILS_PER_THREAD_PER_HOUR = 5;

const input = z.object({
  empfaenger: z
    .string()
    .min(1)
    .max(200)
    .describe('Name der Person aus der Kontaktliste (oder ihre Adresse aus der Liste)'),
  betreff: z.string().min(1).max(200).describe('Betreff der E-Mail'),
  text: z.string().min(1).max(20_000).describe('Vollständiger Text der E-Mail'),
});

export const contactsOf = (settings: Record<string, unknown>): EmailContact[] =>
  Array.isArray(settings.contacts) ? (settings.contacts as EmailContact[]) : [];

const fold = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Finds the one contact meant: an exact name or address of the list, else the only contact whose
 * name contains every word given ("Frau Berger" → "Anna Berger (Vertrieb)" when she is the only
 * Berger). Anything else matches nobody: the tool never mails an address outside the list.
 */
export function findContact(contacts: EmailContact[], wanted: string): EmailContact | undefined {
  const w = fold(wanted);
  if (!w) return undefined;
  const exact = contacts.find((c) => fold(c.name) === w || fold(c.email) === w);
  if (exact) return exact;
  // An address given must be one of the list, exactly: "Berger <x@evil.example>" mails nobody.
  const addresses = w.match(/[^\s<>,;]+@[^\s<>,;]+/g) ?? [];
  if (addresses.length > 0) {
    const listed = addresses.map((addr) => contacts.find((c) => fold(c.email) === addr));
    return addresses.length === 1 ? listed[0] : undefined;
  }
  const words = w
    .split(/[\s,]+/)
    .filter(
      (t) =>
        t.length >= 3 && !['frau', 'herr', 'herrn', 'dr.', 'prof.', 'aus', 'dem', 'der', 'vom'].includes(t),
    );
  if (words.length === 0) return undefined;
  const hits = contacts.filter((c) => {
    const name = fold(c.name);
    return words.some((t) => name.split(/[\s,()]+/).includes(t));
  });
  return hits.length === 1 ? hits[0] : undefined;
}

/** Sends an e-mail (subject, text) to one of the contacts saved for the assistant, and only to them. */
export const emailTool: ToolDefinition<z.infer<typeof input>> = {
  slug: 'email',
  uuid: '8b2d4c6e-1a3f-4d5b-9c7e-2f4a6b8c0d12',
  name: 'E-Mail',
  description:
    'Der Mika kann E-Mails an die Kontakte senden, die Du hier hinterlegst – zum Beispiel eine Zusammenfassung an den Vertrieb. An andere Adressen sendet er nie.',
  functionName: EMAIL_FUNCTION,
  modelDescription: 'Sendet eine E-Mail an eine Person aus der Kontaktliste.',
  describe(settings) {
    const list = contactsOf(settings)
      .map((c) => `${c.name} <${c.email}>`)
      .join('; ');
    return (
      'Sendet eine E-Mail (Betreff und Text) an genau eine Person aus dieser Kontaktliste: ' +
      `${list}. Nutze es nur, wenn jemand ausdrücklich darum bittet, etwas an eine dieser Personen zu senden; ` +
      'andere Empfänger sind nicht möglich. Schreibe den vollständigen Text der E-Mail.'
    );
  },
  isUsable: (settings) => contactsOf(settings).length > 0,
  inputSchema: input,
  defaultSettings: { contacts: [] },
  needsThread: false,
  async execute(args, ctx) {
    const contacts = contactsOf(ctx.settings);
    const contact = findContact(contacts, args.empfaenger);
    if (!contact) return TOOL_MESSAGES.mailUnknownRecipient(contacts.map((c) => c.name).join(', '));
    ctx.progress(TOOL_MESSAGES.mailSending);
    await ctx.throttle.consume(
      `tool-email:${ctx.threadId === null ? `a${ctx.assistantId}` : `t${ctx.threadId}`}`,
      { limit: EMAILS_PER_THREAD_PER_HOUR, windowMs: 3_600_000 },
      TOOL_MESSAGES.mailLimit,
    );
    await ctx.mailer.send({
      to: contact.email,
      teamId: ctx.teamId,
      threadId: ctx.threadId,
      subject: args.betreff.replace(/[\r\n]+/g, ' ').trim(),
      text: [
        args.text.trim(),
        `—\nDiese E-Mail hat der Mika "${ctx.assistantName}" aus einem Chat heraus gesendet.`,
      ].join('\n\n'),
    });
    return TOOL_MESSAGES.mailSent(contact.name);
  },
};
