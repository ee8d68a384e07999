// The raw image providers. Like providers.ts, only the gateway may import this module: it sends
// prompts as given, and the gateway masks them first.
import { createOpenAI } from '@ai-sdk/openai';
import { generateImage } from 'ai';
import type { AppConfig } from '../config.ts';
import type { ImageStyle } from '../../shared/constants.ts';
import type { ImageStyleChoice } from './image-styles.ts';

export type ImageConfig = NonNullable<AppConfig['ai']['image']>;

export interface PaintedImage {
  data: Uint8Array;
  mediaType: string;
}

export interface RawImageProvider {
  provider: 'recraft' | 'openai';
  modelId: string;
  /** Paints one picture and returns its bytes (a URL answer is downloaded at once: it expires). */
  paint(prompt: string, style: ImageStyleChoice, signal?: AbortSignal): Promise<PaintedImage>;
  /** Recraft: a custom style from the reference images; returns the provider's style id. */
  createStyle?(base: ImageStyle, pngs: Buffer[], signal?: AbortSignal): Promise<string>;
}

export class ImageProviderError extends Error {}

/** The largest picture taken from a provider. */
const MAX_IMAGE_BYTES = 25 * 1024 * 1024;
/** Recraft V3 takes prompts up to 1000 characters. */
const RECRAFT_PROMPT_MAX = 1000;

export function createImageProvider(cfg: ImageConfig | undefined): RawImageProvider | undefined {
  if (!cfg) return undefined;
  return cfg.provider === 'recraft' ? recraftProvider(cfg) : openAiProvider(cfg);
}

const withTimeout = (ms: number, signal?: AbortSignal) =>
  signal ? AbortSignal.any([signal, AbortSignal.timeout(ms)]) : AbortSignal.timeout(ms);

async function failWith(res: Response, what: string): Promise<never> {
  const body = await res.text().catch(() => '');
  throw new ImageProviderError(`${what}: HTTP ${res.status} ${body.slice(0, 300)}`);
}

/** Reads a response body up to the limit (a provider's picture, never unbounded). */
async function readLimited(res: Response, limit = MAX_IMAGE_BYTES): Promise<Uint8Array> {
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > limit) throw new ImageProviderError('image too large');
  const reader = res.body?.getReader();
  if (!reader) throw new ImageProviderError('empty image');
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new ImageProviderError('image too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Recraft's image API (https://external.api.recraft.ai/v1): `POST /images/generations` with
 * style + substyle or a custom `style_id`, answering temporary URLs; `POST /styles` (multipart:
 * `style`, `file1`…`file5`) creates a custom style and answers its `id`.
 */
function recraftProvider(cfg: ImageConfig): RawImageProvider {
  const headers = (): Record<string, string> => (cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {});
  return {
    provider: 'recraft',
    modelId: cfg.model,
    async paint(prompt, choice, signal) {
      const body: Record<string, unknown> = {
        prompt: prompt.slice(0, RECRAFT_PROMPT_MAX),
        model: cfg.model,
        size: cfg.size,
        n: 1,
        response_format: 'url',
      };
      if (choice.custom?.providerStyleId) body.style_id = choice.custom.providerStyleId;
      else {
        // Recraft has no text style of its own: "any" with a prompt that asks for the lettering.
        body.style = choice.style === 'text_in_image' ? 'any' : choice.style;
        if (choice.substyle) body.substyle = choice.substyle;
      }
      const res = await fetch(`${cfg.baseUrl}/images/generations`, {
        method: 'POST',
        headers: { ...headers(), 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: withTimeout(cfg.timeoutMs, signal),
      });
      if (!res.ok) await failWith(res, 'recraft generation');
      const json = (await res.json()) as { data?: { url?: string; b64_json?: string }[] };
      const first = json.data?.[0];
      if (first?.b64_json) return { data: Buffer.from(first.b64_json, 'base64'), mediaType: 'image/webp' };
      if (!first?.url) throw new ImageProviderError('recraft answered no image');
      // The URL is valid for about a day only: the picture is fetched now and stored by the caller.
      const picture = await fetch(first.url, {
        signal: withTimeout(cfg.timeoutMs, signal),
        redirect: 'follow',
      });
      if (!picture.ok) await failWith(picture, 'recraft download');
      return {
        data: await readLimited(picture),
        mediaType: picture.headers.get('content-type') ?? 'application/octet-stream',
      };
    },
    async createStyle(base, pngs, signal) {
      const form = new FormData();
      form.set('style', base);
      pngs.forEach((png, i) =>
        form.set(
          `file${i + 1}`,
          new Blob([new Uint8Array(png)], { type: 'image/png' }),
          `style-${i + 1}.png`,
        ),
      );
      const res = await fetch(`${cfg.baseUrl}/styles`, {
        method: 'POST',
        headers: headers(),
        body: form,
        signal: withTimeout(cfg.timeoutMs, signal),
      });
      if (!res.ok) await failWith(res, 'recraft style');
      const json = (await res.json()) as { id?: string };
      if (!json.id) throw new ImageProviderError('recraft answered no style id');
      return json.id;
    },
  };
}

/** OpenAI's image model through the AI SDK; styles are German prompt templates (see image-styles.ts). */
function openAiProvider(cfg: ImageConfig): RawImageProvider {
  const openai = createOpenAI({ apiKey: cfg.apiKey, baseURL: cfg.baseUrl });
  const model = openai.image(cfg.model);
  return {
    provider: 'openai',
    modelId: cfg.model,
    async paint(prompt, _choice, signal) {
      const result = await generateImage({
        model,
        prompt,
        n: 1,
        size: cfg.size,
        maxRetries: 1,
        abortSignal: withTimeout(cfg.timeoutMs, signal),
      });
      return { data: result.image.uint8Array, mediaType: result.image.mediaType };
    },
  };
}
