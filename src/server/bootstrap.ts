import path from 'node:path';
import type { AppConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { ensureSuperadmin } from './db/seed.ts';
import { seedDefaultAssistants } from './features/assistants/assistant.seed.ts';
import { createLocalStorage } from './platform/storage.ts';

/** Opens the configured database, applies committed migrations and seeds what every start needs. */
export async function openAndPrepareDatabase(config: AppConfig): Promise<Database> {
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'db') },
  );
  await database.migrate();
  if (config.superadmin) await ensureSuperadmin(database.db, config.superadmin);
  await seedDefaultAssistants(database.db, createLocalStorage(config.storageDir));
  return database;
}
