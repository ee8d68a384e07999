import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';
import { buildApp, type BuildOptions, type BuiltApp } from '../../src/server/app.ts';
import { loadConfig, type AppConfig } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { withDatabase } from './global-setup.ts';
import { GUIDE_SEED_KEY, seedDefaultAssistants } from '../../src/server/features/assistants/assistant.seed.ts';
import { seedGuideKnowledge } from '../../src/server/features/knowledge/guide.seed.ts';
import { createPublicStorage } from '../../src/server/platform/storage.ts';
import { createObjectBackend } from '../../src/server/platform/object-backend.ts';

export interface TestApp extends BuiltApp {
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

export interface TestDatabase {
  database: Database;
  /** PostgreSQL only: the database's URL (for a server process started on it). */
  url?: string;
  /** Closes the database and opens the same one again, as a restarted process would. */
  reopen(): Promise<Database>;
  drop(): Promise<void>;
}

/**
 * A fresh database copied from the golden one. `persistent` keeps an embedded database in a data
 * directory (instead of memory) so that it can be reopened.
 */
export async function openTestDatabase(options: { persistent?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const goldenDatabase = inject('goldenDatabase');
  if (serverUrl && goldenDatabase) {
    const name = `mika_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${goldenDatabase}`);
    const url = withDatabase(serverUrl, name);
    const handle: TestDatabase = {
      url,
      database: await openDatabase({ databaseUrl: url }),
      reopen: async () => {
        await handle.database.close();
        return (handle.database = await openDatabase({ databaseUrl: url }));
      },
      drop: async () => {
        await handle.database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
    return handle;
  }
  const dump = inject('goldenDump');
  if (!dump) throw new Error('global setup did not provide a golden database');
  const loadDataDir = new Blob([await fs.readFile(dump)]);
  const pgliteDir = options.persistent ? await fs.mkdtemp(path.join(os.tmpdir(), 'mika-test-db-')) : undefined;
  const handle: TestDatabase = {
    database: await openDatabase({ loadDataDir, pgliteDir }),
    reopen: async () => {
      if (!pgliteDir) throw new Error('reopen needs { persistent: true }');
      await handle.database.close();
      return (handle.database = await openDatabase({ pgliteDir }));
    },
    drop: async () => {
      await handle.database.close();
      if (pgliteDir) await fs.rm(pgliteDir, { recursive: true, force: true });
    },
  };
  return handle;
}

/** Builds the real application (all plugins and features) on a fresh database. */
export async function createTestApp(env: Record<string, string> = {}, options: BuildOptions = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  return buildTestApp(database, env, drop, options);
}

/** Builds the real application on a given database; close() also runs `drop`. */
export async function buildTestApp(
  database: Database,
  env: Record<string, string> = {},
  drop: () => Promise<void> = async () => undefined,
  options: BuildOptions = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mika-test-data-'));
  // Tests write rows directly, as another instance would, and expect the next request to see them:
  // without the session cache (AUTH_CACHE_MS) that holds without waiting for the database's
  // change notification. The cache itself is tested with it on (auth-cache.test.ts, two instances).
  const config = loadConfig({ NODE_ENV: 'test', APP_URL: 'http://mika.test', DATA_DIR: dataDir, AUTH_CACHE_MS: '0', ...env });
  const defaults = await seedDefaultAssistants(database.db, createPublicStorage(createObjectBackend(config)));
  await seedGuideKnowledge(database.db, defaults.get(GUIDE_SEED_KEY)!);
  const built = await buildApp(config, database, undefined, options);
  await built.app.ready();
  return {
    ...built,
    database,
    config,
    close: async () => {
      await built.app.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
