// The only way to a provider. Each call takes the request's privacy gate: chat prompts, tool
// definitions, tool arguments and results pass it on the way out and are restored on the way
// back; speech of a text with protected terms never leaves (the bundled synthesizer speaks it);
// transcription prompts are masked. The raw models stay inside this module.
import { embedMany, generateSpeech, generateText, rerank, transcribe, wrapLanguageModel } from 'ai';
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4Message,
  LanguageModelV4StreamPart,
  LanguageModelV4ToolResultOutput,
} from '@ai-sdk/provider';
import type { AppConfig } from '../config.ts';
import type { Capabilities } from '../../shared/schemas/chat.ts';
import { OFFLINE_PROVIDER_KEY } from './offline-engine.ts';
import type { PrivacyGate, StreamRestorer } from './privacy-gate.ts';
import { describeCapabilities, modelName, resolveModels, type RawModels } from './providers.ts';
import { rerankUsageOf } from './rerank-model.ts';
import { offlineSpeech, speakableText, wavSeconds } from './speech.ts';
import { styleTemplate, type ImageStyleChoice } from './image-styles.ts';
import { AppError } from '../platform/app-error.ts';
import { IMAGE_MESSAGES } from '../../shared/messages.ts';
import type { ImageStyle } from '../../shared/constants.ts';

const OFFLINE_SPEECH_MODEL = 'offline:espeak-ng';

export interface GatedChatModel {
  model: LanguageModelV4;
  /** provider:model, as stored with answers and usage. */
  name: string;
  offline: boolean;
}

export interface SpokenText {
  mp3: Buffer;
  model: string;
  characters: number;
  /** False when the bundled synthesizer spoke (no provider, or protected terms in the text). */
  viaProvider: boolean;
}

export interface Transcript {
  /** What was said, as the user will see it (not masked: it goes on through the chat's gate). */
  text: string;
  model: string;
  audioSeconds: number;
}

export interface Embedded {
  embeddings: number[][];
  model: string;
  tokens: number;
}

export interface Reranked {
  /** Indexes into the documents given, most relevant first (at most topN). */
  order: number[];
  model: string;
  /** Reported by the provider, else estimated (rerank-model.ts). */
  tokens: number;
}

export interface PaintedPicture {
  data: Uint8Array;
  mediaType: string;
  /** provider:model, as stored with the picture and its usage. */
  model: string;
  /** The prompt exactly as the provider received it (protected terms removed). */
  sentPrompt: string;
}

export interface CreatedImageStyle {
  provider: string;
  /** Recraft's style_id. */
  providerStyleId: string | null;
  /** OpenAI: the references' style in words, written once by the chat model. */
  description: string | null;
  model: string;
  usage: { inputTokens: number; outputTokens: number } | null;
}

export interface AiGateway {
  readonly offline: boolean;
  readonly canTranscribe: boolean;
  /** An embedding model is configured (knowledge retrieval adds a vector ranking). */
  readonly canEmbed: boolean;
  /** The chat model's context window in tokens (its provider setting; /v1 refuses longer input). */
  readonly chatContextTokens: number;
  /** provider:model of the embedding model (stored with every vector), or null. */
  readonly embeddingModel: string | null;
  capabilities(): Omit<Capabilities, 'processors'>;
  /** The chat model for one request, behind that request's gate. */
  chat(gate: PrivacyGate): GatedChatModel;
  /** MP3 of an answer. */
  speak(gate: PrivacyGate, text: string, voice: string): Promise<SpokenText>;
  /** Audio cannot be masked: the provider receives the recording (docs/ai.md says so). */
  transcribe(gate: PrivacyGate, wav: Uint8Array, opts?: { prompt?: string }): Promise<Transcript>;
  /** Vectors of texts, each masked by the gate before it leaves (order kept). */
  embed(gate: PrivacyGate, values: string[], signal?: AbortSignal): Promise<Embedded>;
  /** A rerank model is configured (retrieval orders its fused candidates with it). */
  readonly canRerank: boolean;
  /** Orders documents by relevance to the query; query and documents are masked by the gate first. */
  rerank(gate: PrivacyGate, req: { query: string; documents: string[]; topN: number; signal?: AbortSignal }): Promise<Reranked>;
  /** The image provider that paints (recraft, openai), or null: then nothing paints. */
  readonly imageTool: string | null;
  /**
   * Paints one picture. A picture cannot be restored, so protected terms are removed from the
   * prompt (never sent as placeholders either). Throws UNAVAILABLE without an image provider.
   */
  paintImage(gate: PrivacyGate, req: { prompt: string; style: ImageStyleChoice; signal?: AbortSignal }): Promise<PaintedPicture>;
  /** A custom style from the reference PNGs (Recraft: its style id; OpenAI: a description by the chat model). */
  createImageStyle(gate: PrivacyGate, req: { base: ImageStyle; pngs: Buffer[] }): Promise<CreatedImageStyle>;
}

const notConfigured = () => new AppError('UNAVAILABLE', IMAGE_MESSAGES.notConfigured);

/** Placeholders (with a German ending the gate kept) in a masked text. */
const PLACEHOLDER = /\[\[N\d+x[a-z0-9]+\]\](?:s|es|n|en|e)?/g;

/** The outgoing form of an image prompt: every protected term replaced by a neutral word. */
export function redactImagePrompt(gate: PrivacyGate, text: string): string {
  return gate.mask(text).replace(PLACEHOLDER, 'eine Person').replace(/[ \t]{2,}/g, ' ').trim();
}

const STYLE_DESCRIPTION_PROMPT =
  'Beschreibe auf Deutsch in höchstens 80 Wörtern den gemeinsamen visuellen Stil dieser Bilder: Technik, Farben, Licht, ' +
  'Linien, Texturen und Stimmung. Beschreibe nur den Stil, nicht die Motive, und nenne keine Namen.';

/**
 * The gateway over the current models: `source` is asked on every call (the provider registry
 * swaps its models when a superadmin changes a provider, on every instance; registry.ts).
 */
export function createAiGateway(ai: AppConfig['ai'], source: RawModels | (() => RawModels) = resolveModels(ai)): AiGateway {
  const current = typeof source === 'function' ? source : () => source;
  return {
    get offline() {
      return current().offline;
    },
    get canTranscribe() {
      return Boolean(current().transcription);
    },
    get canEmbed() {
      return Boolean(current().embedding);
    },
    get chatContextTokens() {
      return current().chatContextTokens;
    },
    get embeddingModel() {
      const e = current().embedding;
      return e ? modelName(e) : null;
    },
    capabilities: () => describeCapabilities(current()),
    chat(gate) {
      const models = current();
      const offline = models.offline;
      return {
        model: wrapLanguageModel({ model: models.chat.model, middleware: privacyMiddleware(gate, offline) }),
        name: modelName(models.chat),
        offline,
      };
    },
    async speak(gate, text, voice) {
      const models = current();
      const spoken = speakableText(text);
      // A provider would read placeholders aloud and audio cannot be restored: a text with
      // protected terms is spoken here, by the bundled synthesizer.
      if (models.speech && !gate.containsTerms(spoken)) {
        const result = await generateSpeech({ model: models.speech.model, text: spoken, voice, outputFormat: 'mp3' });
        return { mp3: Buffer.from(result.audio.uint8Array), model: modelName(models.speech), characters: spoken.length, viaProvider: true };
      }
      const mp3 = await offlineSpeech(spoken || '…');
      return { mp3, model: OFFLINE_SPEECH_MODEL, characters: spoken.length, viaProvider: false };
    },
    async transcribe(gate, wav, opts = {}) {
      const models = current();
      if (!models.transcription) throw new Error('no transcription model');
      const prompt = opts.prompt ? gate.mask(opts.prompt) : undefined;
      const result = await transcribe({
        model: models.transcription.model,
        audio: wav,
        maxRetries: 1,
        ...(prompt ? { providerOptions: { openai: { prompt } } } : {}),
      });
      return { text: result.text.trim(), model: modelName(models.transcription), audioSeconds: Math.ceil(wavSeconds(wav)) };
    },
    async embed(gate, values, signal) {
      const models = current();
      if (!models.embedding) throw new Error('no embedding model');
      const result = await embedMany({
        model: models.embedding.model,
        values: values.map((v) => gate.mask(v)),
        maxRetries: 2,
        ...(signal ? { abortSignal: signal } : {}),
      });
      return { embeddings: result.embeddings, model: modelName(models.embedding), tokens: result.usage.tokens };
    },
    get canRerank() {
      return Boolean(current().rerank);
    },
    async rerank(gate, { query, documents, topN, signal }) {
      const model = current().rerank;
      if (!model) throw new Error('no rerank model');
      // One try: a failing reranker costs the answer time; retrieval falls back to the fused order.
      const result = await rerank({
        model: model.model,
        query: gate.mask(query),
        documents: documents.map((d) => gate.mask(d)),
        topN,
        maxRetries: 0,
        ...(signal ? { abortSignal: signal } : {}),
      });
      const usage = rerankUsageOf(result.providerMetadata);
      return { order: result.ranking.map((r) => r.originalIndex), model: modelName(model), tokens: usage.tokens };
    },
    get imageTool() {
      return current().image?.provider ?? null;
    },
    async paintImage(gate, { prompt, style, signal }) {
      const painter = current().image;
      if (!painter) throw notConfigured();
      // Recraft takes the style as parameters; OpenAI (and Recraft's text style) get it in words.
      const styled =
        painter.provider === 'openai' || style.style === 'text_in_image' ? `${styleTemplate(style)}\n\n${prompt}` : prompt;
      const sentPrompt = redactImagePrompt(gate, styled);
      const picture = await painter.paint(sentPrompt, style, signal);
      return { ...picture, model: `${painter.provider}:${painter.modelId}`, sentPrompt };
    },
    async createImageStyle(gate, { base, pngs }) {
      const models = current();
      const painter = models.image;
      if (!painter) throw notConfigured();
      if (painter.createStyle) {
        const id = await painter.createStyle(base, pngs);
        return { provider: painter.provider, providerStyleId: id, description: null, model: `${painter.provider}:${painter.modelId}`, usage: null };
      }
      // The references go to the chat model as pictures (they cannot be masked; docs/ai.md).
      if (models.offline) throw new AppError('UNAVAILABLE', IMAGE_MESSAGES.customStyleNeedsModel);
      const chat = this.chat(gate);
      const result = await generateText({
        model: chat.model,
        maxRetries: 1,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: STYLE_DESCRIPTION_PROMPT },
              ...pngs.map((png) => ({ type: 'file' as const, data: new Uint8Array(png), mediaType: 'image/png' })),
            ],
          },
        ],
      });
      const description = result.text.trim().slice(0, 1500);
      if (!description) throw new Error('empty style description');
      return {
        provider: painter.provider,
        providerStyleId: null,
        description,
        model: chat.name,
        usage: { inputTokens: result.usage.inputTokens ?? 0, outputTokens: result.usage.outputTokens ?? 0 },
      };
    },
  };
}

function maskToolOutput(gate: PrivacyGate, output: LanguageModelV4ToolResultOutput): LanguageModelV4ToolResultOutput {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return { ...output, value: gate.mask(output.value) };
    case 'json':
    case 'error-json':
      return { ...output, value: gate.maskDeep(output.value) };
    case 'execution-denied':
      return output.reason ? { ...output, reason: gate.mask(output.reason) } : output;
    case 'content':
      return { ...output, value: output.value.map((v) => (v.type === 'text' ? { ...v, text: gate.mask(v.text) } : v)) };
    default:
      return output;
  }
}

function maskMessage(gate: PrivacyGate, m: LanguageModelV4Message): LanguageModelV4Message {
  switch (m.role) {
    case 'system':
      return { ...m, content: gate.mask(m.content) };
    case 'user':
      return { ...m, content: m.content.map((p) => (p.type === 'text' ? { ...p, text: gate.mask(p.text) } : p)) };
    case 'assistant':
      return {
        ...m,
        content: m.content.map((p) => {
          if (p.type === 'text' || p.type === 'reasoning') return { ...p, text: gate.mask(p.text) };
          if (p.type === 'tool-call') return { ...p, input: gate.maskDeep(p.input) };
          if (p.type === 'tool-result') return { ...p, output: maskToolOutput(gate, p.output) };
          return p;
        }),
      };
    case 'tool':
      return {
        ...m,
        content: m.content.map((p) => (p.type === 'tool-result' ? { ...p, output: maskToolOutput(gate, p.output) } : p)),
      };
  }
}

/** Everything in a model call that can carry text, masked. */
function maskCallOptions(gate: PrivacyGate, params: LanguageModelV4CallOptions, offline: boolean): LanguageModelV4CallOptions {
  const providerOptions = { ...params.providerOptions };
  if (offline) {
    if (providerOptions[OFFLINE_PROVIDER_KEY]) providerOptions[OFFLINE_PROVIDER_KEY] = gate.maskDeep(providerOptions[OFFLINE_PROVIDER_KEY]);
  } else {
    // The offline engine's context never goes to a real provider.
    delete providerOptions[OFFLINE_PROVIDER_KEY];
  }
  return {
    ...params,
    prompt: params.prompt.map((m) => maskMessage(gate, m)),
    tools: params.tools?.map((t) =>
      t.type === 'function'
        ? { ...t, description: t.description === undefined ? undefined : gate.mask(t.description), inputSchema: gate.maskDeep(t.inputSchema) }
        : t,
    ),
    providerOptions,
  };
}

const restoreJson = (gate: PrivacyGate, input: string) => {
  try {
    return JSON.stringify(gate.restoreDeep(JSON.parse(input) as unknown));
  } catch {
    return gate.restore(input);
  }
};

function restoreContent(gate: PrivacyGate, c: LanguageModelV4Content): LanguageModelV4Content {
  if (c.type === 'text' || c.type === 'reasoning') return { ...c, text: gate.restore(c.text) };
  if (c.type === 'tool-call') return { ...c, input: restoreJson(gate, c.input) };
  return c;
}

/** Restores text, reasoning and tool inputs as they stream; a placeholder split over deltas is held back. */
function restoreStream(gate: PrivacyGate): TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart> {
  const restorers = new Map<string, StreamRestorer>();
  const restorerFor = (id: string) => {
    let r = restorers.get(id);
    if (!r) restorers.set(id, (r = gate.createStreamRestorer()));
    return r;
  };
  const flushInto = (id: string, type: 'text-delta' | 'reasoning-delta' | 'tool-input-delta', controller: TransformStreamDefaultController<LanguageModelV4StreamPart>) => {
    const rest = restorers.get(id)?.flush();
    restorers.delete(id);
    if (rest) controller.enqueue({ type, id, delta: rest });
  };
  return new TransformStream({
    transform(part, controller) {
      switch (part.type) {
        case 'text-delta':
        case 'reasoning-delta':
        case 'tool-input-delta': {
          const visible = restorerFor(`${part.type}:${part.id}`).push(part.delta);
          if (visible) controller.enqueue({ ...part, delta: visible });
          return;
        }
        case 'text-end':
          flushInto(`text-delta:${part.id}`, 'text-delta', controller);
          break;
        case 'reasoning-end':
          flushInto(`reasoning-delta:${part.id}`, 'reasoning-delta', controller);
          break;
        case 'tool-input-end':
          flushInto(`tool-input-delta:${part.id}`, 'tool-input-delta', controller);
          break;
        case 'tool-call':
          controller.enqueue({ ...part, input: restoreJson(gate, part.input) });
          return;
        default:
          break;
      }
      controller.enqueue(part);
    },
    flush(controller) {
      // A stream that ended without its end parts (provider cut off) still shows what it held back.
      for (const [key, r] of restorers) {
        const rest = r.flush();
        const [type, id] = key.split(/:(.*)/s) as ['text-delta' | 'reasoning-delta' | 'tool-input-delta', string];
        if (rest) controller.enqueue({ type, id, delta: rest });
      }
      restorers.clear();
    },
  });
}

function privacyMiddleware(gate: PrivacyGate, offline: boolean) {
  return {
    specificationVersion: 'v4' as const,
    transformParams: async ({ params }: { params: LanguageModelV4CallOptions }) => maskCallOptions(gate, params, offline),
    wrapGenerate: async ({ doGenerate }: { doGenerate: () => PromiseLike<Awaited<ReturnType<LanguageModelV4['doGenerate']>>> }) => {
      const result = await doGenerate();
      return { ...result, content: result.content.map((c) => restoreContent(gate, c)) };
    },
    wrapStream: async ({ doStream }: { doStream: () => PromiseLike<Awaited<ReturnType<LanguageModelV4['doStream']>>> }) => {
      const result = await doStream();
      return { ...result, stream: result.stream.pipeThrough(restoreStream(gate)) };
    },
  };
}
