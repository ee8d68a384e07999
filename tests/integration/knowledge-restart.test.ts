import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import type { KnowledgeList } from '../../src/shared/schemas/knowledge.ts';
import { createAssistant, createStaffedTeam, DEFAULT_PASSWORD } from '../factories/index.ts';
import { makePdf } from '../fixtures/office-files.ts';
import { signIn, spawnServer, type ServerProcess } from '../setup/server-process.ts';

// The server dies (kill -9) while it reads a 400-page PDF; started again on the same data, it
// finishes the ingestion by itself and the file ends "fertig" with every page indexed.

const PAGES = 400;
const page = (i: number) =>
  `Seite ${i}: Die Lieferbedingungen der Nordlicht Logistik GmbH regeln Versand, Haftung und Zahlung. `.repeat(
    20,
  );

describe('knowledge ingestion interrupted by a crash', () => {
  let dataDir: string;
  let assistantUuid: string;
  let email: string;
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mika-knowledge-crash-'));
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    await database.migrate();
    const { team, owner } = await createStaffedTeam(database.db);
    assistantUuid = (await createAssistant(database.db, team)).uuid;
    email = owner.email;
    await database.close();
  });
  afterAll(async () => {
    await server?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('resumes after a restart and ends "fertig"', async () => {
    const logFile = path.join(dataDir, 'server.log');
    server = await spawnServer({ env: { DATA_DIR: dataDir }, logFile });
    let session = await signIn(server.baseUrl, email, DEFAULT_PASSWORD);
    const form = new FormData();
    form.append('assistantUuid', assistantUuid);
    form.append('description', 'Lieferbedingungen');
    form.append('dataProtection', '0');
    const pdf = await makePdf(Array.from({ length: PAGES }, (_, i) => page(i + 1)));
    form.append('file', new Blob([new Uint8Array(pdf)]), 'Lieferbedingungen.pdf');
    const upload = await session.postForm('/api/knowledge', form);
    expect(upload.status, await upload.clone().text()).toBe(200);
    const fileUuid = ((await upload.json()) as { file: { uuid: string } }).file.uuid;
    const statusOf = async () =>
      ((await (await session.get(`/api/knowledge/${assistantUuid}`)).json()) as KnowledgeList).files.find(
        (f) => f.uuid === fileUuid,
      )!;

    // Wait until the job is reading the text, then kill the process.
    await expect
      .poll(async () => (await statusOf()).status, { timeout: 60_000, interval: 50 })
      .toBe('reading');
    await server.kill9();

    // Nothing finished it in the meantime: the database says it was still being read.
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    // The uploaded file only (the shipped user guide of the help Mika is a knowledge file too).
    const stored = await database.pglite!.query<{ status: string; passage_count: number }>(
      'select status, passage_count from knowledge_files where uuid = $1',
      [fileUuid],
    );
    await database.close();
    expect(stored.rows).toEqual([{ status: 'reading', passage_count: 0 }]);

    server = await spawnServer({ env: { DATA_DIR: dataDir }, logFile });
    session = await signIn(server.baseUrl, email, DEFAULT_PASSWORD);
    await expect
      .poll(async () => (await statusOf()).status, { timeout: 150_000, interval: 250 })
      .toBe('ready');
    const file = await statusOf();
    expect(file.error).toBeNull();
    expect(file.passages).toBeGreaterThanOrEqual(PAGES);
  }, 300_000);
});
