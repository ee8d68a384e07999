import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/setup/test-app.ts';

describe('serving the client', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mika-client-'));
    await fs.mkdir(path.join(dir, 'assets'));
    await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Mika</title>');
    await fs.writeFile(path.join(dir, 'assets', 'app-123.js'), 'console.log(1)');
    await fs.writeFile(path.join(dir, 'embed.js'), '(function(){})();');
    t = await createTestApp({ CLIENT_DIR: dir });
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('answers client routes with the app shell and keeps API and asset misses as 404', async () => {
    for (const url of ['/', '/login', '/Support', '/reset-password/abc']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Mika</title>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const asset = await t.app.inject({ url: '/assets/app-123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ url: '/assets/gone-456.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ url: '/api/gibt-es-nicht' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'Nicht gefunden.' });
    // Decided on the decoded path, as the router decodes it.
    const encoded = await t.app.inject({ url: '/%61pi/gibt-es-nicht' });
    expect(encoded.statusCode).toBe(404);
    expect(encoded.json()).toEqual({ error: 'Nicht gefunden.' });
  });

  it('lets other websites load embed.js, but not the app’s own assets', async () => {
    expect((await t.app.inject({ url: '/embed.js' })).headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await t.app.inject({ url: '/assets/app-123.js' })).headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('serves a rebuilt client without a restart', async () => {
    await fs.writeFile(path.join(dir, 'assets', 'app-789.js'), 'console.log(2)');
    expect((await t.app.inject({ url: '/assets/app-789.js' })).body).toBe('console.log(2)');
  });

  it('never leaks internals in errors', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{kaputt' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Eingaben sind nicht valide' });
  });
});
