import { createAnthropic } from '@ai-sdk/anthropic';
import { createMistral } from '@ai-sdk/mistral';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { EmbeddingModelV4, LanguageModelV4, RerankingModelV4, SpeechModelV4, TranscriptionModelV4 } from '@ai-sdk/provider';
import type { AppConfig } from '../config.ts';
import type { Capabilities } from '../../shared/schemas/chat.ts';
import { DEFAULT_CONTEXT_TOKENS, type AiCapability, type AiProviderKind } from '../../shared/schemas/ai-providers.ts';
import { createOfflineModel } from './offline-engine.ts';
import { createImageProvider, type RawImageProvider } from './image-providers.ts';
import { createRerankModel, DEFAULT_RERANK_URLS } from './rerank-model.ts';

export interface Resolved<M> {
  model: M;
  provider: string;
  modelId: string;
}

/**
 * The raw models per capability. Only the gateway (gateway.ts) may hold this: everything else
 * reaches a provider through the gateway, which puts the privacy gate in front of every call.
 */
export interface RawModels {
  /** True when no provider is configured for chat and the offline engine answers. */
  offline: boolean;
  chat: Resolved<LanguageModelV4>;
  /** The chat model's context window in tokens (its setting's contextTokens). */
  chatContextTokens: number;
  transcription?: Resolved<TranscriptionModelV4>;
  speech?: Resolved<SpeechModelV4>;
  /** Recraft or OpenAI, from AI_IMAGE_* or Insight (docs/ai.md); none: no pictures, never a fake one. */
  image?: RawImageProvider;
  embedding?: Resolved<EmbeddingModelV4>;
  /** Orders retrieval's fused candidates (Cohere/Jina-style /rerank; rerank-model.ts); none: fused order. */
  rerank?: Resolved<RerankingModelV4>;
}

/** One capability's provider: what Insight stores, or what the environment says. */
export interface ProviderSettings {
  provider: AiProviderKind;
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  contextTokens: number;
}

export type CapabilitySettings = Record<AiCapability, ProviderSettings>;

const OFFLINE: ProviderSettings = { provider: 'offline', contextTokens: DEFAULT_CONTEXT_TOKENS };

/** The environment's providers (AI_*), one setting per capability: the default below Insight's. */
export function settingsFromEnvironment(ai: AppConfig['ai']): CapabilitySettings {
  const contextOf = (model: string | undefined) => (model !== undefined && ai.contextWindow.byModel[model]) || ai.contextWindow.default;
  const shared = (model: string | undefined): ProviderSettings =>
    ai.provider === 'offline' || !model
      ? OFFLINE
      : { provider: ai.provider, baseUrl: ai.baseUrl, apiKey: ai.apiKey, model, contextTokens: contextOf(model) };
  const speechLike = (model: string | undefined) => {
    const s = shared(model);
    // Only OpenAI's protocol speaks and transcribes (as before: other providers left these off).
    return s.provider === 'openai' ? s : OFFLINE;
  };
  const embedding = shared(ai.embeddingModel);
  return {
    chat: shared(ai.chatModel),
    speech: speechLike(ai.speechModel),
    transcription: speechLike(ai.transcriptionModel),
    image: ai.image
      ? { provider: ai.image.provider, baseUrl: ai.image.baseUrl, apiKey: ai.image.apiKey, model: ai.image.model, contextTokens: DEFAULT_CONTEXT_TOKENS }
      : OFFLINE,
    embedding: embedding.provider === 'anthropic' ? OFFLINE : embedding,
    rerank: ai.rerank
      ? { provider: ai.rerank.provider, baseUrl: ai.rerank.baseUrl, apiKey: ai.rerank.apiKey, model: ai.rerank.model, contextTokens: DEFAULT_CONTEXT_TOKENS }
      : OFFLINE,
  };
}

/** Resolves one model per capability from configuration (environment: `resolveModels(config.ai)`). */
export function resolveModels(ai: AppConfig['ai'], settings: CapabilitySettings = settingsFromEnvironment(ai)): RawModels {
  const offlineChat: Resolved<LanguageModelV4> = {
    model: createOfflineModel({ wordDelayMs: ai.offlineWordDelayMs }),
    provider: 'offline',
    modelId: 'offline',
  };
  const chat = settings.chat.model ? chatModel(settings.chat) : undefined;
  const image = settings.image;
  return {
    offline: !chat,
    chat: chat ?? offlineChat,
    chatContextTokens: settings.chat.contextTokens,
    transcription: transcriptionModel(settings.transcription),
    speech: speechModel(settings.speech),
    embedding: embeddingModel(settings.embedding),
    image:
      (image.provider === 'openai' || image.provider === 'recraft') && image.model
        ? createImageProvider({
            ...(image.provider === 'recraft'
              ? { provider: 'recraft', baseUrl: (image.baseUrl ?? 'https://external.api.recraft.ai/v1').replace(/\/+$/, '') }
              : { provider: 'openai', baseUrl: image.baseUrl }),
            apiKey: image.apiKey,
            model: image.model,
            size: ai.image?.size ?? '1024x1024',
            timeoutMs: ai.image?.timeoutMs ?? 120_000,
          })
        : undefined,
    rerank: rerankModel(settings.rerank),
  };
}

const openai = (s: ProviderSettings) => createOpenAI({ apiKey: s.apiKey, baseURL: s.baseUrl });
const compatible = (s: ProviderSettings) =>
  createOpenAICompatible({ name: 'openai-compatible', baseURL: s.baseUrl ?? '', ...(s.apiKey ? { apiKey: s.apiKey } : {}) });
const resolved = <M>(s: ProviderSettings, model: M): Resolved<M> => ({ model, provider: s.provider, modelId: s.model! });

function chatModel(s: ProviderSettings): Resolved<LanguageModelV4> | undefined {
  const id = s.model!;
  switch (s.provider) {
    // .chat() speaks chat completions, which OpenAI, Azure's compatible endpoint, Ollama and vLLM all serve.
    case 'openai':
      return resolved(s, openai(s).chat(id));
    case 'openai-compatible':
      return resolved(s, compatible(s).chatModel(id));
    case 'mistral':
      return resolved(s, createMistral({ apiKey: s.apiKey, baseURL: s.baseUrl }).chat(id));
    case 'anthropic':
      return resolved(s, createAnthropic({ apiKey: s.apiKey, baseURL: s.baseUrl }).messages(id));
    default:
      return undefined;
  }
}

// Speech and transcription speak OpenAI's audio protocol; an OpenAI-compatible server (LocalAI,
// speaches, vLLM) is reached with OpenAI's client at its base URL.
function speechModel(s: ProviderSettings): Resolved<SpeechModelV4> | undefined {
  if (!s.model || (s.provider !== 'openai' && s.provider !== 'openai-compatible')) return undefined;
  return resolved(s, openai(s).speech(s.model));
}

function transcriptionModel(s: ProviderSettings): Resolved<TranscriptionModelV4> | undefined {
  if (!s.model || (s.provider !== 'openai' && s.provider !== 'openai-compatible')) return undefined;
  return resolved(s, openai(s).transcription(s.model));
}

function embeddingModel(s: ProviderSettings): Resolved<EmbeddingModelV4> | undefined {
  if (!s.model) return undefined;
  switch (s.provider) {
    case 'openai':
      return resolved(s, openai(s).embedding(s.model));
    case 'openai-compatible':
      return resolved(s, compatible(s).embeddingModel(s.model));
    case 'mistral':
      return resolved(s, createMistral({ apiKey: s.apiKey, baseURL: s.baseUrl }).embedding(s.model));
    default:
      return undefined;
  }
}

function rerankModel(s: ProviderSettings): Resolved<RerankingModelV4> | undefined {
  const baseUrl = s.baseUrl ?? DEFAULT_RERANK_URLS[s.provider];
  if (!s.model || !baseUrl || !(['cohere', 'jina', 'openai-compatible'] as AiProviderKind[]).includes(s.provider)) return undefined;
  return resolved(s, createRerankModel({ provider: s.provider, baseUrl, apiKey: s.apiKey, modelId: s.model }));
}

export function describeCapabilities(models: RawModels): Omit<Capabilities, 'processors'> {
  const describe = (r?: Resolved<unknown>) => ({
    available: Boolean(r),
    provider: r?.provider ?? null,
    model: r?.modelId ?? null,
  });
  return {
    offline: models.offline,
    chat: describe(models.chat),
    transcription: describe(models.transcription),
    // Spoken answers also work offline with the bundled synthesizer (voice issue).
    speech: describe(models.speech),
    image: models.image
      ? { available: true, provider: models.image.provider, model: models.image.modelId }
      : { available: false, provider: null, model: null },
    embedding: describe(models.embedding),
  };
}

export const modelName = (r: Resolved<unknown>) => `${r.provider}:${r.modelId}`;
