import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp } from '../../../tests/setup/test-app.ts';
import { registerHealth } from './health.ts';

describe('health checks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('/healthz and /readyz answer 200 without a session while the database answers', async () => {
    const live = await t.app.inject({ url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('/readyz answers 503 with the reason when the database does not, /healthz stays 200', async () => {
    // A database that goes away under a running instance (a PostgreSQL restart, a lost connection).
    const handle = await openTestDatabase();
    const database = handle.database;
    const app = Fastify();
    registerHealth(app, database);
    try {
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
      await database.close();
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', reason: 'database', detail: 'error' });
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await handle.drop();
    }
  });
});
