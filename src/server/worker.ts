import { buildApp } from './app.ts';
import { closeOnSignals, openAndPrepareDatabase } from './bootstrap.ts';
import { loadConfig } from './config.ts';

/**
 * `npm run worker`: works off background jobs (mail delivery, cleanup, …) without serving HTTP.
 * It builds the same application as the web process, so every job a feature defines is known
 * here too, and it never listens. Only with PostgreSQL: an embedded database belongs to the web
 * process, which runs its jobs itself.
 */
const loaded = loadConfig();
if (!loaded.databaseUrl) {
  console.error('npm run worker braucht DATABASE_URL (PostgreSQL). Mit der eingebetteten Datenbank erledigt der Webprozess die Jobs selbst.');
  process.exit(1);
}
const config = { ...loaded, jobs: { ...loaded.jobs, runInWeb: true } };
const database = await openAndPrepareDatabase(config);
const { app } = await buildApp(config, database);

closeOnSignals(app, database);

await app.ready();
app.log.info('worker running');
