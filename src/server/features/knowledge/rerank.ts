// Reranking (docs/knowledge.md, "Rerank"): when a rerank model is configured, retrieval's fused
// candidates go through it and the answer gets the best of them in the model's order. A step of its
// own after the fusion (retrieval.ts does not know it exists): without a rerank model, or when the
// model fails or is slow, the fused order stands — a warning in the log, never a failed answer.
import type { PrivacyGate } from '../../ai/privacy-gate.ts';
import type { Deps } from '../../platform/deps.ts';
import type { RetrievedPassage } from './retrieval.ts';

/** How many fused candidates the reranker sees (30 → the answer's 6). */
export const RERANK_CANDIDATES = 30;
/** A cross-encoder on a CPU needs a few seconds for 30 passages; after this the fused order answers. */
const RERANK_TIMEOUT_MS = 8000;
/** Characters of one passage the reranker reads (passages are at most 1,200; headings come first). */
const DOCUMENT_CHARS = 2000;

export interface RerankOutcome {
  passages: RetrievedPassage[];
  /** The call to book as usage, when the reranker answered. */
  usage: { model: string; tokens: number } | null;
}

/** What the reranker reads of a passage: its heading, then its text (as the embedding model does). */
const documentOf = (p: RetrievedPassage) => (p.heading ? `${p.heading}\n${p.text}` : p.text).slice(0, DOCUMENT_CHARS);

/**
 * The best `limit` candidates in the reranker's order (masked by the gate on the way out). The
 * candidates it does not rank follow in the fused order, so the answer never gets fewer passages.
 */
export async function rerankPassages(
  deps: Deps,
  gate: PrivacyGate,
  question: string,
  candidates: RetrievedPassage[],
  limit: number,
  assistantId: number,
): Promise<RerankOutcome> {
  const fused = { passages: candidates.slice(0, limit), usage: null };
  if (!deps.ai.canRerank || candidates.length < 2) return fused;
  try {
    const result = await deps.ai.rerank(gate, {
      query: question,
      documents: candidates.map(documentOf),
      topN: limit,
      signal: AbortSignal.timeout(RERANK_TIMEOUT_MS),
    });
    const ranked = [...new Set(result.order)].filter((i) => i >= 0 && i < candidates.length);
    const rest = candidates.map((_, i) => i).filter((i) => !ranked.includes(i));
    const passages = [...ranked, ...rest].slice(0, limit).map((i) => candidates[i]!);
    return { passages, usage: { model: result.model, tokens: result.tokens } };
  } catch (err) {
    const e = err as { name?: string; message?: string; statusCode?: number };
    deps.log.warn(
      { assistantId, err: { name: e?.name, message: e?.message, statusCode: e?.statusCode } },
      'rerank failed: the knowledge passages keep the fused order',
    );
    return fused;
  }
}
