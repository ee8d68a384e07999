// The only way to a provider. Each call takes the request's privacy gate: chat prompts, tool
// definitions, tool arguments and results pass it on the way out and are restored on the way
// back; speech of a text with protected terms never leaves (the bundled synthesizer speaks it);
// transcription prompts are masked. The raw models stay inside this module.
import { generateSpeech, transcribe, wrapLanguageModel } from 'ai';
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
import { encodeMp3, espeakWav, readPcmWav, speakableText, wavSeconds } from './speech.ts';

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

export interface AiGateway {
  readonly offline: boolean;
  readonly canTranscribe: boolean;
  capabilities(): Capabilities;
  /** The chat model for one request, behind that request's gate. */
  chat(gate: PrivacyGate): GatedChatModel;
  /** MP3 of an answer. */
  speak(gate: PrivacyGate, text: string, voice: string): Promise<SpokenText>;
  /** Audio cannot be masked: the provider receives the recording (docs/ai.md says so). */
  transcribe(gate: PrivacyGate, wav: Uint8Array, opts?: { prompt?: string }): Promise<Transcript>;
}

export function createAiGateway(ai: AppConfig['ai'], models: RawModels = resolveModels(ai)): AiGateway {
  return {
    offline: models.offline,
    canTranscribe: Boolean(models.transcription),
    capabilities: () => describeCapabilities(models),
    chat(gate) {
      const offline = models.offline;
      return {
        model: wrapLanguageModel({ model: models.chat.model, middleware: privacyMiddleware(gate, offline) }),
        name: modelName(models.chat),
        offline,
      };
    },
    async speak(gate, text, voice) {
      const spoken = speakableText(text);
      // A provider would read placeholders aloud and audio cannot be restored: a text with
      // protected terms is spoken here, by the bundled synthesizer.
      if (models.speech && !gate.containsTerms(spoken)) {
        const result = await generateSpeech({ model: models.speech.model, text: spoken, voice, outputFormat: 'mp3' });
        return { mp3: Buffer.from(result.audio.uint8Array), model: modelName(models.speech), characters: spoken.length, viaProvider: true };
      }
      const mp3 = encodeMp3(readPcmWav(await espeakWav(spoken || '…')));
      return { mp3, model: OFFLINE_SPEECH_MODEL, characters: spoken.length, viaProvider: false };
    },
    async transcribe(gate, wav, opts = {}) {
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
