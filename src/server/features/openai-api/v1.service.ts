import { randomUUID } from 'node:crypto';
import type { ToolSet } from 'ai';
import { runAnswer, type AnswerStore, type HistoryEntry, type SpentTokens } from '../../ai/pipeline.ts';
import { createPrivacyGate } from '../../ai/privacy-gate.ts';
import { buildToolSet } from '../../ai/tools/index.ts';
import type { ApiKeyRow, Assistant, Team } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Deps } from '../../platform/deps.ts';
import { assistantsInKeyScope, findKeyBySecret, hasApiAccess, KEY_PREFIX, markKeyUsed } from '../api-keys/index.ts';
import { privacyTermsFor } from '../../ai/privacy-terms.ts';
import { retrieveKnowledgeIfAny } from '../knowledge/index.ts';
import { mcpToolsForAnswer } from '../mcp/index.ts';
import { activeToolsOf } from '../tools/index.ts';
import { recordUsage } from '../usage/index.ts';
import { releaseCredits, reserveCredits, type CreditHold } from '../credits/index.ts';
import { CREDIT_RESERVE } from '../../../shared/credit-prices.ts';
import { COMMON_MESSAGES } from '../../../shared/messages.ts';
import { estimateInputTokens } from './context-window.ts';

// The OpenAI-compatible surface (/v1): every Mika in a key's scope is a model. Errors follow
// OpenAI's shape and language ({error: {message, type, code}}), as that ecosystem expects.

export class OpenAIError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string | null;
  readonly param: string | null;
  constructor(status: number, message: string, type: string, code: string | null = null, param: string | null = null) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = code;
    this.param = param;
  }
}

/** OpenAI's error body. */
export const openAIErrorBody = (e: OpenAIError) => ({ error: { message: e.message, type: e.type, param: e.param, code: e.code } });

/** What OpenAI answers for a path or method it does not have. */
export const unknownRoute = (method: string, url: string) =>
  new OpenAIError(404, `Invalid URL (${method} ${url.split('?')[0]!.slice(0, 200)})`, 'invalid_request_error', 'unknown_url');

const unauthorized = () =>
  new OpenAIError(401, 'Incorrect API key provided. Create a key in the API area of Mika.', 'invalid_request_error', 'invalid_api_key');

export interface KeyContext {
  key: ApiKeyRow;
  team: Team;
}

/** Authorization: Bearer mika_… — a live, unexpired key of a team whose plan includes API access. */
export async function authenticate(deps: Deps, authorization: string | undefined, ip: string): Promise<KeyContext> {
  const secret = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  if (!secret?.startsWith(KEY_PREFIX) || secret.length > 200) {
    // Guessing keys is throttled per address like sign-ins.
    await throttleGuess(deps, ip);
    throw unauthorized();
  }
  const found = await findKeyBySecret(deps, secret);
  if (!found || found.key.revokedAt || (found.key.expiresAt && found.key.expiresAt <= new Date()) || found.team.deletedAt) {
    await throttleGuess(deps, ip);
    throw unauthorized();
  }
  if (!hasApiAccess(found.team)) {
    throw new OpenAIError(403, 'API access is not included in this team’s plan (Agency). / API-Zugang gibt es mit dem Tarif Agency.', 'permission_error', 'plan_without_api');
  }
  try {
    await deps.throttle.consume(`v1:team:${found.team.id}`, { limit: 120, windowMs: 60_000 });
  } catch {
    throw new OpenAIError(429, 'Rate limit reached for this team: at most 120 requests per minute.', 'rate_limit_error', 'rate_limit_exceeded');
  }
  await markKeyUsed(deps, found.key.id);
  return found;
}

async function throttleGuess(deps: Deps, ip: string) {
  try {
    await deps.throttle.consume(`v1:badkey:${ip}`, { limit: 30, windowMs: 60_000 });
  } catch {
    throw new OpenAIError(429, 'Too many requests with invalid API keys from this address.', 'rate_limit_error', 'rate_limit_exceeded');
  }
}

const modelOf = (a: Assistant) => ({
  id: a.uuid,
  object: 'model' as const,
  created: Math.floor(a.createdAt.getTime() / 1000),
  owned_by: a.teamId === null ? 'mika' : 'team',
  name: a.name,
});

const modelNotFound = (model: string) =>
  new OpenAIError(404, `The model '${model.slice(0, 100)}' does not exist or this key may not use it.`, 'invalid_request_error', 'model_not_found', 'model');

/** GET /v1/models: the Mikas in the key's scope (id = the Mika's uuid). */
export async function listModels(deps: Deps, ctx: KeyContext) {
  const rows = await assistantsInKeyScope(deps, ctx.key);
  return { object: 'list' as const, data: rows.map(modelOf) };
}

/** GET /v1/models/{model} (models.retrieve): one Mika in the key's scope, else model_not_found. */
export async function retrieveModel(deps: Deps, ctx: KeyContext, model: string) {
  const found = (await assistantsInKeyScope(deps, ctx.key)).find((a) => a.uuid === model);
  if (!found) throw modelNotFound(model);
  return modelOf(found);
}

type ContentPart = { type: string; text?: string };
export interface ChatMessageIn {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
  content?: string | ContentPart[] | null;
}

const textOf = (content: ChatMessageIn['content']) =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content
          .filter((p) => p.type === 'text' && typeof p.text === 'string')
          .map((p) => p.text)
          .join('\n')
      : '';

export interface Completion {
  id: string;
  created: number;
  model: string;
  text: string;
  status: 'complete' | 'partial' | 'failed';
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

export interface PreparedChat {
  assistant: Assistant;
  question: string;
  history: HistoryEntry[];
  /** The answer's credits, held before the stream starts (settled with the usage, or released). */
  hold: CreditHold | null;
}

/** Checks the request before anything is answered (so a stream never starts for a bad request). */
export async function prepareChat(deps: Deps, ctx: KeyContext, body: { model: string; messages: ChatMessageIn[] }): Promise<PreparedChat> {
  const assistant = (await assistantsInKeyScope(deps, ctx.key)).find((a) => a.uuid === body.model);
  if (!assistant) throw modelNotFound(body.model);
  const turns = body.messages.filter((m) => m.role === 'user' || m.role === 'assistant');
  const last = turns.at(-1);
  const question = last?.role === 'user' ? textOf(last.content).trim() : '';
  if (!question) throw new OpenAIError(400, 'The last message must be a user message with text.', 'invalid_request_error', 'invalid_messages');
  const history: HistoryEntry[] = turns
    .slice(0, -1)
    .map((m) => ({ role: m.role as 'user' | 'assistant', text: textOf(m.content) }))
    .filter((m) => m.text.trim() !== '');
  assertFitsContext(deps, assistant, question, history);
  // The last check before an answer: empty credits refuse here, before any provider is asked.
  const hold = await reserveCredits(deps.db, { teamId: ctx.team.id, audience: 'api' }, assistant.type === 'task' ? 'task' : 'chat', CREDIT_RESERVE.answer).catch(
    (err: unknown) => {
      throw toOpenAIError(err) ?? err;
    },
  );
  return { assistant, question, history, hold };
}

/**
 * Input the model cannot take is refused before anything else happens (no credits held, no
 * provider asked): the Mika's instructions, the history as far as it is sent (cut to
 * AI_HISTORY_TOKEN_BUDGET) and the last message, estimated generously, against the chat model's
 * context window: its provider setting's contextTokens (Insight "KI-Anbieter"), by default
 * AI_CONTEXT_WINDOW, per model AI_CONTEXT_WINDOWS (docs/api.md).
 */
function assertFitsContext(deps: Deps, assistant: Assistant, question: string, history: HistoryEntry[]) {
  const window = deps.ai.chatContextTokens;
  const instructions = estimateInputTokens([assistant.name, assistant.role, assistant.task, assistant.special, assistant.intro].join('\n'));
  const past = history.reduce((sum, m) => sum + estimateInputTokens(m.text), 0);
  const tokens = instructions + Math.min(past, deps.config.ai.historyTokenBudget) + estimateInputTokens(question);
  if (tokens > window) {
    throw new OpenAIError(
      400,
      `This model's maximum context length is ${window} tokens. However, your messages resulted in about ${tokens} tokens. Please reduce the length of the messages.`,
      'invalid_request_error',
      'context_length_exceeded',
      'messages',
    );
  }
}

/**
 * One answer as the Mika, stateless: history from the request's messages (system messages of the
 * caller are ignored — the Mika's own role and rules apply), knowledge, privacy filter, its
 * e-mail and MCP tools (tools that need a conversation are not offered), usage booked per key.
 */
export async function completeChat(
  deps: Deps,
  ctx: KeyContext,
  { assistant, question, history, hold }: PreparedChat,
  onText: (delta: string) => void,
  signal?: AbortSignal,
): Promise<Completion> {
  const passages = await retrieveKnowledgeIfAny(deps, assistant.id, question, {
    gate: createPrivacyGate(privacyTermsFor(ctx.team, assistant, { force: true })),
    payer: { teamId: ctx.team.id, apiKeyId: ctx.key.id },
  });
  const gate = createPrivacyGate(privacyTermsFor(ctx.team, assistant, { force: passages.some((p) => p.filtered) }));
  const tools = await toolsFor(deps, ctx, assistant);
  let usage = { inputTokens: 0, outputTokens: 0 };
  const book = async (spent: SpentTokens) => {
    usage = spent.usage;
    await recordUsage(deps.db, [
      {
        teamId: ctx.team.id,
        assistantId: assistant.id,
        apiKeyId: ctx.key.id,
        capability: assistant.type === 'task' ? 'task' : 'chat',
        model: spent.model,
        inputTokens: spent.usage.inputTokens,
        outputTokens: spent.usage.outputTokens,
      },
    ], hold);
  };
  const store: AnswerStore = {
    begin: async () => 1,
    checkpoint: async () => undefined,
    finish: (_id, answer) => book(answer),
    // No text (the model only called tools, or failed after a step): what it was asked is booked.
    discard: (_id, spent) => (spent.usage.inputTokens + spent.usage.outputTokens > 0 ? book(spent) : Promise.resolve()),
  };
  try {
    const outcome = await runAnswer({
      gateway: deps.ai,
      gate,
      profile: assistant,
      history,
      question,
      retrieve: async () => passages,
      tools: tools.set,
      store,
      onText,
      historyTokenBudget: deps.config.ai.historyTokenBudget,
      maxSteps: deps.config.ai.maxSteps,
      ...(signal ? { signal } : {}),
      log: deps.log,
    });
    if (outcome.error) deps.log.warn({ err: outcome.error, apiKey: ctx.key.uuid }, 'api completion: provider failed');
    return {
      id: `chatcmpl-${randomUUID().replace(/-/g, '')}`,
      created: Math.floor(Date.now() / 1000),
      model: assistant.uuid,
      text: outcome.text,
      status: outcome.status,
      usage: { prompt_tokens: usage.inputTokens, completion_tokens: usage.outputTokens, total_tokens: usage.inputTokens + usage.outputTokens },
    };
  } finally {
    await releaseCredits(deps.db, hold);
    await tools.close();
  }
}

async function toolsFor(deps: Deps, ctx: KeyContext, assistant: Assistant): Promise<{ set?: ToolSet; close(): Promise<void> }> {
  const builtIn = buildToolSet(await activeToolsOf(deps, assistant.id), {
    teamId: ctx.team.id,
    assistantId: assistant.id,
    assistantName: assistant.name,
    threadId: null,
    effects: [],
    progress: () => undefined,
    mailer: deps.mailer,
    throttle: deps.throttle,
  });
  const external = await mcpToolsForAnswer(deps, { teamId: ctx.team.id, assistantId: assistant.id, threadId: null, progress: () => undefined });
  const set = external ? { ...builtIn, ...external.tools } : builtIn;
  return { set, close: async () => external?.close() };
}

/** AppErrors of shared services (e.g. a tool's throttle) in OpenAI's shape. */
export function toOpenAIError(err: unknown): OpenAIError | undefined {
  if (err instanceof OpenAIError) return err;
  if (err instanceof AppError && err.code === 'CREDITS_EMPTY') {
    return new OpenAIError(402, err.userMessage, 'insufficient_quota', 'insufficient_quota');
  }
  // A shared guard's refusal (e.g. NUL in a field): OpenAI answers a malformed request with 400 in English.
  if (err instanceof AppError && err.code === 'VALIDATION') {
    const field = Object.keys(err.fields ?? {})[0];
    const where = field ? ` at /${field.replaceAll('.', '/')}` : '';
    const what = err.userMessage === COMMON_MESSAGES.invalidCharacters ? 'contains a character that is not allowed (NUL or a lone surrogate).' : 'invalid value.';
    return new OpenAIError(400, `Invalid request${where}: ${what}`, 'invalid_request_error', 'invalid_request');
  }
  if (err instanceof AppError) {
    const type = err.status === 429 ? 'rate_limit_error' : err.status >= 500 ? 'api_error' : 'invalid_request_error';
    return new OpenAIError(err.status, err.userMessage, type, null);
  }
  return undefined;
}
