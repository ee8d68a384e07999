import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client.ts';
import { installJobSchema } from '../../src/server/platform/jobs.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a dumped, migrated data dir. */
    goldenDump: string | null;
    /** PostgreSQL: name of a migrated template database. */
    goldenDatabase: string | null;
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Migrates ONE golden database per run; every test file then starts from a copy of it
 * (PGlite: loadDataDir of a dump; PostgreSQL: CREATE DATABASE … TEMPLATE), never from initdb.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `mika_golden_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const golden = await openDatabase({ databaseUrl: withDatabase(serverUrl, name) });
    await golden.migrate();
    await installJobSchema(golden);
    await golden.close();
    project.provide('goldenDatabase', name);
    project.provide('goldenDump', null);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const golden = await openDatabase({});
  await golden.migrate();
  await installJobSchema(golden);
  const dump = await golden.pglite!.dumpDataDir('none');
  await golden.close();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mika-golden-'));
  const file = path.join(dir, 'golden.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('goldenDump', file);
  project.provide('goldenDatabase', null);
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}
