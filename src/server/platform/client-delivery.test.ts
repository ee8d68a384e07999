import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { NormalizedOutputOptions, OutputBundle } from 'rolldown';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../scripts/precompress-plugin.ts';
import { createAssistant, createStaffedTeam, loginAs } from '../../../tests/factories/index.ts';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app.ts';
import { pickEncoding } from './client-delivery.ts';

const SCRIPT = `export function greet(name) { return "Hallo " + name; }\n`.repeat(200);
const STYLE = `.mika-card { color: #f2f4f7; background: #282d33; border-radius: 16px; }\n`.repeat(100);

/** Runs the build's precompress plugin over a directory as Vite would after writing the bundle. */
async function runPrecompress(dir: string, files: string[]) {
  const plugin = precompress();
  (plugin.configResolved as (c: unknown) => void)({ root: dir, build: { outDir: '.' } });
  const bundle = Object.fromEntries(files.map((f) => [f, {}])) as unknown as OutputBundle;
  await (plugin.writeBundle as (o: NormalizedOutputOptions, b: OutputBundle) => Promise<void>).call({}, {} as NormalizedOutputOptions, bundle);
}

describe('delivering the built client', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mika-delivery-'));
    await fs.mkdir(path.join(dir, 'assets'));
    await fs.writeFile(path.join(dir, 'index.html'), `<!doctype html><title>Mika</title>${'<!-- shell -->'.repeat(100)}`);
    await fs.writeFile(path.join(dir, 'auth.html'), `<!doctype html><title>Mika</title>${'<!-- sign-in -->'.repeat(100)}`);
    await fs.writeFile(path.join(dir, 'assets', 'main-AbC123.js'), SCRIPT);
    await fs.writeFile(path.join(dir, 'assets', 'main-AbC123.css'), STYLE);
    await fs.writeFile(path.join(dir, 'assets', 'tiny-X1.js'), 'export {};');
    await fs.writeFile(path.join(dir, 'embed.js'), `(function(){${'var a=1;'.repeat(300)}})();`);
    await runPrecompress(dir, ['index.html', 'auth.html', 'assets/main-AbC123.js', 'assets/main-AbC123.css', 'assets/tiny-X1.js']);
    t = await createTestApp({ CLIENT_DIR: dir });
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('the build writes brotli and gzip next to every text file worth it', async () => {
    const names = (await fs.readdir(path.join(dir, 'assets'))).sort();
    expect(names).toEqual(['main-AbC123.css', 'main-AbC123.css.br', 'main-AbC123.css.gz', 'main-AbC123.js', 'main-AbC123.js.br', 'main-AbC123.js.gz', 'tiny-X1.js']);
    expect(zlib.brotliDecompressSync(await fs.readFile(path.join(dir, 'assets', 'main-AbC123.js.br'))).toString()).toBe(SCRIPT);
    expect(zlib.gunzipSync(await fs.readFile(path.join(dir, 'assets', 'main-AbC123.js.gz'))).toString()).toBe(SCRIPT);
    // public/ files (embed.js) are compressed too.
    expect(await fs.stat(path.join(dir, 'embed.js.br'))).toBeTruthy();
  });

  it.each([
    ['br, gzip, deflate', 'br', zlib.brotliDecompressSync],
    ['gzip, deflate', 'gzip', zlib.gunzipSync],
  ] as const)('sends JS and CSS as %s prefers, with Vary and immutable caching for hashed files', async (accept, encoding, decode) => {
    for (const [file, content, type] of [
      ['/assets/main-AbC123.js', SCRIPT, 'javascript'],
      ['/assets/main-AbC123.css', STYLE, 'text/css'],
    ] as const) {
      const res = await t.app.inject({ url: file, headers: { 'accept-encoding': accept } });
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-encoding'], file).toBe(encoding);
      expect(res.headers['content-type'], file).toContain(type);
      expect(String(res.headers.vary).toLowerCase(), file).toContain('accept-encoding');
      expect(res.headers['cache-control'], file).toBe('public, max-age=31536000, immutable');
      expect(decode(res.rawPayload).toString(), file).toBe(content);
    }
  });

  it('sends the plain file to a browser that accepts no compression, and never caches the shell for long', async () => {
    const js = await t.app.inject({ url: '/assets/main-AbC123.js', headers: { 'accept-encoding': 'identity' } });
    expect(js.headers['content-encoding']).toBeUndefined();
    expect(js.body).toBe(SCRIPT);
    const shell = await t.app.inject({ url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(shell.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(shell.rawPayload).toString()).toContain('<title>Mika</title>');
    const embed = await t.app.inject({ url: '/embed.js', headers: { 'accept-encoding': 'gzip' } });
    expect(embed.headers['content-encoding']).toBe('gzip');
    expect(embed.headers['cache-control']).toBe('no-cache');
    expect(embed.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('answers the sign-in screens with their own light page and every other client path with the office', async () => {
    for (const url of ['/login', '/register', '/reset', '/reset-password/abc-123', '/feedback?status=success&title=Hallo']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<!-- sign-in -->');
    }
    for (const url of ['/', '/Support', '/loginx', '/logout', '/agb']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<!-- shell -->');
    }
  });

  it('compresses API JSON above the threshold, not below it', async () => {
    const big = await t.app.inject({ url: '/api/docs/openapi.json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(big.headers['content-encoding']).toBe('br');
    expect(String(big.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString())).toHaveProperty('openapi');
    const small = await t.app.inject({ url: '/api/gibt-es-nicht', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ error: 'Nicht gefunden.' });
  });

  it('never compresses the chat stream (server-sent events)', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const assistant = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    const thread = (await agent.post('/api/thread/create', { assistantUuid: assistant.uuid })).json<{ id: number; token: string }>();
    const q = new URLSearchParams({ assistantUuid: assistant.uuid, threadId: String(thread.id), token: thread.token, message: 'Hallo?' });
    const res = await agent.get(`/api/send/stream?${q.toString()}`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toContain('"type":"complete"');
  });
});

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.8', 'gzip'],
    ['*', 'gzip'],
    ['identity', null],
    [undefined, null],
  ])('%j → %j', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});
