import { requireAccess } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AuthContext } from '../../platform/session.ts';
import { CONVERSATION_MESSAGES, TASK_MESSAGES } from '../../../shared/messages.ts';
import type { StreamEvent } from '../../../shared/schemas/chat.ts';
import type { TaskOutputMail, TaskRequest, TaskResponse } from '../../../shared/schemas/task.ts';
import { answerInThread, createThread, reserveAnswerCredits } from '../chat/index.ts';
import { taskDocumentTools } from './task-documents.ts';

/** Results one user may mail to themselves per hour. */
export const TASK_MAILS_PER_HOUR = 20;

/**
 * POST /api/send/task: the input and its result are messages of the assistant's thread (the chat
 * feature's tables), answered through the one pipeline with the task documents' tool added. A
 * document result answers `doc` with the file name, which /document/… serves with the thread token.
 */
export async function runTask(deps: Deps, caller: { auth: AuthContext; ip: string }, input: TaskRequest): Promise<TaskResponse> {
  const assistant = await requireAccess(caller.auth, 'assistant.use', input.assistantUuid, deps);
  if (assistant.type !== 'task') throw new AppError('VALIDATION', TASK_MESSAGES.notATask);
  const thread =
    input.threadId !== undefined && input.token
      ? { id: input.threadId, token: input.token }
      : await createThread(deps, { auth: caller.auth, ip: caller.ip }, { assistantUuid: input.assistantUuid });
  const access = await requireAccess(caller.auth, 'thread', { assistantUuid: input.assistantUuid, threadId: thread.id, token: thread.token }, deps);

  const hold = await reserveAnswerCredits(deps, access, caller.auth);
  const events: StreamEvent[] = [];
  await answerInThread(deps, access, input.input, (e) => events.push(e), {
    hold,
    tools: (ctx) => taskDocumentTools(deps, access, ctx),
  });
  const failed = events.find((e) => e.type === 'error');
  if (failed) throw new AppError('INTERNAL', failed.error || CONVERSATION_MESSAGES.providerFailed);
  const base = { threadToken: thread.token, threadId: thread.id };
  const document = events.findLast((e) => e.type === 'document');
  if (document) return { ...base, responseType: 'doc', responseData: document.document, msgId: document.message_id };
  const complete = events.find((e) => e.type === 'complete');
  if (!complete) throw new AppError('INTERNAL', CONVERSATION_MESSAGES.providerFailed);
  return { ...base, responseType: 'txt', responseData: complete.final_text, msgId: complete.message_id };
}

/**
 * POST /api/email/taskoutput: the result goes to the signed-in user's own address only (never to
 * an address from the request), as plain text, a bounded number of times per hour.
 */
export async function mailTaskOutput(deps: Deps, auth: AuthContext, input: TaskOutputMail): Promise<{ message: string }> {
  requireAccess(auth, 'member');
  if (input.assistantUuid) await requireAccess(auth, 'assistant.use', input.assistantUuid, deps);
  await deps.throttle.consume(`task-mail:${auth.user.id}`, { limit: TASK_MAILS_PER_HOUR, windowMs: 3_600_000 }, TASK_MESSAGES.mailLimit);
  const name = input.assistant_name.replace(/[\r\n\t]+/g, ' ').trim();
  // Plain text only (the mail module escapes it for its HTML part); control characters go.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what goes
  const text = input.output.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
  await deps.mailer.send({
    to: auth.user.email,
    teamId: auth.team.id,
    subject: TASK_MESSAGES.mailSubject(name),
    text: `${text}\n\n—\nDieses Ergebnis hat der Mika "${name}" für Dich erstellt.`,
  });
  return { message: TASK_MESSAGES.mailSent };
}
