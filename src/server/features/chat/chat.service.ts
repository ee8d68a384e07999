import { requireAccess } from '../../platform/access.ts';
import type { ToolSet } from 'ai';
import { createPrivacyGate } from '../../ai/privacy-gate.ts';
import { createInstructionGuard } from '../../ai/instruction-guard.ts';
import { createLiveRelay, runAnswer, type AnswerStore, type HistoryEntry, type SpentTokens } from '../../ai/pipeline.ts';
import { buildToolSet, type ToolEffect } from '../../ai/tools/index.ts';
import type { OfflineAudience } from '../../ai/offline-engine.ts';
import type { Assistant, Team, ThreadRow, ToolSlug } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { randomToken, safeEqual, sha256 } from '../../platform/crypto.ts';
import type { Deps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/session.ts';
import { CONVERSATION_MESSAGES, PUBLIC_CHAT_MESSAGES, ASSET_MESSAGES } from '../../../shared/messages.ts';
import type { ChatMessage, StreamEvent, Thread } from '../../../shared/schemas/chat.ts';
import {
  assertUsable,
  findPublishedAssistant,
  limitStateFrom,
  rightsFor,
  isFreeAssistant,
} from '../assistants/index.ts';
import { privacyTermsFor } from '../../ai/privacy-terms.ts';
import { toActiveTools } from '../tools/index.ts';
import { mcpToolsForAnswer } from '../mcp/index.ts';
import { listOfferableAssets } from '../assets/index.ts';
import { citedSources, retrieveKnowledge } from '../knowledge/index.ts';
import { recordUsage, recordUsageCtes } from '../usage/index.ts';
import { votesOfThread } from '../question-insights/index.ts';
import { askedQuestionCtes, recordsAskedQuestions } from './asked-question.ts';
import { audienceOf, creditsEmpty, heldCredits, markHoldSettled, releaseCredits, reserveCredits, trialEnded, type CreditHold } from '../credits/index.ts';
import { throttleVerdict } from '../../platform/throttle.ts';
import { CREDIT_RESERVE } from '../../../shared/credit-prices.ts';
import {
  answerOpening,
  deleteMessage,
  findAiMessage,
  findMessageByResponseId,
  findThreadDocument,
  findThreadIdByAudio,
  findThread,
  findThreadWithAssistant,
  finishAnswerRow,
  insertMessage,
  insertQuestionAndAnswer,
  insertThread,
  listThreadMessages,
  markFormsSubmitted,
  markStaleAnswers,
  recentThreadMessages,
  saveAnswerCheckpoint,
  setMessageAudio,
  toChatMessage,
} from './chat.repository.ts';
import { visitorTurnHook } from './visitor-turn.ts';

const HISTORY_MESSAGES = 40;

/**
 * A thread for a team member (needs the use right) or, on the public chat page (`publicChat`, or
 * without a session), an anonymous visitor thread of a published assistant.
 */
export async function createThread(
  deps: Deps,
  caller: { auth: AuthContext | null; ip: string },
  input: { assistantUuid: string; public?: boolean },
): Promise<Thread> {
  requireAccess(caller.auth, 'anyone');
  const token = randomToken(24);
  const { auth } = caller;
  if (input.public || !auth) {
    const assistant = await findPublishedAssistant(deps, input.assistantUuid);
    if (!assistant) throw new AppError('NOT_FOUND', CONVERSATION_MESSAGES.threadNotFound);
    // A visitor's new conversations per client IP (the operator's setting, docs/operations.md).
    await deps.throttle.consume(`public-thread:${caller.ip}`, deps.config.publicChat.threadsPerIp, PUBLIC_CHAT_MESSAGES.tooManyMessages);
    const id = await insertThread(deps.db, {
      tokenHash: sha256(token),
      assistantId: assistant.id,
      teamId: assistant.teamId,
      userId: null,
      isPublic: true,
    });
    return { id, token };
  }
  const assistant = await requireAccess(auth, 'assistant.use', input.assistantUuid, deps);
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
  /** The assistant's switched-on tools with their saved settings. */
  tools: { toolSlug: ToolSlug; settings: Record<string, unknown> }[];
  /** Whether the assistant has a ready knowledge file (else retrieval is skipped). */
  hasKnowledge: boolean;
  /** Whether external (MCP) tools are switched on for it (else they are not looked up). */
  hasMcp: boolean;
  /** Who asks (the offline engine tells an operator, an admin and an employee different next steps). */
  audience: OfflineAudience;
  /** A public thread whose Mika offers the live hand-off: on, and who holds it (decision 044). */
  handoff?: { enabled: boolean; heldBy: number | null } | null;
  /** Asked with `answer`: what the answer starts from, read and held with the access check. */
  answer?: AnswerStart;
}

/** An answer's start, from the same statement as its access check (decision 038). */
export interface AnswerStart {
  /** The thread's history before the question. */
  history: HistoryEntry[];
  /** The answer's credit hold (null when nobody pays). */
  hold: CreditHold | null;
}

type ThreadRef = { assistantUuid: string; threadId: number; token?: string | undefined; answer?: { ip: string } | undefined };
type ThreadRowOf = NonNullable<Awaited<ReturnType<typeof findThreadWithAssistant>>>;

/**
 * Every call that touches a thread goes through here: the thread id, its token, the assistant
 * and the caller must all belong together, or the thread does not exist for this caller (404).
 * With `answer` (the send call) the same statement also reads the history, counts a visitor's
 * limits and holds the answer's credits (decision 038): one round trip before the model is asked.
 */
export async function resolveThreadAccess(deps: Deps, auth: AuthContext | null, ref: ThreadRef): Promise<ThreadAccess> {
  if (ref.answer) return openAnswer(deps, auth, ref, ref.answer.ip);
  const row = await findThreadWithAssistant(deps.db, ref.threadId, ref.assistantUuid, auth?.user.id ?? null);
  return checkThreadRow(auth, ref, row);
}

const threadNotFound = () => new AppError('NOT_FOUND', CONVERSATION_MESSAGES.threadNotFound);

function checkThreadRow(auth: AuthContext | null, ref: ThreadRef, row: ThreadRowOf | undefined): ThreadAccess {
  if (!row || !ref.token || !safeEqual(row.thread.tokenHash, sha256(ref.token))) throw threadNotFound();
  const { thread, assistant, tools, hasKnowledge, hasMcp } = row;
  if (thread.isPublic) {
    // A public thread lives only as long as its assistant stays published.
    if (!assistant.isPublic) throw threadNotFound();
    return { thread, assistant, tools, hasKnowledge, hasMcp, team: row.team ?? NEUTRAL_TEAM, audience: 'visitor', handoff: row.handoff };
  }
  // A team thread belongs to one user of that team; the assistant must still be visible to it.
  if (
    !auth ||
    thread.userId !== auth.user.id ||
    (assistant.teamId !== null && assistant.teamId !== auth.team.id) ||
    row.hidden
  ) {
    throw threadNotFound();
  }
  assertUsable(rightsFor(auth, row), limitStateFrom(auth.team, row.ownAssistants));
  const audience = auth.user.isSuperadmin ? 'operator' : auth.user.isAdmin ? 'admin' : 'employee';
  return { thread, assistant, tools, hasKnowledge, hasMcp, team: auth.team, audience };
}

const openAnswerRow = answerOpening({
  historyMessages: HISTORY_MESSAGES,
  holdUnits: CREDIT_RESERVE.answer,
});

/**
 * The send call's access check with the answer's start in the same statement. The statement holds
 * the credits only where the thread matches its token and caller (its predicate); what the rest of
 * the check refuses (rights, plan limits, an ended trial, a visitor limit) gives the hold back.
 * Refusals come in the order of the separate steps: 404/403, then 429, then 402.
 */
async function openAnswer(deps: Deps, auth: AuthContext | null, ref: ThreadRef, ip: string): Promise<ThreadAccess> {
  if (!ref.token) throw threadNotFound();
  const limits = deps.config.publicChat;
  const row = await openAnswerRow(
    deps.db,
    { threadId: ref.threadId, assistantUuid: ref.assistantUuid, userId: auth?.user.id ?? null, tokenHash: sha256(ref.token), ip },
    limits,
  );
  const heldId = row?.holdId ?? null;
  let hold: CreditHold | null = null;
  try {
    const access = checkThreadRow(auth, ref, row);
    const { thread } = access;
    if (thread.isPublic) {
      throttleVerdict(row!.ipHit, limits.messagesPerIp, PUBLIC_CHAT_MESSAGES.tooManyMessages);
      throttleVerdict(row!.assistantHit, limits.messagesPerAssistant, PUBLIC_CHAT_MESSAGES.tooManyMessages);
    }
    const history = toHistory(row!.history);
    // As reserveAnswerCredits: the help Mika costs nothing; a visitor of a team whose trial ended
    // meets the same neutral refusal as on empty credits.
    // A thread a person holds answers without the model: nothing was held, nothing is owed.
    const held = access.handoff?.enabled === true && access.handoff.heldBy !== null;
    if (!isFreeAssistant(access.assistant) && !held) {
      if (thread.isPublic && thread.teamId !== null && trialEnded(access.team)) throw creditsEmpty('public');
      hold = heldCredits({ teamId: thread.teamId, audience: audienceOf(auth, thread.isPublic) }, heldId);
    }
    return { ...access, answer: { history, hold } };
  } finally {
    // Held but refused (or not this answer's hold): the units go back at once.
    if (heldId !== null && hold?.reservationId !== Number(heldId)) {
      await releaseCredits(deps.db, { teamId: row!.thread.teamId!, reservationId: Number(heldId) });
    }
  }
}

/** The answer's start of an access checked with `answer` (the send call). */
export function answerStartOf(access: ThreadAccess): AnswerStart {
  if (!access.answer) throw new Error('the thread access was checked without `answer`');
  return access.answer;
}

/** Default assistants have no team: no team filter applies to their public chats. */
const NEUTRAL_TEAM = { protectionLevel: 0, filter: '' } as Team;

/** Visitor limits for every message of a public thread. */
export async function throttlePublicMessage(deps: Deps, access: ThreadAccess, ip: string) {
  if (!access.thread.isPublic) return;
  await deps.throttle.consume(`public-msg:${ip}`, deps.config.publicChat.messagesPerIp, PUBLIC_CHAT_MESSAGES.tooManyMessages);
  await deps.throttle.consume(
    `public-assistant:${access.assistant.id}`,
    deps.config.publicChat.messagesPerAssistant,
    PUBLIC_CHAT_MESSAGES.tooManyMessages,
  );
}

export async function getThreadMessages(deps: Deps, access: ThreadAccess): Promise<ChatMessage[]> {
  return threadMessagesById(deps, access.thread.id);
}

/** A thread's messages, for a caller that checked its access another way (the office's "Live"). */
export async function threadMessagesById(deps: Deps, threadId: number): Promise<ChatMessage[]> {
  const staleBefore = new Date(Date.now() - deps.config.ai.streamStaleMs);
  const [rows, votes] = await Promise.all([listThreadMessages(deps.db, threadId), votesOfThread(deps.db, threadId)]);
  return rows.map((m) => {
    const message = toChatMessage(m, staleBefore);
    const vote = votes.get(m.id);
    return vote ? { ...message, feedback: vote } : message;
  });
}

/** The privacy terms that apply to a thread's answers (team list + assistant list when on). */
export function privacyGateFor(access: ThreadAccess, opts: { force?: boolean } = {}) {
  return createPrivacyGate(privacyTermsFor(access.team, access.assistant, opts));
}

function pickThinkingExpression(assistant: Assistant): string {
  const options = assistant.thinkingExpressions
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (options.length === 0) return CONVERSATION_MESSAGES.progressPreparing;
  return options[Math.floor(Math.random() * options.length)]!;
}

/** Text messages of the thread, oldest first, as the model's history. */
async function loadHistory(deps: Deps, threadId: number): Promise<HistoryEntry[]> {
  return toHistory(await recentThreadMessages(deps.db, threadId, HISTORY_MESSAGES));
}

/** The thread's recent messages (oldest first) as the model sees them: finished texts only. */
function toHistory(rows: { origin: string; type: string; status: string; text: string }[]): HistoryEntry[] {
  return rows
    .filter((m) => (m.type === 'txt' || m.type === 'mp3') && m.status !== 'streaming' && m.text.trim() !== '')
    .map((m) => ({ role: m.origin === 'user' ? 'user' : 'assistant', text: m.text }));
}

/** The chat's side of the pipeline: answers are messages of the thread, usage booked with them. */
/** `questionSettled`: called once the question's insert succeeded or failed (the hand-off's office then reads the truth). */
function threadAnswerStore(
  deps: Deps,
  access: ThreadAccess,
  hold: CreditHold | null,
  /** The files a complete answer cites (stored with it, in the same statement). */
  sourcesOf: (text: string) => { file: string; location: string }[],
  questionSettled?: () => void,
) {
  const { thread, assistant } = access;
  const usageOf = (messageId: number | null, spent: SpentTokens) => ({
    teamId: thread.teamId,
    assistantId: assistant.id,
    threadId: thread.id,
    messageId,
    capability: 'chat' as const,
    model: spent.model,
    inputTokens: spent.usage.inputTokens,
    outputTokens: spent.usage.outputTokens,
  });
  // The answer's row, and the sources its final statement stored (complete answers only).
  const answer = { id: 0, responseId: '', sources: [] as { file: string; location: string }[] };
  let stored: Promise<number> = new Promise(() => undefined);
  let asked = '';
  const store: AnswerStore = {
    begin: (question) => {
      stored = insertQuestionAndAnswer(deps.db, thread.id, (asked = question)).then((row) => {
        Object.assign(answer, row);
        return row.id;
      });
      if (questionSettled) void stored.then(questionSettled, questionSettled);
      return stored;
    },
    checkpoint: (id, text) => saveAnswerCheckpoint(deps.db, id, text),
    discard: async (id, spent) => {
      if (spent.usage.inputTokens + spent.usage.outputTokens === 0) return deleteMessage(deps.db, id);
      // The model was asked (it only called a tool, or failed after a step): its tokens are booked.
      await deps.db.transaction(async (tx) => {
        await deleteMessage(tx, id);
        await recordUsage(tx, [usageOf(null, spent)], hold, { inTransaction: true, free: isFreeAssistant(assistant) });
      });
      markHoldSettled(hold);
    },
    finish: async (id, final) => {
      if (final.status === 'complete') answer.sources = sourcesOf(final.text);
      // The final answer, its sources, its usage and the credit settlement: one statement (decision 038).
      await finishAnswerRow(
        deps.db,
        id,
        {
          text: final.text,
          status: final.status,
          model: final.model,
          inputTokens: final.usage.inputTokens,
          outputTokens: final.usage.outputTokens,
          ...(answer.sources.length > 0 ? { sources: answer.sources } : {}),
        },
        recordUsageCtes(deps.db, [usageOf(id, final)], hold, { free: isFreeAssistant(assistant) }).concat(
          askedQuestionCtes(deps.db, access, { messageId: id, question: asked, unanswered: final.unanswered }),
        ),
      );
      markHoldSettled(hold);
    },
  };
  /** The answer's id once its row exists (the live channel names it). */
  return { store, answer, answerId: () => stored };
}

/**
 * Holds the credits of one answer before anything is asked (docs/credits.md): the thread's team
 * pays, a default assistant's public chat (no team) is free. Refuses with 402 when they are
 * empty — in words for the signed-in admin or member, neutral for a public visitor.
 */
export async function reserveAnswerCredits(deps: Deps, access: ThreadAccess, auth: AuthContext | null): Promise<CreditHold | null> {
  const { thread } = access;
  // The help Mika costs nothing: no hold, nothing charged when the answer is stored.
  if (isFreeAssistant(access.assistant)) return null;
  // A visitor of a team whose trial ended meets the same neutral refusal as on empty credits.
  if (thread.isPublic && thread.teamId !== null && trialEnded(access.team)) throw creditsEmpty('public');
  return reserveCredits(
    deps.db,
    { teamId: thread.teamId, audience: audienceOf(auth, thread.isPublic) },
    access.assistant.type === 'task' ? 'task' : 'chat',
    CREDIT_RESERVE.answer,
  );
}

/** What another feature answering in a thread (the task view) adds to a chat answer. */
export interface AnswerExtras {
  /**
   * The answer's credit hold from reserveAnswerCredits (taken before the response started); it is
   * settled with the stored answer or released when nothing was stored.
   */
  hold: CreditHold | null;
  /**
   * Tools of the calling feature for this answer only (e.g. the task documents' tool). They run
   * behind the same privacy gate and ask for documents through `effects` like the built-in ones.
   */
  tools?: (ctx: { effects: ToolEffect[]; progress: (msg: string) => void }) => ToolSet;
  /** The thread's history when the caller started loading it early (startHistory). */
  history?: Promise<HistoryEntry[]>;
}

/**
 * One chat answer through the pipeline: the question and the growing answer are stored as they
 * stream (also when the client has gone), progress and the text go to the thread's live room.
 * `emit` may fail silently once the client disconnected; the work continues regardless.
 */
export async function answerInThread(
  deps: Deps,
  access: ThreadAccess,
  question: string,
  emit: (event: StreamEvent) => void,
  extras: AnswerExtras,
): Promise<void> {
  try {
    await answerWithHold(deps, access, question, emit, extras);
  } finally {
    // Settled with the answer already, unless nothing was stored or something failed: then
    // the hold goes back (a no-op after a settlement).
    await releaseCredits(deps.db, extras.hold);
  }
}

async function answerWithHold(
  deps: Deps,
  access: ThreadAccess,
  question: string,
  emit: (event: StreamEvent) => void,
  extras: AnswerExtras,
): Promise<void> {
  const { thread, assistant } = access;
  // Live hand-off: a held thread or a visitor asking for a person is not the Mika's turn.
  const turn = access.handoff?.enabled ? visitorTurnHook() : undefined;
  // The office sees the accepted message at once (before the insert; decision 046).
  turn?.accepted(deps, access, question);
  if (turn && (await turn.take(deps, access, question, emit))) return;
  const progress = (status: 'start-ai' | 'request-ai' | 'done-ai' | 'error', msg: string) =>
    deps.realtime?.publishProgress({ threadId: thread.id, status, msg });
  progress('start-ai', pickThinkingExpression(assistant));

  const [history, passages] = await Promise.all([
    extras.history ?? loadHistory(deps, thread.id),
    // The question reaches an embedding model (when vectors are on) only masked.
    access.hasKnowledge
      ? retrieveKnowledge(deps, assistant.id, question, {
          gate: privacyGateFor(access, { force: true }),
          payer: { teamId: thread.teamId, threadId: thread.id, free: isFreeAssistant(assistant) },
        })
      : [],
  ]);
  const activeTools = toActiveTools(access.tools);
  const effects: ToolEffect[] = [];
  const tools = buildToolSet(activeTools, {
    teamId: thread.teamId,
    assistantId: assistant.id,
    assistantName: assistant.name,
    threadId: thread.id,
    effects,
    offerableFiles: () => listOfferableAssets(deps, assistant.id),
    progress: (msg) => progress('request-ai', msg),
    mailer: deps.mailer,
    throttle: deps.throttle,
  });
  // External tools (MCP) switched on for the assistant join the built-in ones.
  const external =
    thread.teamId === null || !access.hasMcp
      ? undefined
      : await mcpToolsForAnswer(deps, {
          teamId: thread.teamId,
          assistantId: assistant.id,
          threadId: thread.id,
          progress: (msg) => progress('request-ai', msg),
        });
  const own = extras.tools?.({ effects, progress: (msg) => progress('request-ai', msg) });
  const allTools = external || own ? { ...tools, ...external?.tools, ...own } : tools;
  // With the hand-off on, the office hears again once the question is stored (or could not be).
  // Sources are listed in the office chat; a public visitor does not see the team's file names.
  const sourcesOf = (text: string) => (thread.isPublic ? [] : citedSources(passages, text));
  const { store, answer, answerId } = threadAnswerStore(deps, access, extras.hold, sourcesOf, turn && (() => turn.stored(deps, access)));
  // Deltas may come before the answer's row exists (it is stored while the model is asked): the
  // live channel names the row, so its events wait for it, in order.
  const live = createLiveRelay((offset, delta) => {
    if (!deps.realtime) return;
    void answerId().then(
      (messageId) => deps.realtime?.publishAnswer({ threadId: thread.id, messageId, offset, delta, done: false }),
      () => undefined,
    );
  });
  const outcome = await runAnswer({
    gateway: deps.ai,
    // A passage of a data-protection file brings the team's and assistant's lists into force.
    gate: privacyGateFor(access, { force: passages.some((p) => p.filtered) }),
    profile: assistant,
    history,
    question,
    retrieve: async () => passages,
    tools: allTools,
    // A Mika with the hand-off on: a real model signals a visitor's wish for a person by its tool
    // (offline, the hook's phrase list took that turn already).
    signals: { cannotAnswer: recordsAskedQuestions(access), askForPerson: turn !== undefined && !deps.ai.offline },
    store,
    // Public chat and embed: an answer that reproduces the instructions is stopped and refused
    // (docs/public-chat.md); the office chat streams unguarded.
    guard: thread.isPublic ? createInstructionGuard([assistant.role, assistant.task, assistant.special]) : null,
    onText: (delta) => {
      emit({ type: 'text', text: delta });
      live.push(delta);
    },
    onProgress: (status) => progress(status, CONVERSATION_MESSAGES.progressWriting),
    audience: access.audience,
    historyTokenBudget: deps.config.ai.historyTokenBudget,
    maxSteps: deps.config.ai.maxSteps,
    checkpoint: deps.config.ai.checkpoint,
    log: deps.log,
  });
  live.end();
  await external?.close();
  deps.realtime?.publishAnswer({
    threadId: thread.id,
    messageId: answer.id,
    offset: outcome.text.length,
    delta: '',
    done: true,
  });

  if (outcome.error) deps.log.warn({ err: outcome.error, threadId: thread.id }, 'chat provider failed');
  if (turn && outcome.personRequested) {
    // The visitor wants a person (the model's tool): what the model wrote before stays its
    // answer; the request runs as for the button (waiting, or unavailable with the contact form).
    const last = await turn.requested(deps, access);
    emit({ type: 'held', message_id: last ?? outcome.answerId ?? 0 });
    return;
  }
  const formRequested = effects.some((e) => e.type === 'show-form');
  const documents = effects.flatMap((e) => (e.type === 'document' ? [e] : []));
  if (outcome.status === 'failed' && !formRequested && documents.length === 0) {
    progress('error', CONVERSATION_MESSAGES.providerFailed);
    emit({ type: 'error', error: CONVERSATION_MESSAGES.providerFailed });
    return;
  }
  let saved =
    outcome.answerId === null
      ? null
      : { id: outcome.answerId, text: outcome.text, responseId: answer.responseId };
  if (!saved) {
    // The model only called a tool (contact form, a file): a short line introduces what follows.
    const intro = formRequested ? PUBLIC_CHAT_MESSAGES.contactFormIntro : ASSET_MESSAGES.documentIntro;
    const row = await insertMessage(deps.db, {
      threadId: thread.id,
      origin: 'ai',
      type: 'txt',
      text: intro,
      responseId: crypto.randomUUID(),
    });
    emit({ type: 'text', text: intro });
    saved = { id: row.id, text: row.text, responseId: row.responseId! };
  }
  if (outcome.status === 'partial') {
    progress('error', CONVERSATION_MESSAGES.providerInterrupted);
    emit({ type: 'error', error: CONVERSATION_MESSAGES.providerInterrupted });
    return;
  }
  // Handed-out files follow the answer as document messages (docs/product/chat-and-voice.md: type doc, document = file name).
  for (const doc of documents) {
    const row = await insertMessage(deps.db, {
      threadId: thread.id,
      origin: 'ai',
      type: 'doc',
      text: '',
      document: doc.name,
      documentSource: doc.source,
    });
    emit({ type: 'document', message_id: row.id, document: doc.name });
  }
  if (formRequested) {
    const form = await insertMessage(deps.db, { threadId: thread.id, origin: 'ai', type: 'form', text: '' });
    emit({ type: 'form', message_id: form.id });
  }
  // Stored with the answer by its final statement (threadAnswerStore); the same list goes to the browser.
  const { sources } = answer;
  progress('done-ai', CONVERSATION_MESSAGES.progressDone);
  emit({
    type: 'complete',
    response_id: saved.responseId,
    final_text: saved.text,
    message_id: saved.id,
    ...(sources.length > 0 ? { sources } : {}),
  });
}

/**
 * Answers left "streaming" by a process that stopped become "partial". On the embedded database
 * (one process) that is every streaming answer at start; on PostgreSQL only those whose
 * heartbeat is older than the stale limit, so answers of other live instances are left alone.
 */
export async function recoverInterruptedAnswers(deps: Deps, opts: { all: boolean }): Promise<number> {
  const before = opts.all ? null : new Date(Date.now() - deps.config.ai.streamStaleMs);
  const count = await markStaleAnswers(deps.db, before);
  if (count > 0) deps.log.info({ count }, 'interrupted answers marked as partial');
  return count;
}

/** An answer of the thread (for speaking it); another thread's message does not exist here. */
export async function findThreadAnswer(deps: Deps, access: ThreadAccess, messageId: number) {
  return findAiMessage(deps.db, access.thread.id, messageId);
}

export async function attachAnswerAudio(deps: Deps, messageId: number, file: string): Promise<void> {
  await setMessageAudio(deps.db, messageId, file);
}

/** The thread a stored answer audio belongs to (its access is checked by the caller). */
export async function threadOfAnswerAudio(deps: Deps, file: string): Promise<number | undefined> {
  return findThreadIdByAudio(deps.db, file);
}

/**
 * GET/HEAD /document/{assistantUuid}/{file}?token=: the document message of the token's thread
 * named `file`, after the same access check as every thread call. Returns the assistant and the
 * message's document source (`{kind}:{ref}`) for the documents feature to serve.
 */
export async function findThreadDocumentSource(
  deps: Deps,
  auth: AuthContext | null,
  ref: { assistantUuid: string; file: string; token: string },
): Promise<{ assistant: Assistant; source: string } | undefined> {
  requireAccess(auth, 'anyone');
  const found = await findThreadDocument(deps.db, ref.file, sha256(ref.token));
  if (!found?.source) return undefined;
  const access = await requireAccess(auth, 'thread', { assistantUuid: ref.assistantUuid, threadId: found.threadId, token: ref.token }, deps);
  return { assistant: access.assistant, source: found.source };
}

/** A thread by id (its token is not checked: for callers that hold a checked reference to it). */
export async function findThreadById(deps: Deps, threadId: number): Promise<ThreadRow | undefined> {
  return findThread(deps.db, threadId);
}

/** The contact form in a thread was sent (the forms feature calls this after storing it). */
export async function markThreadFormsSubmitted(deps: Deps, threadId: number): Promise<void> {
  await markFormsSubmitted(deps.db, threadId, PUBLIC_CHAT_MESSAGES.formSent);
}

/**
 * Messages another feature adds to a thread whose access it checked (the live hand-off: a visitor's
 * message while a person holds the thread, a staff message, the Mika's note), in order.
 */
export async function appendThreadMessage(
  deps: Deps,
  threadId: number,
  message: { origin: 'user' | 'ai' | 'staff'; text: string; type?: 'txt' | 'form'; authorName?: string },
): Promise<ChatMessage> {
  const row = await insertMessage(deps.db, { threadId, origin: message.origin, type: message.type ?? 'txt', text: message.text, authorName: message.authorName ?? null });
  return toChatMessage(row);
}

/** Kept for clients that confirm a streamed answer: the server stored it already, so this only looks it up. */
export async function confirmStreamedAnswer(deps: Deps, access: ThreadAccess, responseId: string) {
  const found = await findMessageByResponseId(deps.db, access.thread.id, responseId);
  if (!found) throw new AppError('NOT_FOUND', CONVERSATION_MESSAGES.threadNotFound);
  return { status: 'success' as const, id: found.id };
}
