import { tool, type ModelMessage, type ToolSet } from 'ai';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { CONTACT_FORM_TOOL } from '../../ai/offline-engine.ts';
import { teams } from '../../db/schema/index.ts';
import { streamModelAnswer } from '../../ai/answer.ts';
import { assistantPassages, buildSystemPrompt, trimHistory } from '../../ai/prompt.ts';
import type { Assistant, Team, ThreadRow } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { randomToken, safeEqual, sha256 } from '../../platform/crypto.ts';
import type { Deps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/session.ts';
import { MC, MP } from '../../../shared/messages.ts';
import type { ChatMessage, StreamEvent, Thread } from '../../../shared/schemas/chat.ts';
import {
  assertCanUseAssistant,
  assertUsable,
  findPublishedAssistant,
  limitStateFrom,
  rightsFor,
} from '../assistants/assistant.service.ts';
import { privacyTermsFor } from '../dataprotection/dataprotection.service.ts';
import { createPrivacyFilter } from '../../ai/privacy-filter.ts';
import {
  findMessageByResponseId,
  findThread,
  findThreadWithAssistant,
  insertMessage,
  insertThread,
  listThreadMessages,
  recentThreadMessages,
  toChatMessage,
} from './chat.repository.ts';

const HISTORY_MESSAGES = 40;

// Visitors of public chats: per client IP and per assistant (protects the team's credits).
export const PUBLIC_LIMITS = {
  threadsPerIp: { limit: 30, windowMs: 60 * 60_000 },
  messagesPerIp: { limit: 30, windowMs: 10 * 60_000 },
  messagesPerAssistant: { limit: 600, windowMs: 60 * 60_000 },
} as const;

/**
 * A thread for a team member (needs the use right) or, on the public chat page (`publicChat`, or
 * without a session), an anonymous visitor thread of a published assistant.
 */
export async function createThread(
  deps: Deps,
  caller: { auth: AuthContext | null; ip: string },
  input: { assistantUuid: string; public?: boolean },
): Promise<Thread> {
  const token = randomToken(24);
  const { auth } = caller;
  if (input.public || !auth) {
    const assistant = await findPublishedAssistant(deps, input.assistantUuid);
    if (!assistant) throw new AppError('NOT_FOUND', MC.threadNotFound);
    await deps.throttle.consume(`public-thread:${caller.ip}`, PUBLIC_LIMITS.threadsPerIp, MP.tooManyMessages);
    const id = await insertThread(deps.db, {
      tokenHash: sha256(token),
      assistantId: assistant.id,
      teamId: assistant.teamId,
      userId: null,
      isPublic: true,
    });
    return { id, token };
  }
  const assistant = await assertCanUseAssistant(deps, auth, input.assistantUuid);
  const id = await insertThread(deps.db, {
    tokenHash: sha256(token),
    assistantId: assistant.id,
    teamId: auth.team.id,
    userId: auth.user.id,
  });
  return { id, token };
}

/** True when the token belongs to the thread (used by the live channel). */
export async function verifyThreadToken(deps: Deps, threadId: number, token: string): Promise<boolean> {
  const thread = await findThread(deps.db, threadId);
  return Boolean(thread && safeEqual(thread.tokenHash, sha256(token)));
}

export interface ThreadAccess {
  thread: ThreadRow;
  assistant: Assistant;
  /** The team whose data protection applies (the caller's team). */
  team: Team;
}

/**
 * Every call that touches a thread goes through here: the thread id, its token, the assistant
 * and the caller must all belong together, or the thread does not exist for this caller (404).
 */
export async function resolveThreadAccess(
  deps: Deps,
  auth: AuthContext | null,
  ref: { assistantUuid: string; threadId: number; token?: string | undefined },
): Promise<ThreadAccess> {
  const notFound = new AppError('NOT_FOUND', MC.threadNotFound);
  const row = await findThreadWithAssistant(deps.db, ref.threadId, ref.assistantUuid, auth?.user.id ?? null);
  if (!row || !ref.token || !safeEqual(row.thread.tokenHash, sha256(ref.token))) throw notFound;
  const { thread, assistant } = row;
  if (thread.isPublic) {
    // A public thread lives only as long as its assistant stays published.
    if (!assistant.isPublic) throw notFound;
    return { thread, assistant, team: await loadTeamOrNeutral(deps, thread.teamId) };
  }
  // A team thread belongs to one user of that team; the assistant must still be visible to it.
  if (!auth || thread.userId !== auth.user.id || (assistant.teamId !== null && assistant.teamId !== auth.team.id)) {
    throw notFound;
  }
  assertUsable(rightsFor(auth, row), limitStateFrom(auth.team, row.ownAssistants));
  return { thread, assistant, team: auth.team };
}

/** Default assistants have no team: no team filter applies to their public chats. */
async function loadTeamOrNeutral(deps: Deps, teamId: number | null): Promise<Team> {
  const [team] = teamId ? await deps.db.select().from(teams).where(eq(teams.id, teamId)) : [];
  if (team) return team;
  return { protectionLevel: 0, filter: '' } as Team;
}

/** Visitor limits for every message of a public thread. */
export async function throttlePublicMessage(deps: Deps, access: ThreadAccess, ip: string) {
  if (!access.thread.isPublic) return;
  await deps.throttle.consume(`public-msg:${ip}`, PUBLIC_LIMITS.messagesPerIp, MP.tooManyMessages);
  await deps.throttle.consume(`public-assistant:${access.assistant.id}`, PUBLIC_LIMITS.messagesPerAssistant, MP.tooManyMessages);
}

export async function getThreadMessages(deps: Deps, access: ThreadAccess): Promise<ChatMessage[]> {
  return (await listThreadMessages(deps.db, access.thread.id)).map(toChatMessage);
}

function pickThinkingExpression(assistant: Assistant): string {
  const options = assistant.thinkingExpressions
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (options.length === 0) return MC.progressPreparing;
  return options[Math.floor(Math.random() * options.length)]!;
}

const describeProviderError = (hadText: boolean) => (hadText ? MC.providerInterrupted : MC.providerFailed);

/**
 * The pipeline for one chat answer: store the question, build the context, stream the model,
 * store the answer (also when the client has gone), publish progress. `emit` may fail silently
 * once the client disconnected; the work continues regardless.
 */
export async function answerInThread(
  deps: Deps,
  access: ThreadAccess,
  question: string,
  emit: (event: StreamEvent) => void,
): Promise<void> {
  const { thread, assistant, team } = access;
  // Everything that leaves for the provider is masked; the answer is restored before anyone sees it.
  const privacy = createPrivacyFilter(privacyTermsFor(team, assistant));
  const progress = (status: 'start-ai' | 'request-ai' | 'done-ai' | 'error', msg: string) =>
    deps.realtime?.publishProgress({ threadId: thread.id, status, msg });

  await insertMessage(deps.db, { threadId: thread.id, origin: 'user', type: 'txt', text: question });
  progress('start-ai', pickThinkingExpression(assistant));

  const history = await recentThreadMessages(deps.db, thread.id, HISTORY_MESSAGES);
  const messages: ModelMessage[] = history
    .filter((m) => m.type === 'txt' || m.type === 'mp3')
    .filter((m) => m.text.trim() !== '')
    .map((m) => ({ role: m.origin === 'user' ? 'user' : 'assistant', content: privacy.mask(m.text) }));
  const trimmed = trimHistory(messages, deps.config.ai.historyTokenBudget);

  // Knowledge files join the passages once the knowledge feature exists (retrieval seam).
  const knowledge: { source: string; text: string }[] = [];
  const maskedAssistant = {
    name: privacy.mask(assistant.name),
    role: privacy.mask(assistant.role),
    task: privacy.mask(assistant.task),
    special: privacy.mask(assistant.special),
    style: assistant.style,
    intro: privacy.mask(assistant.intro),
  };
  const maskedKnowledge = knowledge.map((k) => ({ source: privacy.mask(k.source), text: privacy.mask(k.text) }));
  const system = buildSystemPrompt(maskedAssistant, maskedKnowledge);
  const restorer = privacy.createStreamRestorer();

  // The contact form tool: the model (or the offline engine) calls it when someone asks to be contacted.
  let formRequested = false;
  const tools: ToolSet | undefined = assistant.providesForm
    ? {
        [CONTACT_FORM_TOOL]: tool({
          description:
            'Zeigt ein Kontaktformular im Chat an. Nutze es, wenn die Person kontaktiert werden, einen Rückruf, ' +
            'einen Termin oder ein Angebot möchte.',
          inputSchema: z.object({}),
          execute: async () => {
            formRequested = true;
            return 'Das Kontaktformular wird angezeigt.';
          },
        }),
      }
    : undefined;

  let started = false;
  const answer = await streamModelAnswer({
    tools,
    registry: deps.ai,
    system,
    messages: trimmed,
    offline: {
      assistantName: maskedAssistant.name,
      intro: maskedAssistant.intro,
      passages: [...maskedKnowledge, ...assistantPassages(maskedAssistant)],
    },
    onDelta: (delta) => {
      if (!started) {
        started = true;
        progress('request-ai', MC.progressWriting);
      }
      const visible = restorer.push(delta);
      if (visible) emit({ type: 'text', text: visible });
    },
  });
  const tail = restorer.flush();
  if (tail) emit({ type: 'text', text: tail });
  answer.text = privacy.restore(answer.text);
  if (formRequested && answer.text.trim() === '') {
    answer.text = MP.contactFormIntro;
    emit({ type: 'text', text: answer.text });
  }

  if (answer.error) deps.log.warn({ err: answer.error, threadId: thread.id }, 'chat provider failed');
  if (answer.text.trim() === '') {
    const message = describeProviderError(false);
    progress('error', message);
    emit({ type: 'error', error: message });
    return;
  }
  const tokens = answer.inputTokens + answer.outputTokens;
  const saved = await insertMessage(deps.db, {
    threadId: thread.id,
    origin: 'ai',
    type: 'txt',
    text: answer.text,
    responseId: crypto.randomUUID(),
    status: answer.error ? 'partial' : 'complete',
    model: answer.model,
    inputTokens: answer.inputTokens,
    outputTokens: answer.outputTokens,
    cost: deps.ai.offline ? 0 : (tokens / 1000) * deps.config.ai.creditsPer1kTokens,
  });
  if (answer.error) {
    const message = describeProviderError(true);
    progress('error', message);
    emit({ type: 'error', error: message });
    return;
  }
  if (formRequested) {
    const form = await insertMessage(deps.db, { threadId: thread.id, origin: 'ai', type: 'form', text: '' });
    emit({ type: 'form', message_id: form.id });
  }
  progress('done-ai', MC.progressDone);
  emit({ type: 'complete', response_id: saved.responseId!, final_text: saved.text, message_id: saved.id });
}

/** Kept for clients that confirm a streamed answer: the server stored it already, so this only looks it up. */
export async function confirmStreamedAnswer(deps: Deps, access: ThreadAccess, responseId: string) {
  const found = await findMessageByResponseId(deps.db, access.thread.id, responseId);
  if (!found) throw new AppError('NOT_FOUND', MC.threadNotFound);
  return { status: 'success' as const, id: found.id };
}

