import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APICallError } from '@ai-sdk/provider';
import { openTestDatabase, type TestDatabase } from '../../../tests/setup/test-app.ts';
import { loadConfig } from '../config.ts';
import { createSecrets } from '../platform/secrets.ts';
import { AI_PROVIDER_MESSAGES } from '../../shared/messages.ts';
import { createProviderRegistry, describeProviderError, scrub } from './registry.ts';

// The registry on its own: two registries on one database stand for two instances — a change
// saved by one reaches the other through the database's NOTIFY (here the embedded database; the
// two-process test does it on PostgreSQL), and errors never carry the key.

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => db?.drop());

const log = { warn: vi.fn(), info: vi.fn() };

describe('the provider registry', () => {
  it('applies a change saved by another instance without a restart (LISTEN mika_ai)', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir() });
    const secrets = createSecrets({ key: 'test-key', dataDir: os.tmpdir() });
    const options = { database: db.database, secrets, ai: config.ai, processors: { all: [], besideAi: [] }, log };
    const [one, two] = await Promise.all([createProviderRegistry(options), createProviderRegistry(options)]);
    try {
      expect(two.models().offline).toBe(true);
      await one.save({ capability: 'chat', provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:11434/v1', apiKey: 'k-123456789', model: 'llama3.1' }, 1);
      await expect.poll(() => two.models().chat.modelId, { timeout: 3000 }).toBe('llama3.1');
      expect(two.models().offline).toBe(false);
      expect(two.list()[0]).toMatchObject({ capability: 'chat', provider: 'openai-compatible', source: 'stored', hasKey: true });
      expect(JSON.stringify(two.list())).not.toContain('k-123456789');
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});

describe('provider errors', () => {
  const KEY = 'sk-proj-AbCdEf0123456789xyz';

  it('removes the key, its parts and the masked forms providers echo', () => {
    expect(scrub(`bad key ${KEY}!`, KEY)).toBe('bad key [Schlüssel verborgen]!');
    expect(scrub('Incorrect API key provided: sk-pr***********9xyz.', KEY)).toBe('Incorrect API key provided: [Schlüssel verborgen].');
    expect(scrub('key AbCdEf0123 is revoked', KEY)).toBe('key [Schlüssel verborgen] is revoked');
    expect(scrub('nothing secret here', KEY)).toBe('nothing secret here');
  });

  it('says in German what the provider answered, with its status and words', () => {
    const apiError = (statusCode: number, body: string) =>
      new APICallError({ message: 'x', url: 'http://p/v1/chat/completions', requestBodyValues: {}, statusCode, responseBody: body });
    expect(describeProviderError(apiError(404, '{"error":{"message":"The model `gpt-9` does not exist"}}'), KEY)).toBe(
      AI_PROVIDER_MESSAGES.testNotFound('HTTP 404 – The model `gpt-9` does not exist'),
    );
    expect(describeProviderError(apiError(429, '{"message":"Rate limit"}'), KEY)).toBe(AI_PROVIDER_MESSAGES.testFailed('HTTP 429 – Rate limit'));
    expect(describeProviderError(apiError(403, `{"detail":"key ${KEY} blocked"}`), KEY)).toBe(
      AI_PROVIDER_MESSAGES.testRejectedKey('HTTP 403 – key [Schlüssel verborgen] blocked'),
    );
    expect(describeProviderError(Object.assign(new Error('t'), { name: 'TimeoutError' }), KEY)).toBe(AI_PROVIDER_MESSAGES.testTimeout);
    expect(describeProviderError(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }), KEY)).toBe(
      AI_PROVIDER_MESSAGES.testUnreachable('ECONNREFUSED'),
    );
  });
});
