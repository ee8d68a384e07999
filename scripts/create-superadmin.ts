// Creates a superadmin, or resets an existing one's password:
//   npm run create-superadmin -- betrieb@example.com 'Ein#sicheres2026'
// With the embedded database, stop the server first (one process per data directory).
import { openAndPrepareDatabase } from '../src/server/bootstrap.ts';
import { configFromEnvironment } from '../src/server/startup.ts';
import { ensureSuperadmin } from '../src/server/db/seed.ts';
import { ZLoginRequest } from '../src/shared/schemas/auth.ts';

const [email, password] = process.argv.slice(2);
const parsed = ZLoginRequest.safeParse({ email, password });
if (!parsed.success || (password ?? '').length < 10) {
  console.error('Usage: npm run create-superadmin -- <email> <password (at least 10 characters)>');
  process.exit(1);
}
const { config } = configFromEnvironment();
const database = await openAndPrepareDatabase(config);
try {
  const result = await ensureSuperadmin(database.db, parsed.data);
  console.log(result.created ? `Superadmin ${parsed.data.email} angelegt.` : `Passwort von ${parsed.data.email} gesetzt.`);
} finally {
  await database.close();
}
