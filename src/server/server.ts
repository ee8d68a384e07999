import { buildApp } from './app.ts';
import { openAndPrepareDatabase } from './bootstrap.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
const database = await openAndPrepareDatabase(config);
const { app } = await buildApp(config, database);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Stop accepting requests, let running ones finish, then close the database cleanly.
  await app.close().catch((err) => app.log.error({ err }, 'error while closing'));
  await database.close().catch(() => undefined);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `eingebettet unter ${config.dataDir}`;
console.log(
  [
    '',
    `  Mika läuft: ${config.appUrl}`,
    `  Datenbank: ${where}`,
    config.mail.smtpUrl ? '  E-Mails: SMTP' : '  E-Mails: Postausgang (Links erscheinen hier im Log)',
    `  Erster Start? Konto anlegen unter ${config.appUrl}/register`,
    '',
  ].join('\n'),
);
