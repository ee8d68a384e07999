// The website crawler's own cost (issue 34): a local test site of 200 pages (sitemap index, links,
// robots.txt, a PDF, a 7 MB page, a 404) crawled and indexed into the embedded database, from the
// request until the website is "aktuell". The pace per host is raised to 100 requests per second
// here: at the polite default of 2 the crawl lasts ≥ 100 s by construction, whatever the code
// costs. Memory: the process's peak RSS and heap during the crawl, sampled every 50 ms (pages are
// streamed one at a time, so it must not grow with the site). BENCH_ONLY=website runs only this.
import { sql } from 'drizzle-orm';
import type { WebsiteList } from '../src/shared/schemas/websites.ts';
import { startTestWebsite } from '../tests/fixtures/test-website.ts';
import { openInProcessApp } from './bench-in-process.ts';

const PAGES = 200;

async function main() {
  const only = process.env.BENCH_ONLY;
  if (only && only !== 'website') return;
  const site = await startTestWebsite({ pages: PAGES });
  const { deps, agent, close } = await openInProcessApp('website', { env: { OUTBOUND_ALLOW: '127.0.0.1', CRAWL_REQUESTS_PER_SECOND: '100' } });
  try {
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
    await close();
    await site.close();
  }
}

await main();
