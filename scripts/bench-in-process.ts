// The app in the bench's own process (app.inject, no HTTP), as the knowledge, website and Einblicke
// benches use it: a fresh embedded database in a temporary data directory — or, with
// `onServer` and BENCH_DATABASE_URL=postgres://…, a fresh database of that PostgreSQL server — the
// production configuration (silent log; EMBEDDED_DB_THREAD from the environment as in the app) and one
// registered team. `close()` removes all of it.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { installJobSchema } from '../src/server/platform/jobs.ts';
import { Agent } from '../tests/setup/agent.ts';
import { withDatabase } from '../tests/setup/global-setup.ts';
import { TEST_SELLER_ENV } from '../tests/setup/seller-env.ts';

export async function openInProcessApp(name: string, options: { env?: Record<string, string>; onServer?: boolean } = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `mika-bench-${name}-`));
  const serverUrl = options.onServer ? process.env.BENCH_DATABASE_URL : undefined;
  const benchDb = `mika_bench_${process.pid}`;
  const admin = serverUrl ? new pg.Client({ connectionString: serverUrl }) : undefined;
  if (admin) {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${benchDb}`);
  }
  const config = loadConfig({
    NODE_ENV: 'production',
    ...TEST_SELLER_ENV,
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    APP_URL: 'http://bench.local',
    ...(process.env.EMBEDDED_DB_THREAD ? { EMBEDDED_DB_THREAD: process.env.EMBEDDED_DB_THREAD } : {}),
    ...options.env,
  });
  const database = await openDatabase(
    serverUrl ? { databaseUrl: withDatabase(serverUrl, benchDb) } : { pgliteDir: path.join(dataDir, 'db'), embeddedThread: config.embeddedThread },
  );
  await database.migrate();
  if (serverUrl) await installJobSchema(database);
  const { app, deps } = await buildApp(config, database);
  await app.ready();
  const agent = new Agent(app);
  await agent.post('/api/register', {
    name: 'Bench Mark',
    email: 'bench@firma.de',
    password: 'geheim123',
    password_confirmation: 'geheim123',
    terms: true,
  });
  const close = async () => {
    await app.close();
    await database.close();
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${benchDb} WITH (FORCE)`);
      await admin.end();
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  return { database, deps, agent, close };
}
