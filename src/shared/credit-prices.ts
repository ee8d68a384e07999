// The price table of model calls in credit units (1 credit = 1000 units; docs/credits.md).
// Integers only: a call's price is rounded up to the next whole unit.

export const CREDIT_UNITS_PER_CREDIT = 1000;

export const CREDIT_PRICES = {
  /** Chat and task answers (also the chat model writing an image prompt): per 1000 tokens. */
  inputTokensPer1000: 2,
  outputTokensPer1000: 8,
  /** Speech output: per 1000 characters spoken by a provider. */
  speechPer1000Chars: 30,
  /** Transcription: per minute of audio (billed per started second). */
  transcriptionPerMinute: 12,
  /** Image generation: per picture. */
  imagePerPicture: 100,
  /** Embeddings (knowledge vectors): free — fractions of a unit per file, and a half-indexed file helps nobody. */
  embeddingPer1000Tokens: 0,
  /**
   * Reranking knowledge candidates: free like embeddings — part of finding the passages for an
   * answer the answer itself pays for; booked as usage so the statistics show it.
   */
  rerankPer1000Tokens: 0,
} as const;

/**
 * What a call reserves before the provider is asked, and the most it can cost: a chat or task
 * answer never costs more than this (up to 4 model steps over a long context stay below it).
 */
export const CREDIT_RESERVE = {
  answer: 100,
  image: CREDIT_PRICES.imagePerPicture,
} as const;

export interface PricedUsage {
  capability: 'chat' | 'task' | 'speech' | 'transcription' | 'image' | 'embedding' | 'rerank';
  /** provider:model; calls of the bundled offline engine and synthesizer ("offline:…") are free. */
  model: string;
  inputTokens?: number | null;
  outputTokens?: number | null;
  characters?: number | null;
  audioSeconds?: number | null;
  images?: number | null;
}

const n = (v: number | null | undefined) => Math.max(0, Math.round(v ?? 0));

/** Units for one call, rounded up; 0 for offline models. */
export function priceUnits(u: PricedUsage): number {
  if (u.model.startsWith('offline:')) return 0;
  const p = CREDIT_PRICES;
  // Work in thousandths of a unit so every product stays an integer.
  let milli = 0;
  if (u.capability === 'embedding') {
    milli += n(u.inputTokens) * p.embeddingPer1000Tokens;
  } else if (u.capability === 'rerank') {
    milli += n(u.inputTokens) * p.rerankPer1000Tokens;
  } else {
    milli += n(u.inputTokens) * p.inputTokensPer1000 + n(u.outputTokens) * p.outputTokensPer1000;
  }
  milli += n(u.characters) * p.speechPer1000Chars;
  milli += Math.ceil((n(u.audioSeconds) * p.transcriptionPerMinute * 1000) / 60);
  milli += n(u.images) * p.imagePerPicture * 1000;
  return Math.ceil(milli / 1000);
}

/** Units → credits with one decimal, rounded half up (display and API fields). */
export function unitsToCredits(units: number): number {
  const tenths = Math.floor((units * 10) / CREDIT_UNITS_PER_CREDIT + 0.5);
  return tenths / 10;
}
