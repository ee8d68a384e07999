// The website crawler's own cost (issue 34): a local test site of 200 pages (sitemap index, links,
// robots.txt, a PDF, a 7 MB page, a 404) crawled and indexed into the embedded database, from the
// request until the website is "aktuell". The pace per host is raised to 100 requests per second
// here: at the polite default of 2 the crawl lasts ≥ 100 s by construction, whatever the code
// costs. Memory: the process's peak RSS and heap during the crawl, sampled every 50 ms (pages are
// streamed one at a time, so it must not grow with the site). BENCH_ONLY=website runs only this.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import type { WebsiteList } from '../src/shared/schemas/websites.ts';
import { Agent } from '../tests/setup/agent.ts';
import { TEST_SELLER_ENV } from '../tests/setup/seller-env.ts';
import { startTestWebsite } from '../tests/fixtures/test-website.ts';

const PAGES = 200;

async function main() {
  const only = process.env.BENCH_ONLY;
  if (only && only !== 'website') return;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mika-bench-website-'));
  const site = await startTestWebsite({ pages: PAGES });
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'production',
    ...TEST_SELLER_ENV,
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    APP_URL: 'http://bench.local',
    OUTBOUND_ALLOW: '127.0.0.1',
    CRAWL_REQUESTS_PER_SECOND: '100',
  });
  const { app, deps } = await buildApp(config, database);
  await app.ready();
  try {
    const agent = new Agent(app);
    await agent.post('/api/register', { name: 'Bench Mark', email: 'bench@firma.de', password: 'geheim123', password_confirmation: 'geheim123', terms: true });
    // 200 pages need the Team plan (300 pages per website).
    await deps.db.execute(sql`update teams set plan_slug = 'team'`);
    const created = await agent.post('/api/assistant', {
      type: 'chat',
      name: 'Bench Website',
      role: 'Du bist die Assistenz unseres Teams für alle Fragen zur Website.',
      task: 'Du beantwortest Fragen aus den Seiten unserer Website. '.repeat(6),
      style: 'professionell und sachlich',
      is_public: 0,
      can_talk: 0,
    });
    const assistantUuid = created.json<{ uuid: string }>().uuid;
    global.gc?.();
    const base = process.memoryUsage();
    let peakRss = base.rss;
    let peakHeap = base.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 50);
    const t0 = performance.now();
    const res = await agent.post('/api/knowledge/website', { assistantUuid, url: `${site.base}/`, maxPages: 300, interval: 'manual' });
    if (res.status !== 200) throw new Error(`website: ${res.body}`);
    let pages = 0;
    for (;;) {
      const w = (await agent.get(`/api/knowledge/websites/${assistantUuid}`)).json<WebsiteList>().websites[0]!;
      if (w.status === 'ready' || w.status === 'error') {
        pages = w.pages;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
    console.log('\n| website crawl (local site) | figure |\n|---|---|');
    console.log(`| pages indexed | ${pages} (of ${PAGES} + start page, contact, redirect target, PDF, changing page) |`);
    console.log(`| time until "aktuell" | ${seconds.toFixed(1)} s (${(pages / seconds).toFixed(1)} pages/s; target ≤ 60 s for 200) |`);
    console.log(`| peak RSS / heap during the crawl | ${mb(peakRss)} (start ${mb(base.rss)}) / ${mb(peakHeap)} (start ${mb(base.heapUsed)}) |`);
  } finally {
    await app.close();
    await database.close();
    await site.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
