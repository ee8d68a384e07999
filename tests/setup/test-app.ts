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
import { seedDefaultAssistants } from '../../src/server/features/assistants/assistant.seed.ts';
import { createLocalStorage } from '../../src/server/platform/storage.ts';

export interface TestApp extends BuiltApp {
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

/** A fresh database copied from the golden one. */
export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const goldenDatabase = inject('goldenDatabase');
  if (serverUrl && goldenDatabase) {
    const name = `mika_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${goldenDatabase}`);
    const database = await openDatabase({ databaseUrl: withDatabase(serverUrl, name) });
    return {
      database,
      drop: async () => {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dump = inject('goldenDump');
  if (!dump) throw new Error('global setup did not provide a golden database');
  const database = await openDatabase({ loadDataDir: new Blob([await fs.readFile(dump)]) });
  return { database, drop: () => database.close() };
}

/** Builds the real application (all plugins and features) on a fresh database. */
export async function createTestApp(env: Record<string, string> = {}, options: BuildOptions = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mika-test-data-'));
  const config = loadConfig({ NODE_ENV: 'test', APP_URL: 'http://mika.test', DATA_DIR: dataDir, ...env });
  await seedDefaultAssistants(database.db, createLocalStorage(config.storageDir));
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
