import { z } from '../zod.ts';
import { COMMON_MESSAGES, AI_PROVIDER_MESSAGES } from '../messages.ts';

// The AI providers per capability, set up by superadmins in Insight ("KI-Anbieter"; docs/ai.md).

export const AI_CAPABILITIES = ['chat', 'speech', 'transcription', 'image', 'embedding', 'rerank'] as const;
export type AiCapability = (typeof AI_CAPABILITIES)[number];

export const AI_PROVIDER_KINDS = ['offline', 'openai', 'openai-compatible', 'mistral', 'anthropic', 'recraft', 'cohere', 'jina'] as const;
export type AiProviderKind = (typeof AI_PROVIDER_KINDS)[number];

/** Which providers can serve which capability ('offline': the bundled engine, or nothing). */
export const PROVIDERS_OF: Record<AiCapability, readonly AiProviderKind[]> = {
  chat: ['offline', 'openai', 'openai-compatible', 'mistral', 'anthropic'],
  speech: ['offline', 'openai', 'openai-compatible'],
  transcription: ['offline', 'openai', 'openai-compatible'],
  image: ['offline', 'openai', 'recraft'],
  embedding: ['offline', 'openai', 'openai-compatible', 'mistral'],
  rerank: ['offline', 'cohere', 'jina', 'openai-compatible'],
};

export const DEFAULT_CONTEXT_TOKENS = 128_000;

/** PUT /api/insight/providers: one capability; `apiKey` omitted (or empty) keeps the stored key. */
export const ZPutProvider = z.object({
  capability: z.enum(AI_CAPABILITIES, { error: COMMON_MESSAGES.invalidInput }),
  provider: z.enum(AI_PROVIDER_KINDS, { error: AI_PROVIDER_MESSAGES.providerInvalid }),
  baseUrl: z.string().trim().max(2000, AI_PROVIDER_MESSAGES.baseUrlInvalid).nullish(),
  apiKey: z.string().max(4000, COMMON_MESSAGES.invalidInput).nullish(),
  model: z.string().trim().max(200, COMMON_MESSAGES.invalidInput).nullish(),
  contextTokens: z.coerce
    .number({ error: AI_PROVIDER_MESSAGES.contextInvalid })
    .int(AI_PROVIDER_MESSAGES.contextInvalid)
    .min(1000, AI_PROVIDER_MESSAGES.contextInvalid)
    .max(10_000_000, AI_PROVIDER_MESSAGES.contextInvalid)
    .optional(),
});
export type PutProvider = z.input<typeof ZPutProvider>;
export type PutProviderParsed = z.infer<typeof ZPutProvider>;

export const ZProviderSetting = z.object({
  capability: z.enum(AI_CAPABILITIES),
  provider: z.enum(AI_PROVIDER_KINDS),
  baseUrl: z.string().nullable(),
  model: z.string().nullable(),
  contextTokens: z.number().int(),
  /** A key is set (stored or from the environment); the key itself is never sent. */
  hasKey: z.boolean(),
  /** Where the setting comes from: saved in Insight, the environment (AI_*), or nothing (offline). */
  source: z.enum(['stored', 'environment', 'default']),
  /** The capability runs offline (chat: the offline engine; speech: the bundled synthesizer) or not at all. */
  offline: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type ProviderSetting = z.infer<typeof ZProviderSetting>;

export const ZProviderList = z.object({
  providers: z.array(ZProviderSetting),
  /** Mikas whose knowledge is being embedded again for a new embedding model (lexical until done). */
  reembedding: z.object({ pending: z.number().int() }),
});
export type ProviderList = z.infer<typeof ZProviderList>;

export const ZProviderTest = z.object({ capability: z.enum(AI_CAPABILITIES, { error: COMMON_MESSAGES.invalidInput }) });
export const ZProviderTestResult = z.object({ ok: z.boolean(), message: z.string() });
export type ProviderTestResult = z.infer<typeof ZProviderTestResult>;
