import { createAnthropic } from '@ai-sdk/anthropic';
import { createMistral } from '@ai-sdk/mistral';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { EmbeddingModelV4, LanguageModelV4, SpeechModelV4, TranscriptionModelV4 } from '@ai-sdk/provider';
import type { AppConfig } from '../config.ts';
import type { Capabilities } from '../../shared/schemas/chat.ts';
import { createOfflineModel } from './offline-engine.ts';
import { createImageProvider, type RawImageProvider } from './image-providers.ts';

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
  transcription?: Resolved<TranscriptionModelV4>;
  speech?: Resolved<SpeechModelV4>;
  /** Recraft or OpenAI, from AI_IMAGE_* (docs/ai.md); none: no pictures, never a fake one. */
  image?: RawImageProvider;
  embedding?: Resolved<EmbeddingModelV4>;
}

/**
 * Resolves one model per capability from configuration. Without AI_PROVIDER/AI_CHAT_MODEL the
 * offline engine serves chat; capabilities without a model stay unavailable (the client hides them).
 */
export function resolveModels(ai: AppConfig['ai']): RawModels {
  const offlineChat: Resolved<LanguageModelV4> = {
    model: createOfflineModel({ wordDelayMs: ai.offlineWordDelayMs }),
    provider: 'offline',
    modelId: 'offline',
  };
  const models: RawModels = { offline: true, chat: offlineChat, image: createImageProvider(ai.image) };
  if (ai.provider === 'offline') return models;

  const name = ai.provider;
  const pick = <M>(id: string | undefined, make: (id: string) => M): Resolved<M> | undefined =>
    id ? { model: make(id), provider: name, modelId: id } : undefined;

  if (name === 'openai') {
    // .chat() speaks chat completions, which OpenAI, Azure's compatible endpoint, Ollama and vLLM all serve.
    const p = createOpenAI({ apiKey: ai.apiKey, baseURL: ai.baseUrl });
    Object.assign(models, {
      chat: pick(ai.chatModel, (id) => p.chat(id)),
      transcription: pick(ai.transcriptionModel, (id) => p.transcription(id)),
      speech: pick(ai.speechModel, (id) => p.speech(id)),
      embedding: pick(ai.embeddingModel, (id) => p.embedding(id)),
    });
  } else if (name === 'openai-compatible') {
    if (!ai.baseUrl) throw new Error('AI_BASE_URL is required for AI_PROVIDER=openai-compatible');
    const p = createOpenAICompatible({ name: 'openai-compatible', baseURL: ai.baseUrl, apiKey: ai.apiKey });
    Object.assign(models, {
      chat: pick(ai.chatModel, (id) => p.chatModel(id)),
      embedding: pick(ai.embeddingModel, (id) => p.embeddingModel(id)),
    });
  } else if (name === 'mistral') {
    const p = createMistral({ apiKey: ai.apiKey, baseURL: ai.baseUrl });
    Object.assign(models, {
      chat: pick(ai.chatModel, (id) => p.chat(id)),
      embedding: pick(ai.embeddingModel, (id) => p.embedding(id)),
    });
  } else {
    const p = createAnthropic({ apiKey: ai.apiKey, baseURL: ai.baseUrl });
    Object.assign(models, { chat: pick(ai.chatModel, (id) => p.messages(id)) });
  }
  models.chat ??= offlineChat;
  models.offline = models.chat === offlineChat;
  return models;
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
