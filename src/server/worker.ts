import { buildApp } from './app.ts';
import { closeOnSignals, openAndPrepareDatabase } from './bootstrap.ts';
import { configFromEnvironment, configWarnings, exitWithExplanation } from './startup.ts';

/**
 * `npm run worker`: works off background jobs (mail delivery, cleanup, …) without serving HTTP.
 * It builds the same application as the web process, so every job a feature defines is known
 * here too, and it never listens. Only with PostgreSQL: an embedded database belongs to the web
 * process, which runs its jobs itself.
 */
const { config: loaded } = configFromEnvironment();
if (!loaded.databaseUrl) {
  console.error('npm run worker braucht DATABASE_URL (PostgreSQL). Mit der eingebetteten Datenbank erledigt der Webprozess die Jobs selbst.');
  process.exit(1);
}
const config = { ...loaded, jobs: { ...loaded.jobs, runInWeb: true } };
const database = await openAndPrepareDatabase(config).catch((err: unknown) => exitWithExplanation(err, config));
const { app } = await buildApp(config, database);

closeOnSignals(app, database);

await app.ready();
for (const warning of configWarnings(config, process.env)) app.log.warn({ warning }, 'configuration');
app.log.info('worker running');
