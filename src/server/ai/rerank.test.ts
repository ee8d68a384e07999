import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRerank, type FakeRerank } from '../../../tests/fixtures/fake-rerank.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createAiGateway } from './gateway.ts';
import { createPrivacyGate } from './privacy-gate.ts';

// The rerank model (rerank-model.ts) through the gateway, against local servers that speak
// Cohere's v2, Jina's and text-embeddings-inference's rerank protocols: the order comes from the
// server, the texts leave masked, the usage comes back, a failure is an error the caller can catch.

const servers: Record<'cohere' | 'jina' | 'tei', FakeRerank> = {} as never;
beforeAll(async () => {
  servers.cohere = await startFakeRerank('cohere');
  servers.jina = await startFakeRerank('jina');
  servers.tei = await startFakeRerank('tei');
});
afterAll(async () => Promise.all(Object.values(servers).map((s) => s.close())));

const gatewayFor = (env: Record<string, string>) => createAiGateway(loadConfig({ NODE_ENV: 'test', ...env }).ai);
const DOCUMENTS = ['Speiseplan der Kantine', 'Urlaubsantrag im Portal stellen', 'Parkplätze vor Halle 3', 'Urlaub: 30 Tage im Jahr'];
// The reranker of these tests: documents about "Urlaub" first, the rest after them.
const urlaubFirst = (_q: string, d: string) => (d.includes('Urlaub') ? 0.9 : 0.1);

describe('the rerank model', () => {
  it('is off on the offline default and without AI_RERANK_*', () => {
    expect(gatewayFor({}).canRerank).toBe(false);
    expect(gatewayFor({ AI_PROVIDER: 'openai', AI_API_KEY: 'k', AI_CHAT_MODEL: 'gpt-test', AI_EMBEDDING_MODEL: 'emb' }).canRerank).toBe(false);
  });

  it('names the reranker in the processing record when the environment sets it', () => {
    const config = loadConfig({ NODE_ENV: 'test', AI_RERANK_PROVIDER: 'cohere', AI_RERANK_API_KEY: 'k', AI_RERANK_MODEL: 'rerank-multilingual-v3.0' });
    expect(config.processors).toContainEqual({
      name: 'Cohere',
      purpose: 'KI-Modell: Sortierung der Suchtreffer im Wissen',
      data: 'Fragen und Auszüge aus Wissensdateien – geschützte Begriffe durch Platzhalter ersetzt',
      location: 'non-eu',
      ai: true,
    });
  });

  it('refuses half a configuration at start, in German and English', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', AI_RERANK_MODEL: 'rerank-v3.5' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', AI_RERANK_PROVIDER: 'cohere' })).toThrow(/AI_RERANK_MODEL/);
    expect(() => loadConfig({ NODE_ENV: 'test', AI_RERANK_PROVIDER: 'openai-compatible', AI_RERANK_MODEL: 'bge' })).toThrow(/AI_RERANK_BASE_URL/);
  });

  it("speaks Cohere's v2 protocol: top_n, the key, the server's order, masked texts", async () => {
    const server = servers.cohere;
    server.scoreBy(urlaubFirst);
    const gateway = gatewayFor({ AI_RERANK_PROVIDER: 'cohere', AI_RERANK_BASE_URL: server.url, AI_RERANK_API_KEY: 'co-key', AI_RERANK_MODEL: 'rerank-multilingual-v3.0' });
    expect(gateway.canRerank).toBe(true);
    const gate = createPrivacyGate(['Anna Schmidt']);
    const before = server.requests.length;
    const result = await gateway.rerank(gate, { query: 'Wie beantragt Anna Schmidt Urlaub?', documents: [...DOCUMENTS, 'Anna Schmidt leitet das Portal'], topN: 3 });
    expect(result.order).toEqual([1, 3, 0]);
    expect(result.model).toBe('cohere:rerank-multilingual-v3.0');
    // Cohere reports search units, not tokens: the tokens are estimated from the texts sent.
    expect(result.tokens).toBeGreaterThan(20);
    const [request] = server.requests.slice(before);
    expect(request!.path).toBe('/v2/rerank');
    expect(request!.headers.authorization).toBe('Bearer co-key');
    expect(request!.body).toMatchObject({ model: 'rerank-multilingual-v3.0', top_n: 3 });
    expect(request!.body.documents).toHaveLength(5);
    expect(request!.body).not.toHaveProperty('return_documents');
    expect(JSON.stringify(request!.body)).not.toMatch(/Anna|Schmidt/);
  });

  it("speaks Jina's protocol (no documents echoed) and takes the tokens it reports", async () => {
    const server = servers.jina;
    server.scoreBy(urlaubFirst);
    const gateway = gatewayFor({ AI_RERANK_PROVIDER: 'jina', AI_RERANK_BASE_URL: server.url, AI_RERANK_API_KEY: 'jina-key', AI_RERANK_MODEL: 'jina-reranker-v2-base-multilingual' });
    const before = server.requests.length;
    const result = await gateway.rerank(createPrivacyGate([]), { query: 'Urlaub', documents: DOCUMENTS, topN: 4 });
    expect(result.order).toEqual([1, 3, 0, 2]);
    const [request] = server.requests.slice(before);
    expect(request!.path).toBe('/v1/rerank');
    expect(request!.body).toMatchObject({ return_documents: false, top_n: 4 });
    const sentChars = DOCUMENTS.reduce((n, d) => n + 'Urlaub'.length + d.length, 0);
    expect(result.tokens).toBe(Math.ceil(sentChars / 4) + 7);
  });

  it('reaches a TEI server through the generic endpoint: asks in its words after the first refusal, then at once', async () => {
    const server = servers.tei;
    server.scoreBy(urlaubFirst);
    const gateway = gatewayFor({ AI_RERANK_PROVIDER: 'openai-compatible', AI_RERANK_BASE_URL: server.url, AI_RERANK_MODEL: 'BAAI/bge-reranker-v2-m3' });
    const before = server.requests.length;
    expect((await gateway.rerank(createPrivacyGate([]), { query: 'Urlaub', documents: DOCUMENTS, topN: 2 })).order).toEqual([1, 3]);
    const first = server.requests.slice(before);
    expect(first.map((r) => Object.keys(r.body).sort())).toEqual([
      ['documents', 'model', 'query', 'top_n'],
      ['query', 'texts', 'truncate'],
    ]);
    expect(first[0]!.headers.authorization).toBeUndefined();
    const again = server.requests.length;
    expect((await gateway.rerank(createPrivacyGate([]), { query: 'Parkplatz', documents: DOCUMENTS, topN: 4 })).order).toEqual([1, 3, 0, 2]);
    expect(server.requests.slice(again).map((r) => r.body.texts?.length)).toEqual([4]);
  });

  it('throws what the server answered when it fails (the caller keeps its own order)', async () => {
    const server = servers.cohere;
    server.fail(503, '{"message":"model is loading"}');
    try {
      const gateway = gatewayFor({ AI_RERANK_PROVIDER: 'cohere', AI_RERANK_BASE_URL: server.url, AI_RERANK_MODEL: 'rerank-v3.5' });
      await expect(gateway.rerank(createPrivacyGate([]), { query: 'Urlaub', documents: DOCUMENTS, topN: 2 })).rejects.toMatchObject({
        statusCode: 503,
        responseBody: '{"message":"model is loading"}',
      });
    } finally {
      server.fail(null);
    }
  });
});
