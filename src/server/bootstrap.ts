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
 * done in time go back to the queue), then the database closes cleanly. The same stop, with exit
 * code 1, when the database fails for good (closeOnDatabaseFailure).
 */
export function closeOnSignals(app: FastifyInstance, database: Database) {
  const shutdown = gracefulStop(app, database, (code) => process.exit(code));
  process.on('SIGINT', () => void shutdown('SIGINT', 0));
  process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
  closeOnDatabaseFailure(app, database, shutdown);
}

/**
 * The embedded database's thread died and could not be started again (embedded-client.ts): a
 * process that answers every request with 500 helps nobody, one that exits (code 1) is restarted by
 * its supervisor, or by the person who ran `npm start`, who is told why.
 */
export function closeOnDatabaseFailure(app: FastifyInstance, database: Database, shutdown: (reason: string, code: number) => Promise<void>) {
  database.onFatal?.((err) => {
    app.log.fatal({ err }, 'the database failed and could not be opened again');
    console.error(`\nMika hält an / stops: die Datenbank ist ausgefallen / the database failed (${err.message}). Bitte neu starten / please start again.\n`);
    void shutdown('database failure', 1);
  });
}

/** Closes the server, then the database, then exits with the code given; a second call does nothing. */
export function gracefulStop(app: FastifyInstance, database: Database, exit: (code: number) => void) {
  let closing = false;
  return async (reason: string, code: number) => {
    if (closing) return;
    closing = true;
    app.log.info({ reason }, 'shutting down');
    await app.close().catch((err) => app.log.error({ err }, 'error while closing'));
    await database.close().catch(() => undefined);
    exit(code);
  };
}
