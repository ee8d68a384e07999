// The provider registry: which provider serves which capability. The environment (AI_*) is the
// default; a superadmin's setting in Insight ("KI-Anbieter", table ai_providers) wins for its
// capability (docs/decisions/031-provider-registry.md). Every instance holds the models in memory
// — an answer reads no provider row — and reloads them when the database announces a change on
// `mika_ai` (migration 0023, LISTEN/NOTIFY like the session cache). Keys are sealed at rest and
// never leave this module except towards their provider.
import { embedMany, generateSpeech, generateText, rerank, transcribe } from 'ai';
import { APICallError } from '@ai-sdk/provider';
import {
  AI_DEFAULTS,
  AI_PROCESSOR_DATA,
  hostOf,
  IMAGE_PROCESSOR_DATA,
  RERANK_PROCESSOR_DATA,
  RERANK_PURPOSE,
  type AppConfig,
  type Processor,
} from '../config.ts';
import type { Database } from '../db/client.ts';
import { aiProviders, type AiProviderRow } from '../db/schema/index.ts';
import { AppError } from '../platform/app-error.ts';
import { listenToChannel } from '../platform/channel-listener.ts';
import type { Secrets } from '../platform/secrets.ts';
import { AI_PROVIDER_MESSAGES } from '../../shared/messages.ts';
import {
  AI_CAPABILITIES,
  DEFAULT_CONTEXT_TOKENS,
  PROVIDERS_OF,
  type AiCapability,
  type ProviderSetting,
  type ProviderTestResult,
  type PutProviderParsed,
} from '../../shared/schemas/ai-providers.ts';
import { resolveModels, settingsFromEnvironment, type CapabilitySettings, type ProviderSettings, type RawModels } from './providers.ts';

export const AI_CHANNEL = 'mika_ai';
const TEST_TIMEOUT_MS = 30_000;

export interface ProviderRegistry {
  /** The current models (in memory; swapped on every change). */
  models(): RawModels;
  /** Every capability's effective setting, without keys. */
  list(): ProviderSetting[];
  /** Stores one capability's setting (validated, key sealed) and applies it here at once. */
  save(input: PutProviderParsed, actorId: number): Promise<{ embeddingChanged: boolean }>;
  /** One small real call with the capability's current setting: the answer or the provider's error in German. */
  test(capability: AiCapability): Promise<ProviderTestResult>;
  /**
   * The sub-processors (processing record, GET /api/capabilities): the environment's list while
   * nothing is stored; otherwise the AI providers as set, in front of the other ones (SMTP, …).
   */
  processors(): Processor[];
  /** Reads the stored settings again (a job that must see the newest model). */
  reload(): Promise<void>;
  close(): Promise<void>;
}

interface Options {
  database: Database;
  secrets: Secrets;
  ai: AppConfig['ai'];
  /** config.processors and config.processorsBesideAi. */
  processors: { all: Processor[]; besideAi: Processor[] };
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

interface Loaded {
  settings: CapabilitySettings;
  rows: Map<string, AiProviderRow>;
  models: RawModels;
}

export async function createProviderRegistry({ database, secrets, ai, processors, log }: Options): Promise<ProviderRegistry> {
  const environment = settingsFromEnvironment(ai);
  let state: Loaded = { settings: environment, rows: new Map(), models: resolveModels(ai, environment) };

  const load = async () => {
    const rows = await database.db.select().from(aiProviders);
    const settings = { ...environment };
    const byCapability = new Map<string, AiProviderRow>();
    for (const row of rows) {
      if (!(AI_CAPABILITIES as readonly string[]).includes(row.capability)) continue;
      byCapability.set(row.capability, row);
      settings[row.capability as AiCapability] = settingOf(row);
    }
    state = { settings, rows: byCapability, models: resolveModels(ai, settings) };
  };
  const settingOf = (row: AiProviderRow): ProviderSettings => {
    let apiKey: string | undefined;
    if (row.apiKeySecret) {
      try {
        apiKey = secrets.open(row.apiKeySecret);
      } catch (err) {
        log.warn({ capability: row.capability, err: { message: (err as Error).message } }, 'AI provider key cannot be opened (SECRETS_KEY changed?): the provider is asked without it');
      }
    }
    return {
      provider: row.provider as ProviderSettings['provider'],
      baseUrl: row.baseUrl ?? undefined,
      // A server without keys (a local Ollama) gets an empty one, never the process's OPENAI_API_KEY.
      apiKey: apiKey ?? '',
      model: row.model ?? undefined,
      contextTokens: row.contextTokens,
    };
  };

  // Reloads run one after another; each reads the table anew, so the last one sees every change.
  let chain: Promise<void> = Promise.resolve();
  const reload = () => {
    chain = chain.then(load, load).catch((err: unknown) => log.warn({ err }, 'AI providers could not be reloaded'));
    return chain;
  };
  await load();
  const listener = listenToChannel(database, AI_CHANNEL, {
    onMessage: () => void reload(),
    // The providers read last stay in use meanwhile.
    onLost: () => undefined,
    // A change while nobody listened is read now.
    onListening: reload,
    log,
    meanwhile: 'the AI providers read last stay in use',
  });
  await listener.started;

  return {
    models: () => state.models,
    list() {
      return AI_CAPABILITIES.map((capability) => {
        const s = state.settings[capability];
        const row = state.rows.get(capability);
        return {
          capability,
          provider: s.provider,
          baseUrl: s.baseUrl ?? null,
          model: s.model ?? null,
          contextTokens: s.contextTokens,
          hasKey: Boolean(s.apiKey),
          source: row ? 'stored' : s.provider === 'offline' ? 'default' : 'environment',
          offline: !isServed(state.models, capability),
          updatedAt: row?.updatedAt.toISOString() ?? null,
        } satisfies ProviderSetting;
      });
    },
    async save(input, actorId) {
      const before = state.models.embedding ? `${state.models.embedding.provider}:${state.models.embedding.modelId}` : null;
      const values = validated(input);
      const stored = state.rows.get(input.capability);
      const newKey = input.apiKey?.trim();
      // An omitted key keeps the stored one (the screen never has it); offline keeps none.
      const apiKeySecret =
        values.provider === 'offline' ? null : newKey ? secrets.seal(newKey) : (stored?.apiKeySecret ?? sealedEnvironmentKey(input.capability, values.provider));
      const row = { ...values, apiKeySecret, updatedBy: actorId, updatedAt: new Date() };
      await database.db
        .insert(aiProviders)
        .values({ capability: input.capability, ...row })
        .onConflictDoUpdate({ target: aiProviders.capability, set: row });
      await reload();
      const after = state.models.embedding ? `${state.models.embedding.provider}:${state.models.embedding.modelId}` : null;
      return { embeddingChanged: before !== after };
    },
    processors: () =>
      state.rows.size === 0 ? processors.all.map(({ ai: _ai, ...p }) => p) : [...aiProcessors(state.settings), ...processors.besideAi],
    test: (capability) => testCapability(state.models, state.settings[capability], capability, ai),
    reload,
    close: () => listener.close(),
  };

  /**
   * Switching from the environment's provider to a stored one without typing the key again keeps
   * the environment's key for the same provider (sealed like a typed one).
   */
  function sealedEnvironmentKey(capability: AiCapability, provider: string): string | null {
    if (environment[capability].provider !== provider) return null;
    const key = environment[capability].apiKey;
    return key ? secrets.seal(key) : null;
  }
}

const PURPOSES: Partial<Record<AiCapability, string>> = {
  chat: 'Chat- und Aufgabenantworten',
  transcription: 'Spracherkennung',
  speech: 'Sprachausgabe',
  embedding: 'Suchindex der Wissensdateien',
  image: 'Bilderzeugung',
  rerank: RERANK_PURPOSE,
};
const OFFICIAL_HOSTS: Record<string, string> = { openai: 'api.openai.com', mistral: 'api.mistral.ai', anthropic: 'api.anthropic.com', recraft: 'external.api.recraft.ai' };
const NAMES: Record<string, string> = { recraft: 'Recraft', cohere: 'Cohere', jina: 'Jina AI' };

/** One entry per provider and host that receives data. */
function aiProcessors(settings: CapabilitySettings): Processor[] {
  const groups = new Map<string, { name: string; location: Processor['location']; capabilities: AiCapability[] }>();
  for (const capability of AI_CAPABILITIES) {
    const s = settings[capability];
    if (s.provider === 'offline' || !s.model || !PURPOSES[capability]) continue;
    const host = hostOf(s.baseUrl);
    const own = !host || host === OFFICIAL_HOSTS[s.provider];
    const key = `${s.provider}|${own ? '' : host}`;
    const known = AI_DEFAULTS[s.provider];
    const group = groups.get(key) ?? {
      name: own ? (known?.name ?? NAMES[s.provider] ?? s.provider) : (host ?? s.provider),
      location: own ? (known?.location ?? 'non-eu') : 'unknown',
      capabilities: [],
    };
    group.capabilities.push(capability);
    groups.set(key, group);
  }
  return [...groups.values()].map((g) => {
    const onlyImages = g.capabilities.every((c) => c === 'image');
    // A reranker alone receives questions and knowledge excerpts, never recordings or history.
    const onlyRerank = g.capabilities.every((c) => c === 'rerank');
    return {
      name: g.name,
      purpose: onlyImages ? 'Bilderzeugung' : `KI-Modell: ${g.capabilities.map((c) => PURPOSES[c]).join(', ')}`,
      data: onlyImages ? IMAGE_PROCESSOR_DATA : onlyRerank ? RERANK_PROCESSOR_DATA : AI_PROCESSOR_DATA,
      location: g.location,
    };
  });
}

function isServed(models: RawModels, capability: AiCapability): boolean {
  switch (capability) {
    case 'chat':
      return !models.offline;
    default:
      return Boolean(models[capability]);
  }
}

/** The row's values for one capability, or a German validation error naming the field. */
function validated(input: PutProviderParsed) {
  const invalid = (field: string, message: string) => new AppError('VALIDATION', message, { fields: { [field]: [message] } });
  if (!PROVIDERS_OF[input.capability].includes(input.provider)) throw invalid('provider', AI_PROVIDER_MESSAGES.providerInvalid);
  const contextTokens = input.contextTokens ?? DEFAULT_CONTEXT_TOKENS;
  if (input.provider === 'offline') return { provider: 'offline', baseUrl: null, model: null, contextTokens };
  const model = input.model?.trim();
  if (!model) throw invalid('model', AI_PROVIDER_MESSAGES.modelRequired);
  const baseUrl = input.baseUrl?.trim() || null;
  if (baseUrl) {
    // Trusted configuration (like AI_BASE_URL): http:// and private or loopback addresses are
    // allowed — a local Ollama at http://127.0.0.1:11434/v1 must work. The outbound guard for
    // URLs that users type (MCP, websites) is a different path and stays as it is.
    let url: URL;
    try {
      url = new URL(baseUrl);
    } catch {
      throw invalid('baseUrl', AI_PROVIDER_MESSAGES.baseUrlInvalid);
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) throw invalid('baseUrl', AI_PROVIDER_MESSAGES.baseUrlInvalid);
  } else if (input.provider === 'openai-compatible') {
    throw invalid('baseUrl', AI_PROVIDER_MESSAGES.baseUrlRequired);
  }
  return { provider: input.provider, baseUrl: baseUrl?.replace(/\/+$/, '') ?? null, model, contextTokens };
}

/** A WAV of half a second of silence (16 kHz mono): what the transcription test sends. */
function silentWav(): Uint8Array {
  const samples = 8000;
  const buf = Buffer.alloc(44 + samples * 2);
  buf.write('RIFF', 0);
  buf.writeUInt32LE(36 + samples * 2, 4);
  buf.write('WAVEfmt ', 8);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(16000, 24);
  buf.writeUInt32LE(32000, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36);
  buf.writeUInt32LE(samples * 2, 40);
  return new Uint8Array(buf);
}

/**
 * One small real call. It carries only a fixed test text (no user data), so it is made here,
 * outside the gateway and its privacy gate.
 */
async function testCapability(models: RawModels, s: ProviderSettings, capability: AiCapability, ai: AppConfig['ai']): Promise<ProviderTestResult> {
  const abortSignal = AbortSignal.timeout(TEST_TIMEOUT_MS);
  try {
    switch (capability) {
      case 'chat': {
        if (models.offline) break;
        const result = await generateText({ model: models.chat.model, prompt: 'Antworte nur mit dem Wort OK.', maxOutputTokens: 32, maxRetries: 0, abortSignal });
        return { ok: true, message: AI_PROVIDER_MESSAGES.testChatOk(scrub(result.text.trim().slice(0, 200), s.apiKey)) };
      }
      case 'embedding': {
        if (!models.embedding) break;
        const result = await embedMany({ model: models.embedding.model, values: ['Verbindungstest'], maxRetries: 0, abortSignal });
        return { ok: true, message: AI_PROVIDER_MESSAGES.testEmbeddingOk(result.embeddings[0]?.length ?? 0) };
      }
      case 'speech': {
        if (!models.speech) break;
        const result = await generateSpeech({ model: models.speech.model, text: 'Test', voice: ai.speechVoice, outputFormat: 'mp3', maxRetries: 0, abortSignal });
        return { ok: true, message: AI_PROVIDER_MESSAGES.testSpeechOk(result.audio.uint8Array.byteLength) };
      }
      case 'transcription': {
        if (!models.transcription) break;
        await transcribe({ model: models.transcription.model, audio: silentWav(), maxRetries: 0, abortSignal });
        return { ok: true, message: AI_PROVIDER_MESSAGES.testTranscriptionOk };
      }
      case 'image': {
        if (!models.image) break;
        // Painting costs money: the test asks for what the key may see instead.
        const base = s.baseUrl ?? (s.provider === 'recraft' ? 'https://external.api.recraft.ai/v1' : 'https://api.openai.com/v1');
        const body = await call(`${base}/${s.provider === 'recraft' ? 'users/me' : 'models'}`, { method: 'GET' }, s.apiKey, abortSignal);
        const count = Array.isArray((body as { data?: unknown[] }).data) ? (body as { data: unknown[] }).data.length : 0;
        return { ok: true, message: s.provider === 'recraft' ? AI_PROVIDER_MESSAGES.testOk : AI_PROVIDER_MESSAGES.testModelsOk(count) };
      }
      case 'rerank': {
        if (!models.rerank) break;
        // The same model retrieval uses (rerank-model.ts), so the test speaks its protocol.
        const result = await rerank({ model: models.rerank.model, query: 'Urlaub beantragen', documents: ['Urlaubsantrag stellen', 'Speiseplan der Kantine'], maxRetries: 0, abortSignal });
        if (result.ranking.length === 0) return { ok: false, message: AI_PROVIDER_MESSAGES.testFailed('keine Ergebnisliste in der Antwort') };
        return { ok: true, message: AI_PROVIDER_MESSAGES.testRerankOk };
      }
    }
    return { ok: true, message: AI_PROVIDER_MESSAGES.offlineOk };
  } catch (err) {
    return { ok: false, message: describeProviderError(err, s.apiKey) };
  }
}

class HttpError extends Error {
  readonly statusCode: number;
  readonly responseBody: string;
  constructor(statusCode: number, responseBody: string) {
    super(`HTTP ${statusCode}`);
    this.statusCode = statusCode;
    this.responseBody = responseBody;
  }
}

async function call(url: string, init: RequestInit, apiKey: string | undefined, signal: AbortSignal): Promise<unknown> {
  const res = await fetch(url, {
    ...init,
    signal,
    headers: { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
  });
  const text = await res.text();
  if (!res.ok) throw new HttpError(res.status, text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
}

/** The provider's own words from an error body ({error: {message}}, {message}, {detail}), else the status. */
function providerWords(body: string | undefined, fallback: string): string {
  if (body) {
    try {
      const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown; detail?: unknown };
      const candidate =
        (typeof parsed.error === 'object' ? parsed.error?.message : parsed.error) ?? parsed.message ?? parsed.detail;
      if (typeof candidate === 'string' && candidate.trim()) return candidate.trim();
    } catch {
      if (body.trim() && body.length < 300) return body.trim();
    }
  }
  return fallback;
}

/** The provider's error in German, with the status and its own words — never the key. */
export function describeProviderError(err: unknown, apiKey: string | undefined): string {
  const e = err as { name?: string; cause?: { code?: string; message?: string }; message?: string };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return AI_PROVIDER_MESSAGES.testTimeout;
  let status: number | undefined;
  let body: string | undefined;
  if (APICallError.isInstance(err)) {
    status = err.statusCode;
    body = err.responseBody;
    if (status === undefined) {
      const cause = (err.cause as { code?: string; cause?: { code?: string } } | undefined) ?? {};
      return scrub(AI_PROVIDER_MESSAGES.testUnreachable(cause.code ?? cause.cause?.code ?? err.message), apiKey);
    }
  } else if (err instanceof HttpError) {
    status = err.statusCode;
    body = err.responseBody;
  }
  if (status !== undefined) {
    const detail = scrub(`HTTP ${status} – ${providerWords(body, e.message ?? '')}`.slice(0, 400), apiKey);
    if (status === 401 || status === 403) return AI_PROVIDER_MESSAGES.testRejectedKey(detail);
    if (status === 404) return AI_PROVIDER_MESSAGES.testNotFound(detail);
    return AI_PROVIDER_MESSAGES.testFailed(detail);
  }
  if (e?.cause?.code || /fetch failed|ECONNREFUSED|ENOTFOUND/.test(e?.message ?? '')) {
    return scrub(AI_PROVIDER_MESSAGES.testUnreachable(e.cause?.code ?? e.cause?.message ?? e.message ?? ''), apiKey);
  }
  return scrub(AI_PROVIDER_MESSAGES.testFailed((e?.message ?? String(err)).slice(0, 300)), apiKey);
}

/**
 * Removes the key from a text: the key itself, any part of it of 6 characters or more, and the
 * masked forms providers echo ("sk-proj-****abcd").
 */
export function scrub(text: string, apiKey: string | undefined): string {
  let out = text.replace(/[\w-]*\*{3,}[\w-]*/g, '[Schlüssel verborgen]');
  if (apiKey && apiKey.length >= 4) {
    out = out.split(apiKey).join('[Schlüssel verborgen]');
    out = out.replace(/[\w-]{6,}/g, (word) => (apiKey.includes(word) ? '[Schlüssel verborgen]' : word));
  }
  return out;
}
