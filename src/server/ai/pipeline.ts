// One path for every answer (chat in the office and in public, task, later the API):
//
//   caller: access + terms + tools + store ─┐
//   context: profile, retrieved knowledge, history within budget
//   → privacy gate (gateway.chat(gate)) → model stream with tools, bounded steps
//   → restore (inside the gate) → persist as it streams (checkpoints) → progress → usage
//
// The pipeline never imports a feature: what differs per caller comes in as arguments.
import { hasToolCall, isStepCount, streamText, type ModelMessage, type ToolSet } from 'ai';
import type { AiGateway } from './gateway.ts';
import { OFFLINE_PROVIDER_KEY, rankPassages, type OfflineAudience, type OfflineContext, type Passage } from './offline-engine.ts';
import type { PrivacyGate } from './privacy-gate.ts';
import type { AnswerGuard } from './instruction-guard.ts';
import { buildSystemPrompt, trimHistory, type PromptAssistant } from './prompt.ts';
import { ASK_PERSON_FUNCTION, askPersonTool } from './person-request.ts';
import { cannotAnswerTool, unansweredSignal, type UnansweredReason } from './unanswered.ts';

export interface HistoryEntry {
  role: 'user' | 'assistant';
  text: string;
}

export interface AnswerUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface StoredAnswer {
  text: string;
  status: 'complete' | 'partial';
  model: string;
  usage: AnswerUsage;
  /** The structured "could not answer" signal (ai/unanswered.ts); null when it answered. */
  unanswered: UnansweredReason | null;
}

/** Where the answer lives; the caller's feature owns the tables. */
/** The model and tokens of calls whose answer has no text. */
export interface SpentTokens {
  model: string;
  usage: { inputTokens: number; outputTokens: number };
}

export interface AnswerStore {
  /** Stores the question and an empty answer in state "streaming"; returns the answer's id. */
  begin(question: string): Promise<number>;
  /** The text so far and a fresh heartbeat. */
  checkpoint(answerId: number, text: string): Promise<void>;
  /** The final text with its status, model and usage, in one transaction. */
  finish(answerId: number, answer: StoredAnswer): Promise<void>;
  /**
   * No text came: the empty answer goes. `spent` is what the model was asked all the same (it only
   * called tools — the contact form, a file, a person — or failed after a step): it is booked.
   */
  discard(answerId: number, spent: SpentTokens): Promise<void>;
}

export type PipelineProgress = (status: 'start-ai' | 'request-ai', msg: string) => void;

export interface AnswerRequest {
  gateway: AiGateway;
  gate: PrivacyGate;
  profile: PromptAssistant;
  /** Earlier messages, oldest first, real text (the gate masks them on the way out). */
  history: HistoryEntry[];
  question: string;
  /** Knowledge passages for the question (the knowledge feature's retrieval), real text. */
  retrieve?: (question: string) => Promise<Passage[]>;
  tools?: ToolSet;
  /**
   * The structured signals the caller records; each one's tool is offered only when asked for (an
   * offered tool costs prompt tokens on every answer, and a call nobody reads is noise):
   * `cannotAnswer` (ai/unanswered.ts) where the insight records the question, `askForPerson`
   * (ai/person-request.ts) where a real model answers a visitor of a Mika with the live hand-off on.
   */
  signals?: { cannotAnswer?: boolean; askForPerson?: boolean };
  store: AnswerStore;
  /** Restored text as it streams. */
  onText: (delta: string) => void;
  /**
   * Public chats: the instruction guard holds back what it still has to judge; when the answer
   * reproduces the instructions it is stopped, and the refusal replaces it (stored and shown).
   */
  guard?: AnswerGuard | null;
  onProgress?: PipelineProgress;
  /** Who asks: the offline engine's explanation of how a model gets connected depends on it. */
  audience?: OfflineAudience;
  historyTokenBudget: number;
  /** Model steps at most (a tool call and the answer after it are two). */
  maxSteps?: number;
  checkpoint?: CheckpointPolicy;
  signal?: AbortSignal;
  log?: { warn(obj: object, msg: string): void };
}

export interface AnswerOutcome {
  /** The stored answer's id; null when nothing came and nothing was stored. */
  answerId: number | null;
  text: string;
  status: 'complete' | 'partial' | 'failed';
  error?: unknown;
  model: string;
  usage: AnswerUsage;
  toolCalls: string[];
  unanswered: UnansweredReason | null;
  /** The model called the person tool (ai/person-request.ts): the answer stopped there. */
  personRequested: boolean;
}

export interface CheckpointPolicy {
  /** How often the text so far is written while it grows. */
  intervalMs: number;
  /** Written earlier when this many characters arrived since the last write (~200 tokens). */
  chars: number;
  /** Even without new text, the heartbeat is renewed this often. */
  heartbeatMs: number;
}

const DEFAULT_CHECKPOINT: CheckpointPolicy = { intervalMs: 2000, chars: 800, heartbeatMs: 10_000 };
const DEFAULT_MAX_STEPS = 4;

/**
 * Writes the growing answer in bounded batches (one database write costs milliseconds on the
 * embedded engine — never one per delta), serialised so a slow write cannot be overtaken.
 */
function createCheckpointer(
  store: AnswerStore,
  answerId: Promise<number>,
  policy: CheckpointPolicy,
  onError: (err: unknown) => void,
) {
  let text = '';
  let writtenLength = 0;
  let lastWrite = Date.now();
  let chain: Promise<void> = Promise.resolve();
  const write = () => {
    const snapshot = text;
    writtenLength = snapshot.length;
    lastWrite = Date.now();
    chain = chain.then(async () => store.checkpoint(await answerId, snapshot)).catch(onError);
  };
  const timer = setInterval(() => {
    if (text.length !== writtenLength || Date.now() - lastWrite >= policy.heartbeatMs) write();
  }, policy.intervalMs);
  timer.unref();
  return {
    update(next: string) {
      text = next;
      if (text.length - writtenLength >= policy.chars) write();
    },
    async stop() {
      clearInterval(timer);
      await chain;
    },
  };
}

/** What the offline engine answers from: the passages, and the intro when it matches the question. */
function offlineContext(req: AnswerRequest, passages: Passage[]): OfflineContext {
  // The intro joins only when it matches the question (knowledge passages arrive ranked already).
  const intro = { source: `Vorstellung von ${req.profile.name}`, text: req.profile.intro };
  const introPassage = intro.text.trim() && rankPassages(req.question, [intro], 1).length > 0 ? [intro] : [];
  return {
    assistantName: req.profile.name,
    intro: req.profile.intro,
    passages: [...passages, ...introPassage],
    ...(req.audience ? { audience: req.audience } : {}),
  };
}

/**
 * Runs one answer through the pipeline. Never throws for provider failures (see status); throws
 * when the question cannot be stored.
 *
 * The question (with the empty answer) is stored while the provider is already asked: the insert
 * is not on the way to the first token (decision 025). Every write of answer text waits for it,
 * so the question is committed before any of the answer is; if it fails, the model call stops.
 */
export async function runAnswer(req: AnswerRequest): Promise<AnswerOutcome> {
  const chat = req.gateway.chat(req.gate);
  const stop = new AbortController();
  // The question and the answer's row are stored beside the provider call: started once the
  // model's request is under way (the SDK prepares and sends it within the current turn's promise
  // chain), so building that statement does not delay the request.
  const begun = new Promise<void>((resolve) => setImmediate(resolve)).then(() => req.store.begin(req.question));
  begun.catch((err: unknown) => stop.abort(err));
  const signal = req.signal ? AbortSignal.any([req.signal, stop.signal]) : stop.signal;
  const checkpointer = createCheckpointer(req.store, begun, req.checkpoint ?? DEFAULT_CHECKPOINT, (err) =>
    req.log?.warn({ err }, 'answer checkpoint failed'),
  );

  let text = '';
  let error: unknown;
  let guarded = false;
  // The answer reproduces the instructions: the model is stopped, the visitor gets the refusal
  // (after what was shown already; the complete answer and the stored one are the refusal alone).
  const refuse = () => {
    guarded = true;
    const refusal = req.guard!.refusal;
    req.onText(text === '' || /\s$/.test(text) ? refusal : `\n\n${refusal}`);
    text = refusal;
    checkpointer.update(text);
    stop.abort(new Error('instruction guard'));
  };
  const usage: AnswerUsage = { inputTokens: 0, outputTokens: 0 };
  // A stream that breaks never sends its total: completed steps report theirs, the broken step
  // is estimated from what it was sent and what came (about 4 characters per token).
  const steps: AnswerUsage = { inputTokens: 0, outputTokens: 0 };
  let stepText = 0;
  let promptChars = 0;
  let finished = false;
  const toolCalls: string[] = [];
  const unanswered = unansweredSignal(OFFLINE_PROVIDER_KEY);
  let passageCount = 0;
  try {
    const passages = req.retrieve ? await req.retrieve(req.question) : [];
    passageCount = passages.length;
    const system = buildSystemPrompt(req.profile, passages);
    const messages: ModelMessage[] = trimHistory(
      [
        ...req.history.map((h) => ({ role: h.role, content: h.text })),
        { role: 'user', content: req.question },
      ],
      req.historyTokenBudget,
    );
    // The offline engine quotes knowledge and the intro (which every visitor sees anyway), never
    // the role, task or special properties: those are instructions, not content. Only the offline
    // engine reads this context (a real model gets the system prompt): built only for it.
    const offline = chat.offline ? offlineContext(req, passages) : undefined;
    promptChars = system.length + messages.reduce((n, m) => n + (typeof m.content === 'string' ? m.content.length : 0), 0);
    const tools: ToolSet = {
      ...req.tools,
      ...(req.signals?.cannotAnswer ? cannotAnswerTool() : {}),
      ...(req.signals?.askForPerson ? askPersonTool() : {}),
    };
    const maxSteps = isStepCount(req.maxSteps ?? DEFAULT_MAX_STEPS);
    const result = streamText({
      model: chat.model,
      system,
      messages,
      ...(Object.keys(tools).length > 0 ? { tools } : {}),
      // A visitor who wants a person gets the team's answer, not more of the model's.
      stopWhen: req.signals?.askForPerson ? [maxSteps, hasToolCall(ASK_PERSON_FUNCTION)] : maxSteps,
      maxRetries: 1,
      abortSignal: signal,
      ...(offline ? { providerOptions: { [OFFLINE_PROVIDER_KEY]: offline as never } } : {}),
      // Errors arrive as stream parts below; the default handler would only print them again.
      onError: () => undefined,
    });
    const append = (raw: string) => {
      if (guarded) return;
      stepText += raw.length;
      const delta = req.guard ? req.guard.push(raw) : raw;
      if (delta === null) return refuse();
      if (delta === '') return;
      text += delta;
      checkpointer.update(text);
      req.onText(delta);
    };
    for await (const part of result.fullStream) {
      if (guarded) break;
      if (part.type === 'text-delta') {
        if (text === '') req.onProgress?.('request-ai', '');
        append(part.text);
      } else if (part.type === 'start-step') {
        // Text of a step after a tool call starts a new paragraph.
        if (text !== '' && !/\s$/.test(text)) append('\n\n');
      } else if (part.type === 'tool-call') {
        toolCalls.push(part.toolName);
        unanswered.toolCall(part.toolName);
      } else if (part.type === 'error') {
        error = part.error;
      } else if (part.type === 'finish-step') {
        unanswered.finishStep(part.providerMetadata);
        steps.inputTokens += part.usage.inputTokens ?? 0;
        steps.outputTokens += part.usage.outputTokens ?? 0;
        stepText = 0;
      } else if (part.type === 'finish') {
        finished = true;
        usage.inputTokens = part.totalUsage.inputTokens ?? 0;
        usage.outputTokens = part.totalUsage.outputTokens ?? 0;
      }
    }
    if (!guarded && req.guard) {
      const rest = req.guard.flush();
      if (rest === null) refuse();
      else if (rest !== '') {
        text += rest;
        checkpointer.update(text);
        req.onText(rest);
      }
    }
  } catch (err) {
    if (!guarded) error = err;
  }
  if (!finished && !chat.offline) {
    usage.inputTokens = steps.inputTokens + (stepText > 0 || steps.inputTokens === 0 ? Math.ceil(promptChars / 4) : 0);
    usage.outputTokens = steps.outputTokens + Math.ceil(stepText / 4);
  }
  await checkpointer.stop();
  // Without the stored question there is no answer to keep (the caller reports the failure).
  const answerId = await begun;
  const personRequested = req.signals?.askForPerson === true && toolCalls.includes(ASK_PERSON_FUNCTION);

  text = text.trim() === '' ? '' : text;
  if (text === '') {
    await req.store.discard(answerId, { model: chat.name, usage });
    return { answerId: null, text, status: 'failed', error, model: chat.name, usage, toolCalls, unanswered: null, personRequested };
  }
  const status = error ? 'partial' : 'complete';
  const reason = unanswered.reason(passageCount);
  await req.store.finish(answerId, { text, status, model: chat.name, usage, unanswered: reason });
  return { answerId, text, status, error, model: chat.name, usage, toolCalls, unanswered: reason, personRequested };
}

/**
 * Coalesces streamed deltas for the live channel (other tabs and instances following the answer):
 * at most one event per interval, each with the offset where its text starts.
 */
export function createLiveRelay(publish: (offset: number, delta: string) => void, intervalMs = 150) {
  let sent = 0;
  let buffer = '';
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    if (!buffer) return;
    publish(sent, buffer);
    sent += buffer.length;
    buffer = '';
  };
  return {
    push(delta: string) {
      buffer += delta;
      timer ??= setTimeout(flush, intervalMs);
    },
    end() {
      if (timer) clearTimeout(timer);
      flush();
    },
  };
}
