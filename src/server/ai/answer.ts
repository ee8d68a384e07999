import { streamText, type ModelMessage, type ToolSet } from 'ai';
import type { ProviderRegistry } from './providers.ts';
import { OFFLINE_PROVIDER_KEY, type OfflineContext } from './offline-engine.ts';

export interface ModelAnswer {
  text: string;
  inputTokens: number;
  outputTokens: number;
  model: string;
  /** Names of the tools the model called (their effects happen in the tools' execute). */
  toolCalls: string[];
  /** Set when the provider failed; `text` then holds what arrived before the failure. */
  error?: unknown;
}

/**
 * Streams one answer from the configured chat model (or the offline engine) and reports every
 * text delta. Never throws for provider failures: the caller stores what came and tells the user.
 */
export async function streamModelAnswer(opts: {
  registry: ProviderRegistry;
  system: string;
  messages: ModelMessage[];
  offline: OfflineContext;
  onDelta: (delta: string) => void;
  tools?: ToolSet;
  abortSignal?: AbortSignal;
}): Promise<ModelAnswer> {
  const { chat } = opts.registry;
  let text = '';
  let error: unknown;
  let inputTokens = 0;
  let outputTokens = 0;
  const toolCalls: string[] = [];
  try {
    const result = streamText({
      model: chat.model,
      system: opts.system,
      messages: opts.messages,
      tools: opts.tools,
      maxRetries: 1,
      abortSignal: opts.abortSignal,
      providerOptions: { [OFFLINE_PROVIDER_KEY]: opts.offline as never },
      // Errors arrive as stream parts below; the default handler would only print them again.
      onError: () => undefined,
    });
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        text += part.text;
        opts.onDelta(part.text);
      } else if (part.type === 'tool-call') {
        toolCalls.push(part.toolName);
      } else if (part.type === 'error') {
        error = part.error;
      } else if (part.type === 'finish') {
        inputTokens = part.totalUsage.inputTokens ?? 0;
        outputTokens = part.totalUsage.outputTokens ?? 0;
      }
    }
  } catch (err) {
    error = err;
  }
  return { text, inputTokens, outputTokens, model: `${chat.provider}:${chat.modelId}`, toolCalls, error };
}
