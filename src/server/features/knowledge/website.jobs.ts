import { WEBSITE_MESSAGES } from '../../../shared/messages.ts';
import { websitePageCap } from '../../../shared/constants.ts';
import type { KnowledgeWebsitePageRow, KnowledgeWebsiteRow } from '../../db/schema/index.ts';
import type { Deps } from '../../platform/deps.ts';
import type { JobContext } from '../../platform/jobs.ts';
import { recordUsage } from '../usage/index.ts';
import { chunkSections } from './chunk.ts';
import { ExtractionError, type Section } from './extract.ts';
import { extractInThread, extractPageInThread } from './reading-threads.ts';
import { passageVectors } from './knowledge.jobs.ts';
import { replacePassages } from './knowledge.repository.ts';
import { CrawlClient, SiteUnreachable, sitemapUrls, type Robots } from './website-fetch.ts';
import { isQueryVariantOf, matchesPatterns, normalizePageUrl, onSite } from './website-urls.ts';
import {
  beginRun,
  dropUnnamedPages,
  dueWebsites,
  fetchedInRun,
  findWebsiteForCrawl,
  forgetPagesNotFound,
  markPage,
  nextPendingPage,
  pageFile,
  recordFound,
  removePageFile,
  unfinishedCrawls,
  updateWebsite,
} from './website.repository.ts';
import { appendAll } from '../../../shared/arrays.ts';

export const crawlJob = 'website-crawl';
const DUE_JOB = 'website-due';
/** Every 15 minutes the due websites are enqueued (daily or weekly after their last sync). */
const DUE_CRON = '*/15 * * * *';
const INTERVAL_MS = { daily: 24 * 3600_000, weekly: 7 * 24 * 3600_000 } as const;
/** URLs read from a website's sitemaps at most: a sitemap file holds up to 50,000 (sitemaps.org). */
const SITEMAP_URLS_MAX = 50_000;
/** A page answering 404/410 this many syncs in a row is removed. */
const GONE_AFTER = 2;
/** A page row without knowledge that complete syncs have not found this many times is forgotten. */
const FORGET_AFTER = 3;

type CrawlTarget = NonNullable<Awaited<ReturnType<typeof findWebsiteForCrawl>>>;

/**
 * Crawling as pg-boss jobs (docs/knowledge.md#websites). One job crawls one website's run page by
 * page; each page's state is stored as it is read, so a job killed at any point continues with the
 * pages not yet read in this run (the page rows are unique per URL: nothing is read twice).
 */
export function defineWebsiteJobs(deps: Deps) {
  deps.jobs.define<{ websiteId: number }>(crawlJob, async ({ websiteId }, ctx) => crawlWebsite(deps, websiteId, ctx), {
    retryLimit: 2,
    retryDelaySeconds: 10,
    // A site of 1,000 pages at 2 requests per second runs for minutes; the heartbeat shows it lives.
    expireInSeconds: 3 * 3600,
    heartbeatSeconds: 30,
  });
  deps.jobs.define(DUE_JOB, async () => {
    for (const w of await dueWebsites(deps.db, new Date())) await enqueueCrawl(deps, w.id);
  });
  deps.jobs.schedule(DUE_JOB, DUE_CRON);
}

export const enqueueCrawl = (deps: Pick<Deps, 'jobs'>, websiteId: number, tx?: Deps['db']) =>
  deps.jobs.send(crawlJob, { websiteId }, { singletonKey: `website-${websiteId}`, tx });

/** After a restart of the embedded database: interrupted crawls are enqueued again (see resumeInterruptedIngestion). */
export async function resumeInterruptedCrawls(deps: Deps): Promise<number> {
  const rows = await unfinishedCrawls(deps.db);
  for (const r of rows) await enqueueCrawl(deps, r.id);
  if (rows.length > 0) deps.log.info({ count: rows.length }, 'interrupted website crawls resumed');
  return rows.length;
}

export async function crawlWebsite(deps: Deps, websiteId: number, ctx: Pick<JobContext, 'signal' | 'lastAttempt'>): Promise<void> {
  const target = await findWebsiteForCrawl(deps.db, websiteId);
  if (!target) return;
  const { website } = target;
  // A crawl already running continues its run (after a kill); otherwise a new run begins.
  const resumed = website.status === 'crawling' && website.run > 0;
  const run = resumed ? website.run : await beginRun(deps.db, website);
  const client = new CrawlClient({
    policy: deps.config.outbound,
    appUrl: deps.config.appUrl,
    perSecond: deps.config.crawler.requestsPerSecond,
  });
  const limit = Math.min(website.maxPages, websitePageCap(target.team?.planSlug));
  try {
    // The site is where the start address leads (its redirects followed): its host is the site's.
    const home = normalizePageUrl(await client.home(website.url, ctx.signal)) ?? website.url;
    const start = new URL(home);
    const robots = await client.robots(start.origin, ctx.signal);
    const admit = admission(website, start, robots);
    // The sitemap first (the team's, else robots.txt's, else /sitemap.xml), then the start page.
    const namedSitemaps = website.sitemapUrl ? [website.sitemapUrl] : robots.sitemaps;
    const sitemaps = namedSitemaps.length > 0 ? namedSitemaps : [`${start.origin}/sitemap.xml`];
    const found: string[] = [];
    // Whether this run learns every page the site names (then known pages it no longer names go):
    // not after a kill (what failed before is not known), not when a sitemap or a page named by
    // the site could not be read, not when the page limit ends the run.
    let complete = !resumed;
    for (const s of sitemaps) {
      if (found.length >= SITEMAP_URLS_MAX) {
        complete = false;
        break;
      }
      const read = await sitemapUrls(client, s, SITEMAP_URLS_MAX - found.length, { signal: ctx.signal, optional: namedSitemaps.length === 0 });
      appendAll(found, read.urls);
      complete &&= read.complete;
    }
    // The patterns choose among all URLs the sitemaps name; then twice the page limit become pages
    // of this run (a page that fails leaves room for the next), and as many refusals are listed.
    const admitted = admit([home, ...found]);
    const allowed = admitted.filter((u) => !u.skipReason);
    if (allowed.length > limit * 2) complete = false;
    await recordFound(deps.db, website, run, [...allowed.slice(0, limit * 2), ...admitted.filter((u) => u.skipReason).slice(0, limit * 2)]);

    let judged = false;
    for (;;) {
      if ((await fetchedInRun(deps.db, website.id, run)) >= limit) {
        complete = false;
        break;
      }
      let page = await nextPendingPage(deps.db, website.id, run);
      // Pages the site named come first: the first one it did not name means all named ones are read.
      if (page && page.discoveredRun < run && !judged) {
        judged = true;
        if (complete && (await dropUnnamedPages(deps.db, website.id, run, target.assistant.id, WEBSITE_MESSAGES.pageUnnamed)) > 0) {
          page = await nextPendingPage(deps.db, website.id, run);
        }
      }
      if (!page) break;
      const named = page.discoveredRun === run;
      const read = await crawlPage(deps, target, page, run, client, ctx.signal);
      if (named && read.transient) complete = false;
      // Only a page the site names passes its links on: pages linked only from pages the site has
      // dropped are not part of the site either.
      if (named && read.links.length > 0) await recordFound(deps.db, website, run, admit(read.links));
    }
    // The list of pages with a reason keeps what the site still names: a row without knowledge that
    // no complete run has found for FORGET_AFTER runs (a removed page, a refusal of an old URL) goes.
    if (complete) await forgetPagesNotFound(deps.db, website.id, run - FORGET_AFTER);
    await finishRun(deps, website, run, null);
  } catch (err) {
    if (err instanceof SiteUnreachable && !ctx.signal.aborted) return finishRun(deps, website, run, err.message);
    if (ctx.signal.aborted || !ctx.lastAttempt) throw err;
    deps.log.error({ err, websiteId }, 'website crawl failed');
    await finishRun(deps, website, run, WEBSITE_MESSAGES.startUnreachable);
  }
}

/**
 * Which found URLs become pages: the site's (its www twin's moved onto the site's origin, see
 * onSite), the include/exclude patterns; robots.txt refusals are listed.
 */
function admission(website: KnowledgeWebsiteRow, start: URL, robots: Robots) {
  return (urls: string[]) => {
    const seen = new Set<string>();
    const out: { url: string; skipReason?: string }[] = [];
    for (const raw of urls) {
      const normalized = normalizePageUrl(raw);
      const url = normalized && onSite(normalized, start);
      if (!url || seen.has(url)) continue;
      seen.add(url);
      const parsed = new URL(url);
      if (!matchesPatterns(parsed.pathname, website.include, website.exclude)) continue;
      out.push(robots.allowed(url) ? { url } : { url, skipReason: WEBSITE_MESSAGES.pageRobots });
    }
    return out;
  };
}

/**
 * How a page is read (website-extract.ts), as a mark in front of its stored hash: a page read by
 * an older reading is read again at the next sync, also when the site answers 304 or the same
 * bytes. Raised when a change to the reading changes what pages' passages hold — 2: the rest of a
 * page after a minified script was lost, words at line breaks were glued, a privacy page named
 * after cookies was emptied and a banner within an article was kept.
 */
const READING_MARK = 'r2:';

/**
 * Reads one page and stores the outcome; returns the links found on it (or a redirect's target)
 * and whether it failed in a way that may pass while its links are unknown (never read before).
 */
async function crawlPage(
  deps: Deps,
  target: CrawlTarget,
  page: KnowledgeWebsitePageRow,
  run: number,
  client: CrawlClient,
  signal: AbortSignal,
): Promise<{ links: string[]; transient?: boolean }> {
  const { website, assistant } = target;
  const visited = { visitedRun: run, fetchedAt: new Date() };
  // Asked conditionally only when its knowledge and its links are known, as the current reading
  // reads them: a 304 passes the stored links on.
  const known = page.fileId !== null && page.links !== null && page.contentHash?.startsWith(READING_MARK) === true;
  const result = await client.page(page.url, known ? { etag: page.etag, lastModified: page.lastModified } : null, signal);
  const finalUrl = normalizePageUrl(result.url);
  if (finalUrl && finalUrl !== page.url) {
    // A redirect: the target is a page of its own (read once, under its own URL), this URL is not.
    if (page.fileId !== null) await removePageFile(deps.db, page, assistant.id);
    await markPage(deps.db, page.id, { ...visited, state: 'skipped', error: null });
    return { links: [finalUrl] };
  }
  if (result.kind === 'unchanged') {
    await markPage(deps.db, page.id, { ...visited, state: 'done', error: null, goneCount: 0 });
    return { links: page.links ?? [] };
  }
  if (result.kind === 'gone') {
    const goneCount = page.goneCount + 1;
    if (goneCount >= GONE_AFTER || page.fileId === null) await removePageFile(deps.db, page, assistant.id);
    await markPage(deps.db, page.id, { ...visited, state: 'error', error: result.reason, goneCount });
    return { links: [] };
  }
  if (result.kind === 'failed') {
    await markPage(deps.db, page.id, { ...visited, state: 'error', error: result.reason, goneCount: 0 });
    // Its links as last read stand in for this run: only a page never read leaves them unknown.
    return { links: page.links ?? [], transient: result.transient && page.links === null };
  }
  const validators = { etag: result.etag, lastModified: result.lastModified, contentHash: `${READING_MARK}${result.hash}`, goneCount: 0 };
  // Parsed in a reading thread: a big page holds a CPU for seconds (happy-dom, Readability).
  const readHtml = () => extractPageInThread(result.body, result.contentType, page.url, signal);
  if (page.fileId !== null && page.contentHash === validators.contentHash) {
    // Unchanged: nothing to index again; its links are parsed only when not stored yet.
    const links = page.links ?? (result.type === 'html' ? siteLinks((await readHtml()).links, page.url) : []);
    await markPage(deps.db, page.id, { ...visited, ...validators, links, state: 'done', error: null });
    return { links };
  }
  let title: string;
  let sections: Section[];
  let links: string[] = [];
  try {
    if (result.type === 'html') {
      const extracted = await readHtml();
      ({ title, sections } = extracted);
      links = siteLinks(extracted.links, page.url);
      const named = extracted.canonical && normalizePageUrl(extracted.canonical);
      // A canonical written with the www twin's host names this site's page too.
      const canonical = named && onSite(named, new URL(page.url));
      if (canonical && isQueryVariantOf(page.url, canonical)) {
        // The same page in another spelling (?replytocom=…, ?sort=…): kept once, under its canonical URL.
        if (page.fileId !== null) await removePageFile(deps.db, page, assistant.id);
        await markPage(deps.db, page.id, { ...visited, state: 'skipped', error: null });
        return { links: [canonical] };
      }
      if (sections.length === 0) throw new ExtractionError(WEBSITE_MESSAGES.pageNoText);
    } else {
      sections = await extractInThread(result.body, 'pdf', signal);
      title = decodeURIComponent(new URL(page.url).pathname.split('/').pop() || page.url);
    }
  } catch (err) {
    if (!(err instanceof ExtractionError)) throw err;
    // The page answers but says nothing readable any more (an app shell, an emptied page, a PDF
    // without text): what it said before is no longer the site's. Kept through one such read (a bad
    // deploy), removed at the second, as a 404 is. Its validators are not kept: a 304 next time
    // would have passed for the knowledge of the page's older version, and kept it for good.
    const goneCount = page.goneCount + 1;
    if (goneCount >= GONE_AFTER || page.fileId === null) await removePageFile(deps.db, page, assistant.id);
    await markPage(deps.db, page.id, { ...visited, etag: null, lastModified: null, contentHash: null, goneCount, links, state: 'error', error: err.message });
    return { links };
  }
  // Each passage names its page's URL as its place: answers cite the page as a link.
  const chunks = chunkSections(sections).map((c) => ({ ...c, location: page.url }));
  const file = await pageFile(deps.db, page, {
    teamId: assistant.teamId,
    assistantId: assistant.id,
    websiteId: website.id,
    name: title,
    extension: result.type,
    isFiltered: website.isFiltered,
    sizeBytes: result.body.length,
  });
  const vectors = await passageVectors(deps, { assistant, team: target.team }, chunks, { signal, lastAttempt: true });
  if (await replacePassages(deps.db, file, chunks, vectors)) {
    if (vectors && vectors.tokens > 0) {
      await recordUsage(deps.db, [
        { teamId: assistant.teamId, assistantId: assistant.id, capability: 'embedding', model: vectors.model, inputTokens: vectors.tokens },
      ]);
    }
  }
  await markPage(deps.db, page.id, { ...visited, ...validators, links, title, state: 'done', error: null });
  return { links };
}

/** A page's links that can become pages of this website (see onSite): what a page row keeps. */
function siteLinks(links: string[], pageUrl: string): string[] {
  const origin = new URL(pageUrl);
  return links.flatMap((link) => {
    const local = URL.canParse(link) ? onSite(link, origin) : null;
    return local ? [local] : [];
  });
}

async function finishRun(deps: Deps, website: KnowledgeWebsiteRow, run: number, error: string | null) {
  const now = new Date();
  const every = website.interval === 'manual' ? null : INTERVAL_MS[website.interval as 'daily' | 'weekly'];
  await updateWebsite(deps.db, website.id, {
    status: error ? 'error' : 'ready',
    error,
    run,
    lastSyncAt: now,
    nextSyncAt: every ? new Date(now.getTime() + every) : null,
  });
}
