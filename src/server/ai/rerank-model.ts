// One RerankingModel (AI SDK, `rerank()`) for every `/rerank` endpoint that speaks Cohere's or
// Jina's protocol — Cohere's own API (/v2/rerank), Jina AI, vLLM, Infinity, LiteLLM — and for
// Hugging Face's text-embeddings-inference (TEI), whose /rerank takes `texts` instead of
// `documents` and answers a bare list. `@ai-sdk/cohere` is not a dependency: Cohere's v2 protocol
// is this same request (docs/decisions/035-rerank-and-tables.md). Reached only through the gateway,
// which masks every text first.
import { APICallError, type RerankingModelV4, type RerankingModelV4CallOptions, type RerankingModelV4Result } from '@ai-sdk/provider';
import type { AiProviderKind } from '../../shared/schemas/ai-providers.ts';

export interface RerankEndpoint {
  provider: AiProviderKind;
  /** Where `/rerank` lives: https://api.cohere.com/v2, https://api.jina.ai/v1, http://tei:8080 … */
  baseUrl: string;
  apiKey?: string;
  modelId: string;
}

/** What one call cost, in providerMetadata.rerank (rerank() has no usage field of its own). */
export interface RerankUsage {
  /** Tokens the provider reported, else estimated (about 4 characters per token over every query–document pair). */
  tokens: number;
  estimated: boolean;
  /** Cohere bills per search unit (one query over up to 100 documents). */
  searchUnits: number;
}

export const DEFAULT_RERANK_URLS: Partial<Record<AiProviderKind, string>> = {
  cohere: 'https://api.cohere.com/v2',
  jina: 'https://api.jina.ai/v1',
};

interface Ranked {
  index?: unknown;
  relevance_score?: unknown;
  score?: unknown;
}

interface RerankBody {
  results?: Ranked[];
  usage?: { total_tokens?: unknown; prompt_tokens?: unknown };
  meta?: { billed_units?: { search_units?: unknown; input_tokens?: unknown } };
}

const RETRYABLE = new Set([408, 409, 429]);
const number = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

export function createRerankModel(endpoint: RerankEndpoint): RerankingModelV4 {
  const url = `${endpoint.baseUrl.replace(/\/+$/, '')}/rerank`;
  // A TEI server is recognised by its answer to the common request (422: "missing field `texts`")
  // and asked in its own words from then on.
  let teiProtocol = false;

  const post = async (body: Record<string, unknown>, signal: AbortSignal | undefined, headers: Record<string, string | undefined> | undefined) => {
    const res = await fetch(url, {
      method: 'POST',
      signal: signal ?? null,
      headers: {
        'content-type': 'application/json',
        ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
        ...Object.fromEntries(Object.entries(headers ?? {}).filter((e): e is [string, string] => e[1] !== undefined)),
      },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { res, text };
  };

  const fail = (status: number, text: string, body: Record<string, unknown>, res: Response) =>
    new APICallError({
      message: `rerank failed: HTTP ${status}`,
      url,
      requestBodyValues: { model: body.model, query: '…', documents: '…' },
      statusCode: status,
      responseHeaders: Object.fromEntries(res.headers.entries()),
      responseBody: text,
      isRetryable: RETRYABLE.has(status) || status >= 500,
    });

  return {
    specificationVersion: 'v4',
    provider: `${endpoint.provider}.rerank`,
    modelId: endpoint.modelId,
    async doRerank(options: RerankingModelV4CallOptions): Promise<RerankingModelV4Result> {
      const documents = options.documents.type === 'text' ? options.documents.values : options.documents.values.map((v) => JSON.stringify(v));
      const common = {
        model: endpoint.modelId,
        query: options.query,
        documents,
        ...(options.topN !== undefined ? { top_n: options.topN } : {}),
        // Jina sends every document back unless told not to; Cohere's v2 has no such field.
        ...(endpoint.provider === 'jina' ? { return_documents: false } : {}),
      };
      const tei = { query: options.query, texts: documents, truncate: true };
      let sent: Record<string, unknown> = teiProtocol ? tei : common;
      let { res, text } = await post(sent, options.abortSignal, options.headers);
      if (!teiProtocol && endpoint.provider === 'openai-compatible' && res.status === 422 && /\btexts\b/.test(text)) {
        teiProtocol = true;
        sent = tei;
        ({ res, text } = await post(sent, options.abortSignal, options.headers));
      }
      if (!res.ok) throw fail(res.status, text, sent, res);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new Error('rerank: the answer is no JSON');
      }
      // TEI: [{index, score}]; everyone else: {results: [{index, relevance_score}]}.
      const list: Ranked[] | undefined = Array.isArray(parsed) ? (parsed as Ranked[]) : (parsed as RerankBody).results;
      if (!Array.isArray(list)) throw new Error('rerank: the answer has no list of results');
      const seen = new Set<number>();
      const ranking = list
        .map((r) => ({ index: number(r.index), relevanceScore: number(r.relevance_score) ?? number(r.score) ?? 0 }))
        .filter((r): r is { index: number; relevanceScore: number } => {
          const ok = r.index !== undefined && Number.isInteger(r.index) && r.index >= 0 && r.index < documents.length && !seen.has(r.index);
          if (ok) seen.add(r.index!);
          return ok;
        })
        .sort((a, b) => b.relevanceScore - a.relevanceScore || a.index - b.index)
        .slice(0, options.topN ?? documents.length);
      const body = (Array.isArray(parsed) ? {} : parsed) as RerankBody;
      const reported = number(body.usage?.total_tokens) ?? number(body.usage?.prompt_tokens) ?? number(body.meta?.billed_units?.input_tokens);
      const usage: RerankUsage = {
        tokens: reported ?? Math.ceil(documents.reduce((n, d) => n + options.query.length + d.length, 0) / 4),
        estimated: reported === undefined,
        searchUnits: number(body.meta?.billed_units?.search_units) ?? 0,
      };
      return { ranking, providerMetadata: { rerank: { ...usage } }, response: { body: parsed } };
    },
  };
}

/** The usage a reranking call reported through providerMetadata (see RerankUsage). */
export function rerankUsageOf(providerMetadata: Record<string, Record<string, unknown>> | undefined): RerankUsage {
  const m = providerMetadata?.rerank ?? {};
  return {
    tokens: number(m.tokens) ?? 0,
    estimated: m.estimated === true,
    searchUnits: number(m.searchUnits) ?? 0,
  };
}
