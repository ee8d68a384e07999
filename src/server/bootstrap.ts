import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { ensureSuperadmin } from './db/seed.ts';
import { GUIDE_SEED_KEY, seedDefaultAssistants } from './features/assistants/index.ts';
import { seedGuideKnowledge } from './features/knowledge/index.ts';
import { createPublicStorage } from './platform/storage.ts';
import { createObjectBackend } from './platform/object-backend.ts';

/** Opens the configured database, applies committed migrations and seeds what every start needs. */
export async function openAndPrepareDatabase(config: AppConfig): Promise<Database> {
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'db'), embeddedThread: config.embeddedThread },
  );
  await database.migrate();
  if (config.superadmin) await ensureSuperadmin(database.db, config.superadmin);
  const defaults = await seedDefaultAssistants(database.db, createPublicStorage(createObjectBackend(config)));
  await seedGuideKnowledge(database.db, defaults.get(GUIDE_SEED_KEY)!);
  return database;
}

/**
 * Graceful stop on SIGINT/SIGTERM: no new requests, running requests and jobs finish (jobs not
 * done in time go back to the queue), then the database closes cleanly.
 */
export function closeOnSignals(app: FastifyInstance, database: Database) {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close().catch((err) => app.log.error({ err }, 'error while closing'));
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
