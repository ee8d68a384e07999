import { requireAccess } from '../../platform/access.ts';
import type { Assistant, FormSettings } from '../../db/schema/index.ts';
import { findUserEmail, insertFormSubmission } from './form.repository.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Deps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/session.ts';
import { PUBLIC_CHAT_MESSAGES } from '../../../shared/messages.ts';
import {
  contactFormSchema,
  FORM_FIELD_LABELS,
  FORM_FIELDS,
  splitAddresses,
  type FormInfo,
  type ZFormSettings,
} from '../../../shared/schemas/public.ts';
import type { z } from '../../../shared/zod.ts';
import { findPublishedAssistant } from '../assistants/index.ts';
import { getThreadMessages, markThreadFormsSubmitted, throttlePublicMessage } from '../chat/index.ts';
import { getToolState, saveToolState } from '../tools/index.ts';

async function formToolOf(deps: Deps, a: Assistant) {
  return getToolState<FormSettings>(deps, a.id, 'form');
}

function formInfoOf(s: FormSettings): FormInfo {
  return {
    firstname: s.firstname,
    lastname: s.lastname,
    company: s.company,
    email: s.email,
    phone: s.phone,
    notes: s.notes,
  };
}

/** Which inputs the contact form shows: for visitors of a published assistant or team members with use right. */
export async function getFormInfo(deps: Deps, auth: AuthContext | null, assistantUuid: string): Promise<FormInfo> {
  requireAccess(auth, 'anyone');
  const published = await findPublishedAssistant(deps, assistantUuid);
  const assistant = published ?? (auth ? await requireAccess(auth, 'assistant.use', assistantUuid, deps) : undefined);
  if (!assistant) throw new AppError('NOT_FOUND', 'Dieser Mika wurde nicht gefunden.');
  return formInfoOf((await formToolOf(deps, assistant)).settings);
}

/** The assistant's owner address, else its creator's: who "send to user" means. */
async function userRecipient(deps: Deps, a: Assistant): Promise<string | undefined> {
  if (a.ownerEmail) return a.ownerEmail;
  if (!a.createdBy) return undefined;
  return findUserEmail(deps.db, a.createdBy);
}

/**
 * A visitor's contact data: validated per the assistant's form, stored (so nothing is lost when
 * mail fails), mailed with the chat history to the configured recipients.
 */
export async function submitContactForm(
  deps: Deps,
  caller: { auth: AuthContext | null; ip: string },
  body: Record<string, unknown>,
): Promise<{ status: 'success'; message: string }> {
  const access = await requireAccess(caller.auth, 'thread', body as { assistantUuid: string; threadId: number; token?: string }, deps);
  await throttlePublicMessage(deps, access, caller.ip);
  const { assistant, thread } = access;
  const tool = await formToolOf(deps, assistant);
  if (!tool.active) throw new AppError('FORBIDDEN', PUBLIC_CHAT_MESSAGES.formNotOffered);
  const settings = tool.settings;
  const info = formInfoOf(settings);
  const parsed = contactFormSchema(info).safeParse(body);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fields[issue.path.join('.')] ??= []).push(issue.message);
    const first = Object.values(fields)[0]?.[0] ?? PUBLIC_CHAT_MESSAGES.formInvalid;
    throw new AppError('VALIDATION', first, { fields });
  }
  const data: Record<string, string> = {};
  for (const f of FORM_FIELDS) if (info[f] && parsed.data[f]) data[f] = parsed.data[f];

  const recipients = new Set(splitAddresses(settings.send_to));
  if (settings.send_to_user) {
    const own = await userRecipient(deps, assistant);
    if (own) recipients.add(own);
  }
  const to = [...recipients].join(', ');
  await insertFormSubmission(deps.db, { assistantId: assistant.id, threadId: thread.id, data, recipients: to });
  // The form in the conversation is answered: after a reload it shows the confirmation.
  await markThreadFormsSubmitted(deps, thread.id);

  if (to) {
    const history = (await getThreadMessages(deps, access))
      .filter((m) => m.type === 'txt' || m.type === 'mp3')
      .map((m) => `${m.origin === 'user' ? 'Besucher' : assistant.name}: ${m.text}`)
      .join('\n\n');
    const lines = FORM_FIELDS.filter((f) => data[f]).map((f) => `${FORM_FIELD_LABELS[f]}: ${data[f]}`);
    await deps.mailer.send({
      to,
      replyTo: data.email,
      teamId: assistant.teamId,
      threadId: thread.id,
      subject: `Neue Kontaktanfrage über ${assistant.name}`,
      text: [
        `Über den Chat mit "${assistant.name}" hat jemand Kontaktdaten hinterlassen:`,
        lines.join('\n'),
        'Verlauf des Chats:',
        history || '(kein Verlauf)',
        'Diese Nachricht wurde von Mika versendet.',
      ].join('\n\n'),
    });
  }
  return { status: 'success', message: PUBLIC_CHAT_MESSAGES.formSent };
}

export async function getFormSettings(deps: Deps, auth: AuthContext, uuid: string) {
  const a = await requireAccess(auth, 'assistant.edit', uuid, deps);
  const tool = await formToolOf(deps, a);
  return { active: tool.active, ...tool.settings };
}

export async function saveFormSettings(
  deps: Deps,
  auth: AuthContext,
  uuid: string,
  form: z.output<typeof ZFormSettings>,
): Promise<{ status: 'success'; message: string }> {
  const a = await requireAccess(auth, 'assistant.edit', uuid, deps);
  const { active, ...settings } = form;
  settings.send_to = splitAddresses(settings.send_to).join(', ');
  await saveToolState(deps, a.id, 'form', { settings, ...(active === undefined ? {} : { active }) });
  return { status: 'success', message: PUBLIC_CHAT_MESSAGES.formSaved };
}
