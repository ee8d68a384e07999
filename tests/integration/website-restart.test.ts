import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import type { Website, WebsiteList } from '../../src/shared/schemas/websites.ts';
import { createAssistant, createStaffedTeam, DEFAULT_PASSWORD } from '../factories/index.ts';
import { startTestWebsite, type TestWebsite } from '../fixtures/test-website.ts';
import { signIn, spawnServer, type ServerProcess } from '../setup/server-process.ts';

// The server dies (kill -9) in the middle of a crawl; started again on the same data, it continues
// where it stopped and ends with every page indexed exactly once (issue 34).

describe('a website crawl interrupted by a crash', () => {
  let dataDir: string;
  let assistantUuid: string;
  let email: string;
  let server: ServerProcess | undefined;
  let site: TestWebsite;
  beforeAll(async () => {
    site = await startTestWebsite();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mika-website-crash-'));
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    await database.migrate();
    const { team, owner } = await createStaffedTeam(database.db);
    assistantUuid = (await createAssistant(database.db, team)).uuid;
    email = owner.email;
    await database.close();
  });
  afterAll(async () => {
    await server?.stop();
    await site?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('continues after a restart without duplicate pages', async () => {
    const logFile = path.join(dataDir, 'server.log');
    const env = { DATA_DIR: dataDir, OUTBOUND_ALLOW: '127.0.0.1', CRAWL_REQUESTS_PER_SECOND: '8' };
    server = await spawnServer({ env, logFile });
    let session = await signIn(server.baseUrl, email, DEFAULT_PASSWORD);
    const added = await session.postJson('/api/knowledge/website', { assistantUuid, url: `${site.base}/`, maxPages: 100, interval: 'manual' });
    expect(added.status, await added.clone().text()).toBe(200);
    const { uuid } = (await added.json()) as { uuid: string };
    const website = async (): Promise<Website> =>
      ((await (await session.get(`/api/knowledge/websites/${assistantUuid}`)).json()) as WebsiteList).websites.find((w) => w.uuid === uuid)!;

    // Kill it in the middle of the crawl.
    await expect.poll(async () => (await website()).progress.done, { timeout: 60_000, interval: 50 }).toBeGreaterThanOrEqual(15);
    await server.kill9();

    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    const stopped = await database.pglite!.query<{ status: string; read: number }>(
      `select w.status, (select count(*)::int from knowledge_website_pages p where p.website_id = w.id and p.visited_run = w.run) as read
         from knowledge_websites w where w.uuid = $1`,
      [uuid],
    );
    await database.close();
    expect(stopped.rows[0]!.status).toBe('crawling');
    expect(stopped.rows[0]!.read).toBeLessThan(60);

    server = await spawnServer({ env, logFile });
    session = await signIn(server.baseUrl, email, DEFAULT_PASSWORD);
    await expect.poll(async () => (await website()).status, { timeout: 120_000, interval: 250 }).toBe('ready');
    expect((await website()).pages).toBe(65);
    await server.stop();
    server = undefined;

    // One knowledge file per page, each with its passages once.
    const after = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    const files = await after.pglite!.query<{ description: string; passages: number }>(
      `select f.description, (select count(*)::int from knowledge_passages k where k.file_id = f.id) as passages
         from knowledge_files f where f.website_id is not null`,
    );
    await after.close();
    expect(files.rows).toHaveLength(65);
    expect(new Set(files.rows.map((f) => f.description)).size).toBe(65);
    const seitePassages = new Set(files.rows.filter((f) => f.description.includes('/seite/') && !f.description.endsWith('/seite/3')).map((f) => f.passages));
    expect(seitePassages.size).toBe(1);
  }, 300_000);
});
