import { buildApp } from './app.ts';
import { closeOnSignals, openAndPrepareDatabase } from './bootstrap.ts';
import { assertLegalPagesReady, configFromEnvironment, configWarnings, exitWithExplanation, startupBanner } from './startup.ts';

// Started by server.ts (with Node's compile cache on). `npm start` ran scripts/check-node.js (a too old
// Node) and the client build before.
const { config, envFile } = configFromEnvironment();
await assertLegalPagesReady(config).catch((err: unknown) => exitWithExplanation(err, config));
const warnings = configWarnings(config, process.env);
const database = await openAndPrepareDatabase(config).catch((err: unknown) => exitWithExplanation(err, config));
const { app, deps } = await buildApp(config, database);

closeOnSignals(app, database);

const listening = await app.listen({ port: config.port, host: config.host }).catch(async (err: unknown) => {
  await database.close().catch(() => undefined);
  return exitWithExplanation(err, config);
});
for (const warning of warnings) app.log.warn({ warning }, 'configuration');
console.log(startupBanner(config, { envFile, listening, warnings, providers: deps.providers.list() }));
