import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import { splitPassages, terms } from './german-text.ts';
import { CONTACT_FORM_FUNCTION } from './tools/contact-form.ts';

/** A piece of text the offline engine may quote, with where it comes from. */
export interface Passage {
  source: string;
  text: string;
  /** Knowledge passages: the file's name and page/sheet/slide, for the sources under an answer. */
  file?: string;
  location?: string;
  /** From a file uploaded with the data-protection switch: always masked on the way out. */
  filtered?: boolean;
}

/**
 * What the offline engine answers from: the intro and knowledge passages. Never the role, task or
 * special properties — those are instructions to a model, not content to quote to a visitor.
 */
export interface OfflineContext {
  assistantName: string;
  intro: string;
  passages: Passage[];
}

export const OFFLINE_PROVIDER_KEY = 'mikaOffline';
const CONTACT_INTENT =
  /\b(kontakt\w*|rückruf\w*|zurückrufen|anrufen|ruft?\s+mich|melden|meldet|erreich\w*|termin\w*|beratung\w*|ansprechpartner\w*|angebot\s+an)/i;

export function wantsContact(text: string): boolean {
  return CONTACT_INTENT.test(text);
}
export const OFFLINE_NOTICE = 'Offline-Modus: Ich antworte ohne KI-Modell mit den passendsten Stellen aus meinem Wissen.';

interface Scored {
  passage: Passage;
  score: number;
  order: number;
}

/** Ranks passages by how many distinct question terms they contain, weighted by rarity (IDF). */
export function rankPassages(question: string, passages: Passage[], limit = 3): Passage[] {
  const q = [...new Set(terms(question))];
  if (q.length === 0) return [];
  const chunks = passages.flatMap((p) => splitPassages(p.text).map((text) => ({ source: p.source, text })));
  const docs = chunks.map((c) => new Set(terms(c.text)));
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d) df.set(t, (df.get(t) ?? 0) + 1);
  const n = Math.max(1, docs.length);
  const scored: Scored[] = chunks.map((passage, order) => {
    let score = 0;
    for (const t of q) if (docs[order]!.has(t)) score += Math.log(1 + n / (df.get(t) ?? 1));
    return { passage, score, order };
  });
  // Deterministic: best score first, ties in document order.
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map((s) => s.passage);
}

/** The complete German answer of the offline engine for one question. */
export function composeOfflineAnswer(question: string, ctx: OfflineContext): string {
  // The passages come ranked by the knowledge retrieval (which also matches compounds and other
  // word forms): the best two are quoted, each by its sentences closest to the question (or its
  // beginning when no sentence shares a word with the question).
  const best = ctx.passages
    .slice(0, 2)
    .map((p) => rankPassages(question, [p], 1)[0] ?? { ...p, text: shorten(p.text, 400) });
  const lines = [`_${OFFLINE_NOTICE}_`, ''];
  if (best.length === 0) {
    lines.push(
      `Ohne KI-Modell kann ich nur aus meinem Wissen zitieren – und dazu habe ich keine passende Stelle gefunden. ` +
        `Formuliere Deine Frage gern mit anderen Stichworten.`,
    );
    if (ctx.intro) lines.push('', `**Über mich:** ${ctx.intro}`);
    return lines.join('\n');
  }
  lines.push(best.length === 1 ? 'Dazu passt diese Stelle:' : 'Dazu passen diese Stellen:', '');
  for (const p of best) lines.push(`> ${p.text}`, `> — *${p.source}*`, '');
  return lines.join('\n').trimEnd();
}

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, flat.lastIndexOf(' ', max))} …`;
}

const CONTACT_FORM_REPLY = '_Offline-Modus:_ Gern! Hinterlasse hier Deine Kontaktdaten – wir melden uns bei Dir.';

/** Splits text into word-sized stream chunks that join back to exactly the same text. */
export function wordChunks(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

function lastUserText(options: LanguageModelV4CallOptions): string {
  for (let i = options.prompt.length - 1; i >= 0; i--) {
    const m = options.prompt[i]!;
    if (m.role === 'user') {
      return m.content
        .filter((c) => c.type === 'text')
        .map((c) => c.text)
        .join(' ');
    }
  }
  return '';
}

const usage = (input: number, output: number): LanguageModelV4Usage => ({
  inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: output, text: output, reasoning: 0 },
});

/**
 * The offline engine as an AI SDK language model, so the pipeline is the same in both modes.
 * It reads its structured context from providerOptions (real providers ignore that key).
 */
export function createOfflineModel(opts: { wordDelayMs: number }): LanguageModelV4 {
  const answer = (options: LanguageModelV4CallOptions) => {
    const ctx = (options.providerOptions?.[OFFLINE_PROVIDER_KEY] ?? {}) as unknown as Partial<OfflineContext>;
    return composeOfflineAnswer(lastUserText(options), {
      assistantName: ctx.assistantName ?? 'Mika',
      intro: ctx.intro ?? '',
      passages: ctx.passages ?? [],
    });
  };
  return {
    specificationVersion: 'v4',
    provider: 'mika-offline',
    modelId: 'offline',
    supportedUrls: {},
    async doGenerate(options) {
      const text = answer(options);
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usage(0, 0),
        warnings: [],
      };
    },
    async doStream(options) {
      const question = lastUserText(options);
      // After the contact-form tool ran, the engine writes its follow-up, like a model would.
      const afterTool = options.prompt.at(-1)?.role === 'tool';
      const callsForm =
        !afterTool && options.tools?.some((t) => t.name === CONTACT_FORM_FUNCTION) === true && wantsContact(question);
      const chunks = callsForm ? [] : wordChunks(afterTool ? CONTACT_FORM_REPLY : answer(options));
      const signal = options.abortSignal;
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        async start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          if (chunks.length > 0) controller.enqueue({ type: 'text-start', id: 't0' });
          for (const delta of chunks) {
            if (signal?.aborted) break;
            if (opts.wordDelayMs > 0) await new Promise((r) => setTimeout(r, opts.wordDelayMs));
            controller.enqueue({ type: 'text-delta', id: 't0', delta });
          }
          if (chunks.length > 0) controller.enqueue({ type: 'text-end', id: 't0' });
          if (callsForm) {
            controller.enqueue({ type: 'tool-call', toolCallId: 'form-1', toolName: CONTACT_FORM_FUNCTION, input: '{}' });
          }
          // The offline engine costs nothing: it books no tokens.
          const reason = callsForm ? 'tool-calls' : 'stop';
          controller.enqueue({ type: 'finish', usage: usage(0, 0), finishReason: { unified: reason, raw: reason } });
          controller.close();
        },
      });
      return { stream };
    },
  };
}
