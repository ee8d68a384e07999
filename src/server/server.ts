import { buildApp } from './app.ts';
import { closeOnSignals, openAndPrepareDatabase } from './bootstrap.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
const database = await openAndPrepareDatabase(config);
const { app } = await buildApp(config, database);

closeOnSignals(app, database);

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `eingebettet unter ${config.dataDir}`;
console.log(
  [
    '',
    `  Mika läuft: ${config.appUrl}`,
    `  Datenbank: ${where}`,
    config.mail.smtpUrl
      ? '  E-Mails: SMTP'
      : config.mail.logOutbox
        ? '  E-Mails: Postausgang (Links erscheinen hier im Log)'
        : '  E-Mails: Postausgang (ohne SMTP_URL werden keine E-Mails versendet)',
    config.jobs.runInWeb ? '  Hintergrundjobs: in diesem Prozess' : '  Hintergrundjobs: in npm run worker',
    `  Erster Start? Konto anlegen unter ${config.appUrl}/register`,
    '',
  ].join('\n'),
);
