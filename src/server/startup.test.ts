import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadEnvFile } from './config.ts';
import { configWarnings, explainStartupError, startupBanner } from './startup.ts';
import { TEST_SELLER_ENV } from '../../tests/setup/seller-env.ts';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mika-startup-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs configFromEnvironment() in a process of its own, in `cwd`, with exactly `env` (plus PATH). */
function startConfig(cwd: string, env: Record<string, string>) {
  const startup = path.resolve('src/server/startup.ts');
  const script = `import { configFromEnvironment } from ${JSON.stringify(startup)};
const { config, envFile } = configFromEnvironment();
console.log(JSON.stringify({ port: config.port, host: config.host, provider: config.ai.provider, model: config.ai.chatModel ?? null, envFile: envFile ?? null }));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd, env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('.env', () => {
  it('is read from the working directory at start; the environment wins over the file', () => {
    const cwd = fs.mkdtempSync(path.join(dir, 'app-'));
    fs.writeFileSync(
      path.join(cwd, '.env'),
      ['# comments and quotes as in .env.example', 'PORT=4123', 'AI_PROVIDER=openai', 'AI_CHAT_MODEL="gpt-4o-mini" # inline comment', ''].join('\n'),
    );
    const run = startConfig(cwd, { AI_CHAT_MODEL: 'aus-der-umgebung' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      port: 4123,
      host: '127.0.0.1',
      provider: 'openai',
      model: 'aus-der-umgebung',
      envFile: path.join(fs.realpathSync(cwd), '.env'),
    });
  });

  it('is optional; ENV_FILE names another file, ENV_FILE= reads none, a named file that is missing stops the start', () => {
    const cwd = fs.mkdtempSync(path.join(dir, 'app-'));
    expect(JSON.parse(startConfig(cwd, {}).stdout)).toMatchObject({ port: 3000, provider: 'offline', envFile: null });

    fs.writeFileSync(path.join(cwd, '.env'), 'PORT=4001\n');
    fs.writeFileSync(path.join(cwd, 'staging.env'), 'PORT=4002\n');
    expect(JSON.parse(startConfig(cwd, { ENV_FILE: 'staging.env' }).stdout)).toMatchObject({ port: 4002 });
    expect(JSON.parse(startConfig(cwd, { ENV_FILE: '' }).stdout)).toMatchObject({ port: 3000, envFile: null });

    const missing = startConfig(cwd, { ENV_FILE: 'fehlt.env' });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('fehlt.env kann nicht gelesen werden / cannot be read: ENOENT');
  });

  it('loadEnvFile fills only what is not set', () => {
    const file = path.join(dir, 'unit.env');
    fs.writeFileSync(file, 'A=aus-datei\nB=aus-datei\n');
    const env: NodeJS.ProcessEnv = { ENV_FILE: file, A: 'gesetzt' };
    expect(loadEnvFile(env, dir)).toBe(file);
    expect(env).toMatchObject({ A: 'gesetzt', B: 'aus-datei' });
  });
});

describe('configuration errors', () => {
  it('print the message naming variable and value, in German and English, without a stack trace', () => {
    const run = startConfig(dir, { ENV_FILE: '', PORT: 'dreitausend', AI_PROVIDER: 'openai' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Mika startet nicht / cannot start:');
    expect(run.stderr).toContain('Ungültige Konfiguration / Invalid configuration:');
    expect(run.stderr).toContain('PORT="dreitausend"');
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(run.stdout).toBe('');
  });

  it('refuse an unknown place for the embedded database, naming variable and value', () => {
    expect(() => loadConfig({ EMBEDDED_DB_THREAD: 'beide' })).toThrow(/EMBEDDED_DB_THREAD="beide"/);
    expect(loadConfig({}).embeddedThread).toBe('worker');
    expect(loadConfig({ EMBEDDED_DB_THREAD: 'main' }).embeddedThread).toBe('main');
  });

  it('name contradictions that would otherwise fail later', () => {
    expect(() => loadConfig({ AI_PROVIDER: 'openai-compatible' })).toThrow(ConfigError);
    expect(() => loadConfig({ AI_IMAGE_PROVIDER: 'openai' })).toThrow(/AI_IMAGE_MODEL/);
    expect(explainStartupError(Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' }), loadConfig({ PORT: '3456' }))).toContain(
      'Port 3456 ist schon belegt',
    );
    // Anything unknown is not dressed up: the caller rethrows it with its stack.
    expect(explainStartupError(new TypeError('kaputt'))).toBeUndefined();
  });
});

describe('the seller data in production', () => {
  it('refuses to start with the shipped example seller and names the variables', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SELLER_NAME, SELLER_VAT_ID, SELLER_IBAN/);
    expect(() => loadConfig({ NODE_ENV: 'production', ...TEST_SELLER_ENV })).not.toThrow();
    // Stripe invoices itself: the seller data are not used.
    expect(() => loadConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_test_x' })).not.toThrow();
  });
});

describe('the start-up banner', () => {
  const banner = (env: Record<string, string>) => {
    const config = loadConfig(env);
    const warnings = configWarnings(config, env);
    return { text: startupBanner(config, { listening: 'http://127.0.0.1:3000', warnings }), warnings };
  };

  it('says which database, mail and AI mode run, without passwords', () => {
    const local = banner({}).text;
    expect(local).toContain('Datenbank:  eingebettet (PGlite)');
    expect(local).toContain('E-Mails:    Postausgang (Links erscheinen hier im Log)');
    expect(local).toContain('KI:         Offline-Engine');
    expect(local).toContain('Abrechnung: Rechnung mit BEISPIEL-Verkäuferdaten');
    expect(local).toContain('nur dieser Rechner – HOST=0.0.0.0 für alle');
    expect(local).toContain('Ausgehend:  nur öffentliche https-Adressen, OUTBOUND_ALLOW leer');
    expect(banner({ OUTBOUND_ALLOW: 'intranet.example.de, 10.0.0.0/8' }).text).toContain(
      'OUTBOUND_ALLOW erlaubt intranet.example.de, 10.0.0.0/8',
    );

    const server = banner({
      NODE_ENV: 'production',
      ...TEST_SELLER_ENV,
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://mika:geheim@db.internal:5432/mika',
      SMTP_URL: 'smtp://user:pw@smtp.example.com:587',
      REDIS_URL: 'redis://:redispw@redis.internal:6379',
      AI_PROVIDER: 'openai',
      AI_API_KEY: 'sk-geheim',
      AI_CHAT_MODEL: 'gpt-4o-mini',
    });
    expect(server.text).toContain('Datenbank:  PostgreSQL postgres://db.internal:5432/mika');
    expect(server.text).toContain('E-Mails:    SMTP smtp://smtp.example.com:587');
    expect(server.text).toContain('KI:         openai, Modell gpt-4o-mini');
    expect(server.text).toContain('Abrechnung: Rechnung im Namen von Prüf-Mika GmbH');
    expect(server.text).toContain('Live-Kanal: Redis redis://redis.internal:6379');
    expect(server.text).not.toMatch(/geheim|redispw|sk-|pw@/);
    expect(server.warnings).toEqual([]);
  });

  it('says from the provider registry which capability runs offline, and that Insight\'s settings win', () => {
    const config = loadConfig({});
    const base = { baseUrl: null, contextTokens: 128_000, hasKey: false, updatedAt: null } as const;
    const text = startupBanner(config, {
      listening: 'http://127.0.0.1:3000',
      warnings: [],
      providers: [
        { ...base, capability: 'chat', provider: 'openai', baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1', hasKey: true, source: 'stored', offline: false },
        { ...base, capability: 'speech', provider: 'offline', model: null, source: 'default', offline: true },
        { ...base, capability: 'transcription', provider: 'offline', model: null, source: 'default', offline: true },
        { ...base, capability: 'image', provider: 'offline', model: null, source: 'default', offline: true },
        { ...base, capability: 'embedding', provider: 'openai', model: 'nomic-embed-text', source: 'environment', offline: false },
        { ...base, capability: 'rerank', provider: 'offline', model: null, source: 'default', offline: true },
      ],
    });
    expect(text).toContain('KI:         openai, Modell llama3.1 über http://127.0.0.1:11434/v1 (Embeddings openai:nomic-embed-text)');
    expect(text).toContain('KI offline: Sprachausgabe, Spracherkennung, Bilder, Rerank · Einstellungen aus Insight → KI-Anbieter gelten vor AI_*');
  });

  it('warns when an AI provider is half configured', () => {
    expect(banner({ AI_PROVIDER: 'openai', AI_API_KEY: 'sk-x' }).warnings).toEqual([
      'AI_PROVIDER=openai ohne AI_CHAT_MODEL: Chats antworten mit der Offline-Engine. Setze AI_CHAT_MODEL (z. B. gpt-4o-mini).',
    ]);
    const keyOnly = banner({ AI_API_KEY: 'sk-x', AI_CHAT_MODEL: 'gpt-4o-mini' });
    expect(keyOnly.warnings[0]).toMatch(/^AI_API_KEY, AI_CHAT_MODEL gesetzt, aber AI_PROVIDER ist offline/);
    expect(keyOnly.text).toContain('  ⚠ AI_API_KEY, AI_CHAT_MODEL gesetzt');
    expect(banner({ AI_PROVIDER: 'anthropic', AI_CHAT_MODEL: 'claude' }).warnings).toEqual([
      'AI_PROVIDER=anthropic ohne AI_API_KEY: der Anbieter wird jede Anfrage ablehnen.',
    ]);
    // Ollama & co. need no key.
    expect(banner({ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: 'http://127.0.0.1:11434/v1', AI_CHAT_MODEL: 'llama3' }).warnings).toEqual([]);
    expect(banner({ AI_IMAGE_PROVIDER: 'recraft' }).warnings).toEqual(['AI_IMAGE_PROVIDER=recraft ohne AI_IMAGE_API_KEY: Bilder können nicht gemalt werden.']);
  });
});
