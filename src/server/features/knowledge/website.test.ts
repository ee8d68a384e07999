import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { knowledgeFiles, knowledgeWebsitePages, knowledgeWebsites } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { parseSse } from '../../../../tests/setup/sse.ts';
import { withLoopWatch } from '../../../../tests/setup/event-loop.ts';
import { createAssistant, createStaffedTeam, loginAs } from '../../../../tests/factories/index.ts';
import type { Agent } from '../../../../tests/setup/agent.ts';
import { startTestWebsite, type TestWebsite } from '../../../../tests/fixtures/test-website.ts';
import { WEBSITE_MESSAGES } from '../../../shared/messages.ts';
import type { Website, WebsiteList } from '../../../shared/schemas/websites.ts';
import { CrawlClient, sitemapUrls } from './website-fetch.ts';
import { decodeHtml, extractHtmlPage } from './website-extract.ts';
import { websiteRowOwner } from './website.rows.ts';
import { isQueryVariantOf, onSite, normalizePageUrl } from './website-urls.ts';
import type { TeamExportContext } from '../../platform/team-export.ts';

// The team's website as knowledge (issue 34) against a local site (tests/fixtures/test-website.ts).
// The site lives on 127.0.0.1: the operator's OUTBOUND_ALLOW lets the crawler reach it — the
// private-address rule itself stays on (a link to 10.0.0.1 on the site is never fetched).

async function websiteOf(agent: Agent, assistantUuid: string, uuid: string): Promise<Website> {
  const res = await agent.get(`/api/knowledge/websites/${assistantUuid}`);
  expect(res.status, res.body).toBe(200);
  return res.json<WebsiteList>().websites.find((w) => w.uuid === uuid)!;
}

async function waitForSync(agent: Agent, assistantUuid: string, uuid: string, after?: string | null): Promise<Website> {
  let last: Website | undefined;
  await expect
    .poll(
      async () => {
        last = await websiteOf(agent, assistantUuid, uuid);
        return last.status === 'ready' || last.status === 'error' ? (last.lastSync ?? '') > (after ?? '') : false;
      },
      { timeout: 60_000, interval: 100 },
    )
    .toBe(true);
  return last!;
}

async function ask(agent: Agent, assistantUuid: string, message: string) {
  const thread = (await agent.post('/api/thread/create', { assistantUuid })).json<{ id: number; token: string }>();
  const q = new URLSearchParams({ assistantUuid, threadId: String(thread.id), token: thread.token, message });
  const res = await agent.get(`/api/send/stream?${q.toString()}`);
  expect(res.status, res.body).toBe(200);
  const { events } = parseSse(res.body);
  return events.find((e) => e.type === 'complete') as { final_text: string; sources?: { file: string; location: string }[] };
}

describe('a website as knowledge', () => {
  let t: TestApp;
  let site: TestWebsite;
  beforeAll(async () => {
    site = await startTestWebsite();
    t = await createTestApp({ AI_OFFLINE_WORD_DELAY_MS: '0', OUTBOUND_ALLOW: '127.0.0.1, localhost', CRAWL_REQUESTS_PER_SECOND: '100', APP_URL: 'https://mika.example.de' });
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  /** A new team's Mika with `url` added as a website (page limit 100, manual), its first sync done. */
  async function addedWebsite(url: string) {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const assistant = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    const added = await agent.post('/api/knowledge/website', { assistantUuid: assistant.uuid, url, maxPages: 100, interval: 'manual' });
    expect(added.status, added.body).toBe(200);
    const { uuid } = added.json<{ uuid: string }>();
    /** «Jetzt neu lesen», then the list once the sync after `previous` has ended. */
    const sync = async (previous: Website) => {
      await agent.post(`/api/knowledge/website/${uuid}/sync`, {});
      return waitForSync(agent, assistant.uuid, uuid, previous.lastSync);
    };
    return { assistant, agent, first: await waitForSync(agent, assistant.uuid, uuid), sync };
  }

  it('crawls politely, indexes HTML and PDF, lists per-page reasons, cites pages; re-sync picks up only the change and drops the gone page', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db);
    const assistant = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);

    const added = await agent.post('/api/knowledge/website', { assistantUuid: assistant.uuid, url: `${site.base}/`, maxPages: 100, interval: 'weekly' });
    expect(added.status, added.body).toBe(200);
    const { uuid } = added.json<{ uuid: string }>();
    const first = await waitForSync(agent, assistant.uuid, uuid);

    expect(first.status).toBe('ready');
    // 60 pages, the start page, /kontakt (a link only), the redirect's target, the PDF and /wechsel.
    expect(first.pages).toBe(65);
    expect(first.progress).toEqual({ done: first.progress.total, total: first.progress.total });
    expect(first.lastSync).not.toBeNull();
    expect(new Date(first.nextSync!).getTime() - new Date(first.lastSync!).getTime()).toBe(7 * 24 * 3600_000);
    const reasons = Object.fromEntries(first.errors.map((e) => [new URL(e.url).pathname, e.reason]));
    expect(reasons).toEqual({
      '/intern/geheim': WEBSITE_MESSAGES.pageRobots,
      '/fehlt': WEBSITE_MESSAGES.pageNotFound,
      '/gross': WEBSITE_MESSAGES.pageTooLarge,
    });
    // robots.txt honoured: nothing under /intern/ was requested; every request named MikaBot.
    expect(site.requests.filter((r) => r.path.startsWith('/intern/'))).toEqual([]);
    expect(new Set(site.requests.map((r) => r.userAgent))).toEqual(new Set(['MikaBot/1.0 (+https://mika.example.de)']));
    // The private link was never turned into a page (so never fetched); every page was read once.
    const pages = await t.database.db.select().from(knowledgeWebsitePages);
    expect(pages.filter((p) => !p.url.startsWith(site.base))).toEqual([]);
    const fetched = site.requests.filter((r) => r.path.startsWith('/seite/')).map((r) => r.path);
    expect(fetched.length).toBe(new Set(fetched).size);
    // One spelling per page: campaign parameters are dropped; a comment-reply variant whose canonical
    // is the page itself is read once and kept as skipped, without knowledge of its own.
    expect(pages.filter((p) => p.url.includes('utm_'))).toEqual([]);
    expect(pages.find((p) => p.url.endsWith('/seite/2?replytocom=7'))).toMatchObject({ state: 'skipped', fileId: null, error: null });
    expect(pages.filter((p) => p.url === `${site.base}/seite/2` || p.url.startsWith(`${site.base}/seite/2?`))).toHaveLength(2);
    // The redirect chain: /alt is not a page of its own, its target /ziel is.
    expect(pages.find((p) => p.url.endsWith('/alt'))).toMatchObject({ state: 'skipped', fileId: null });
    expect(pages.find((p) => p.url.endsWith('/ziel'))).toMatchObject({ state: 'done', title: 'Ziel' });

    // The main content only: navigation, footer, cookie banner and scripts are not knowledge.
    const seite7 = pages.find((p) => p.url.endsWith('/seite/7'))!;
    const file = await t.database.db.query.knowledgeFiles.findFirst({ where: eq(knowledgeFiles.id, seite7.fileId!) });
    expect(file).toMatchObject({ name: 'Thema 7 – Nordlicht GmbH', extension: 'html', status: 'ready' });
    // Website pages are not listed or counted as uploaded files.
    expect((await agent.get(`/api/knowledge/${assistant.uuid}`)).json<{ files: unknown[] }>().files).toEqual([]);

    const answer = await ask(agent, assistant.uuid, 'Wie viel Rabatt gibt es auf die Kategorie K7?');
    expect(answer.final_text).toContain('7 Prozent Rabatt');
    expect(answer.final_text).not.toMatch(/Cookies|Impressum|Navigation|tracking/);
    expect(answer.sources).toContainEqual({ file: 'Thema 7 – Nordlicht GmbH', location: `${site.base}/seite/7` });
    const fromPdf = await ask(agent, assistant.uuid, 'Was kostet das Premiumpaket?');
    expect(fromPdf.final_text).toContain('99 Euro');
    expect(fromPdf.sources).toContainEqual({ file: 'preisliste.pdf', location: `${site.base}/preisliste.pdf` });

    // The second sitemap is a .xml.gz file: its pages (/seite/31–60, the PDF, /wechsel) were read.
    expect(site.requests.filter((r) => r.path === '/sitemap-2.xml.gz').map((r) => r.status)).toEqual([200]);
    expect(pages.find((p) => p.url.endsWith('/seite/45'))).toMatchObject({ state: 'done' });

    // Re-sync: /wechsel changes, /seite/60 disappears, /kontakt is no longer linked (still answers).
    site.change('Die Öffnungszeiten sind neu: samstags von 10 bis 14 Uhr.');
    site.remove('/seite/60');
    site.unlinkContact();
    const before = site.requests.length;
    expect((await agent.post(`/api/knowledge/website/${uuid}/sync`, {})).json()).toEqual({ message: WEBSITE_MESSAGES.syncStarted });
    const second = await waitForSync(agent, assistant.uuid, uuid, first.lastSync);
    const resync = site.requests.slice(before).filter((r) => r.path.startsWith('/seite/') || r.path === '/wechsel');
    // Unchanged pages answered 304 (their ETag was sent); only the changed ones came again in full
    // (/seite/3 lost its link to /kontakt).
    expect(resync.filter((r) => r.status === 200).map((r) => r.path)).toEqual(['/seite/3', '/wechsel', '/seite/2?replytocom=7']);
    // The page nothing names any more is kept through one sync (read last, its knowledge kept).
    expect(site.requests.slice(before).map((r) => r.path).at(-1)).toBe('/kontakt');
    // It is an ISO-8859-1 page: its umlauts were read as such (not U+FFFD), so a question finds them.
    expect((await ask(agent, assistant.uuid, 'Wen erreiche ich für Rückfragen?')).final_text).toContain('Für Rückfragen erreichen Sie die Hotline');
    expect(resync.filter((r) => r.status === 404).map((r) => r.path)).toEqual(['/seite/60']);
    // A first 404 keeps the page (it may be back tomorrow); the second removes it.
    expect(second.pages).toBe(65);
    expect((await ask(agent, assistant.uuid, 'Wann ist samstags geöffnet?')).final_text).toContain('samstags von 10 bis 14 Uhr');
    await agent.post(`/api/knowledge/website/${uuid}/sync`, {});
    const beforeThird = site.requests.length;
    const third = await waitForSync(agent, assistant.uuid, uuid, second.lastSync);
    // /seite/60 answered 404 twice; /kontakt went unnamed through two syncs: both go, with a reason.
    expect(third.pages).toBe(63);
    expect(third.errors).toContainEqual({ url: `${site.base}/seite/60`, reason: WEBSITE_MESSAGES.pageNotFound });
    expect(third.errors).toContainEqual({ url: `${site.base}/kontakt`, reason: WEBSITE_MESSAGES.pageUnnamed });
    expect(site.requests.slice(beforeThird).map((r) => r.path)).not.toContain('/kontakt');
    expect((await ask(agent, assistant.uuid, 'Wen erreiche ich für Rückfragen?')).final_text).not.toContain('0800 123456');
    const gone = await t.database.db.select().from(knowledgeWebsitePages).where(eq(knowledgeWebsitePages.url, `${site.base}/seite/60`));
    expect(gone[0]!.fileId).toBeNull();
    // robots.txt holds on every sync, not only the first.
    expect(site.requests.filter((r) => r.path.startsWith('/intern/'))).toEqual([]);

    // The team export has the website with its pages and their indexed text.
    const exported = await websiteRowOwner.exportTeam!(t.database.db, team.id, {
      assistants: async () => new Map([[assistant.id, { uuid: assistant.uuid, name: assistant.name }]]),
    } as unknown as TeamExportContext);
    const [site1] = JSON.parse(Buffer.from(exported['knowledge/websites.json']!).toString('utf8')) as {
      assistant: string;
      url: string;
      pages: { url: string; state: string; passages: string[] }[];
    }[];
    expect(site1).toMatchObject({ assistant: assistant.uuid, url: `${site.base}/` });
    expect(site1!.pages.find((p) => p.url.endsWith('/seite/7'))!.passages.join(' ')).toContain('7 Prozent Rabatt');

    // Delete: the website and every page's knowledge go.
    expect((await agent.request('DELETE', `/api/knowledge/website/${uuid}`)).status).toBe(200);
    expect((await agent.get(`/api/knowledge/websites/${assistant.uuid}`)).json<WebsiteList>().websites).toEqual([]);
    expect(await t.database.db.select().from(knowledgeFiles).where(and(eq(knowledgeFiles.assistantId, assistant.id), isNotNull(knowledgeFiles.websiteId)))).toEqual([]);
  }, 120_000);

  it('drops no page while a sitemap cannot be read; a page unnamed through complete syncs goes, one robots.txt refuses at once', async () => {
    const small = await startTestWebsite({ pages: 4 });
    try {
      const { assistant, agent, first, sync } = await addedWebsite(`${small.base}/`);
      let last = first;
      // 4 pages, the start page, /kontakt, /ziel, the PDF and /wechsel.
      expect(last.pages).toBe(9);

      // The sitemaps answer 503 and /kontakt is unlinked: the PDF, /wechsel and /ziel are named only
      // by the sitemap, /kontakt by nothing. Two syncs cannot tell a page gone from a sitemap down.
      small.unlinkContact();
      small.breakSitemaps(true);
      for (let i = 0; i < 2; i++) {
        last = await sync(last);
        expect(last.pages).toBe(9);
        expect(last.errors.map((e) => e.reason)).not.toContain(WEBSITE_MESSAGES.pageUnnamed);
      }
      // The sitemaps are back: everything they name stays; /kontakt, unnamed for three syncs, goes.
      small.breakSitemaps(false);
      last = await sync(last);
      expect(last.pages).toBe(8);
      expect(last.errors).toContainEqual({ url: `${small.base}/kontakt`, reason: WEBSITE_MESSAGES.pageUnnamed });

      // robots.txt now refuses a page read before: what was read of it leaves the knowledge at once.
      expect((await ask(agent, assistant.uuid, 'Wie sind die Öffnungszeiten?')).final_text).toContain('montags bis freitags');
      small.disallow('/wechsel');
      last = await sync(last);
      expect(last.pages).toBe(7);
      expect(last.errors).toContainEqual({ url: `${small.base}/wechsel`, reason: WEBSITE_MESSAGES.pageRobots });
      expect((await ask(agent, assistant.uuid, 'Wie sind die Öffnungszeiten?')).final_text).not.toContain('montags bis freitags');

      // The list keeps what the site still has: /kontakt's entry goes once three complete syncs have
      // not found it; the refusal of /wechsel, which the sitemap still names, stays.
      for (let i = 0; i < 3; i++) {
        expect(last.errors.map((e) => e.url)).toContain(`${small.base}/kontakt`);
        last = await sync(last);
      }
      expect(last.errors.map((e) => e.url)).not.toContain(`${small.base}/kontakt`);
      expect(last.errors).toContainEqual({ url: `${small.base}/wechsel`, reason: WEBSITE_MESSAGES.pageRobots });
      expect(last.pages).toBe(7);

      // A named page that fails for a passing reason (503) passes on its links as last read, so the
      // run stays complete: the PDF, taken out of the sitemap and linked from nowhere, goes after two
      // syncs while /seite/3 keeps failing (and keeps its knowledge, as a failing page does).
      small.fail('/seite/3');
      small.unlist('/preisliste.pdf');
      for (let i = 0; i < 2; i++) {
        last = await sync(last);
      }
      expect(last.errors).toContainEqual({ url: `${small.base}/preisliste.pdf`, reason: WEBSITE_MESSAGES.pageUnnamed });
      expect(last.errors).toContainEqual({ url: `${small.base}/seite/3`, reason: WEBSITE_MESSAGES.pageHttp(503) });
      expect(last.pages).toBe(6);
    } finally {
      await small.close();
    }
  }, 60_000);

  it('keeps every page of a site without sitemap through syncs that find them unchanged (their stored links name the rest)', async () => {
    const plain = await startTestWebsite({ pages: 4, sitemaps: false });
    try {
      const { first, sync } = await addedWebsite(`${plain.base}/`);
      let last = first;
      // Found by links only: the start page, /seite/1–3 (/seite/3 does not link on) and /kontakt.
      expect(last.pages).toBe(5);
      for (let i = 0; i < 3; i++) {
        const before = plain.requests.length;
        last = await sync(last);
        // Every page answered 304 (nothing parsed again), and none went for want of a link.
        const asked = plain.requests.slice(before).filter((r) => r.method === 'GET' && r.path !== '/robots.txt' && r.path !== '/sitemap.xml' && !r.path.includes('?'));
        expect(asked.map((r) => r.status)).toEqual([304, 304, 304, 304, 304]);
        expect(last.pages).toBe(5);
        expect(last.errors).toEqual([]);
      }
    } finally {
      await plain.close();
    }
  }, 60_000);

  it('reads every page again at the next sync after the way pages are read has changed, though the site answers 304', async () => {
    const plain = await startTestWebsite({ pages: 4, sitemaps: false });
    try {
      const { first, sync } = await addedWebsite(`${plain.base}/`);
      const pageGets = (from: number) =>
        plain.requests.slice(from).filter((r) => r.method === 'GET' && r.path !== '/robots.txt' && r.path !== '/sitemap.xml' && !r.path.includes('?'));
      // As an older reading stored them: the bare hash, without the current reading's mark.
      const [website] = await t.database.db.select({ id: knowledgeWebsites.id }).from(knowledgeWebsites).where(eq(knowledgeWebsites.url, `${plain.base}/`));
      await t.database.db
        .update(knowledgeWebsitePages)
        .set({ contentHash: sql`regexp_replace(${knowledgeWebsitePages.contentHash}, '^[^:]*:', '')` })
        .where(eq(knowledgeWebsitePages.websiteId, website!.id));
      let before = plain.requests.length;
      const reread = await sync(first);
      // Asked in full, not with the ETag whose 304 would have kept the older reading's passages.
      expect(pageGets(before).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(reread).toMatchObject({ status: 'ready', pages: 5, errors: [] });
      before = plain.requests.length;
      await sync(reread);
      expect(pageGets(before).map((r) => r.status)).toEqual([304, 304, 304, 304, 304]);
    } finally {
      await plain.close();
    }
  }, 60_000);

  it('crawls the site the start address leads to when it redirects to another host (beispiel.de → www.beispiel.de)', async () => {
    // The site's own server refuses HEAD (405), as some do: the redirect before it still counts.
    const small = await startTestWebsite({ pages: 4, refuseHead: true });
    const apex = http.createServer((req, res) => res.writeHead(301, { location: `${small.base}${req.url ?? '/'}` }).end());
    await new Promise<void>((resolve) => apex.listen(0, '127.0.0.1', resolve));
    try {
      const typed = `http://127.0.0.1:${(apex.address() as AddressInfo).port}/`;
      const { assistant, agent, first: done } = await addedWebsite(typed);
      // The same 9 pages as when the site's own address is typed; the list keeps the typed address.
      expect(done).toMatchObject({ status: 'ready', pages: 9, url: typed });
      expect((await ask(agent, assistant.uuid, 'Wie viel Rabatt gibt es auf die Kategorie K2?')).sources).toContainEqual({ file: 'Thema 2 – Nordlicht GmbH', location: `${small.base}/seite/2` });
    } finally {
      await new Promise<void>((resolve) => apex.close(() => resolve()));
      await small.close();
    }
  }, 60_000);

  it('drops what a page said once it holds no readable text at its second read (an app shell), and reads it in full again', async () => {
    const small = await startTestWebsite({ pages: 4 });
    try {
      const { assistant, agent, first, sync } = await addedWebsite(`${small.base}/`);
      const question = 'Wann ist montags geöffnet?';
      expect((await ask(agent, assistant.uuid, question)).final_text).toContain('montags bis freitags von 9 bis 17 Uhr');
      small.blank(true);
      // First read without text: listed with its reason, its knowledge kept (a bad deploy passes).
      const second = await sync(first);
      expect(second.errors).toContainEqual({ url: `${small.base}/wechsel`, reason: WEBSITE_MESSAGES.pageNoText });
      expect(second.pages).toBe(first.pages);
      // Second read: asked in full (not with the app shell's ETag, whose 304 kept the old text for
      // good), still no text: what the page said before goes.
      const before = small.requests.length;
      const third = await sync(second);
      expect(small.requests.slice(before).filter((r) => r.path === '/wechsel').map((r) => r.status)).toEqual([200]);
      expect(third.pages).toBe(first.pages - 1);
      expect(third.errors).toContainEqual({ url: `${small.base}/wechsel`, reason: WEBSITE_MESSAGES.pageNoText });
      expect((await ask(agent, assistant.uuid, question)).final_text).not.toContain('9 bis 17 Uhr');
      // The text back: read and known again.
      small.blank(false);
      const fourth = await sync(third);
      expect(fourth.pages).toBe(first.pages);
      expect((await ask(agent, assistant.uuid, question)).final_text).toContain('montags bis freitags von 9 bis 17 Uhr');
    } finally {
      await small.close();
    }
  }, 90_000);

  it('reads a big page beside the event loop: a 600 KB catalogue page is indexed and answered while the server stays responsive', async () => {
    // A shop's catalogue on one page, as some sites have it: happy-dom and Readability take about
    // 2 s of CPU for it, which held the event loop (every team's requests and streams) on the main thread.
    const items = Array.from({ length: 2400 }, (_, i) => `<li><strong>Artikel ${i}</strong>: Holzbriketts Sorte ${i}, ${(i % 90) + 10} kg, Preis ${i},95 Euro</li>`);
    const catalogue = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Katalog</title></head><body><main><h1>Katalog</h1><p>Alle Artikel unserer Brennstoffhandlung auf einer Seite.</p><ul>${items.join('')}</ul><h2>Lieferung</h2><p>Lieferungen in den Schwarzwald kosten pauschal 35 Euro je Fuhre.</p></main></body></html>`;
    expect(catalogue.length).toBeGreaterThan(200_000);
    const shop = http.createServer((req, res) =>
      req.url === '/'
        ? res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(catalogue)
        : res.writeHead(404, { 'content-type': 'text/plain' }).end('nicht gefunden'),
    );
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    try {
      // The event loop's longest wait while the site is crawled and indexed.
      const { result, longest } = await withLoopWatch(() => addedWebsite(`http://127.0.0.1:${(shop.address() as AddressInfo).port}/`));
      const { assistant, agent, first } = result;
      expect(first).toMatchObject({ status: 'ready', pages: 1 });
      expect((await ask(agent, assistant.uuid, 'Was kostet eine Lieferung in den Schwarzwald?')).final_text).toContain('pauschal 35 Euro je Fuhre');
      expect(longest).toBeLessThan(500);
    } finally {
      await new Promise<void>((resolve) => shop.close(() => resolve()));
    }
  }, 60_000);

  it('reads the pages a site lists and links under its www twin (a CMS configured as www.… on a site served without it)', async () => {
    // Every address in the sitemap and in the links names the twin www.<host>: the pages are the site's own.
    const requested: string[] = [];
    let twin = '';
    const page = (title: string, body: string) =>
      `<!doctype html><html lang="de"><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
    const server = http.createServer((req, res) => {
      requested.push(req.url ?? '');
      const html = (body: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
      if (req.url === '/robots.txt') res.writeHead(404).end();
      else if (req.url === '/sitemap.xml')
        res.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0"?><urlset><url><loc>${twin}/</loc></url><url><loc>${twin}/leistungen</loc></url></urlset>`);
      else if (req.url === '/') html(page('Tischlerei Holzwurm', `<p>Willkommen in der Tischlerei.</p><a href="${twin}/leistungen">Leistungen</a> <a href="${twin}/kontakt">Kontakt</a>`));
      else if (req.url === '/leistungen') html(page('Leistungen', '<p>Wir bauen Einbauschränke aus Eiche nach Maß, Lieferzeit sechs Wochen.</p>'));
      else if (req.url === '/kontakt') html(page('Kontakt', '<p>Die Werkstatt erreichen Sie unter 0911 445566, montags bis freitags.</p>'));
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // localhost, not 127.0.0.1: a www. in front of an IP address is no host name.
    const base = `http://localhost:${(server.address() as AddressInfo).port}`;
    twin = base.replace('http://', 'http://www.');
    try {
      const { assistant, agent, first } = await addedWebsite(`${base}/`);
      expect(first).toMatchObject({ status: 'ready', pages: 3 });
      // Read under the site's own address, each once; the twin's name is never asked for.
      expect(requested.filter((u) => u === '/leistungen')).toHaveLength(1);
      expect((await ask(agent, assistant.uuid, 'Wie lange ist die Lieferzeit für Einbauschränke?')).sources).toContainEqual({ file: 'Leistungen', location: `${base}/leistungen` });
      expect((await ask(agent, assistant.uuid, 'Unter welcher Telefonnummer erreiche ich die Werkstatt?')).sources).toContainEqual({ file: 'Kontakt', location: `${base}/kontakt` });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 60_000);

  it('keeps to the page limit and the patterns; refuses bad input with German messages; another team gets 404', async () => {
    const { team, owner } = await createStaffedTeam(t.database.db, { plan: 'solo' });
    const assistant = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    const post = (body: object) => agent.post('/api/knowledge/website', { assistantUuid: assistant.uuid, url: `${site.base}/`, maxPages: 5, interval: 'manual', ...body });

    expect((await post({ maxPages: 101 })).json()).toMatchObject({ error: WEBSITE_MESSAGES.maxPagesPlan(100) });
    expect((await post({ url: 'ftp://example.com' })).json()).toMatchObject({ error: WEBSITE_MESSAGES.urlInvalid });
    expect((await post({ url: 'https://10.1.2.3/' })).json()).toMatchObject({ error: WEBSITE_MESSAGES.refusedPrivate });
    expect((await post({ include: ['blog'] })).json()).toMatchObject({ error: WEBSITE_MESSAGES.patternInvalid });
    expect((await post({ interval: 'hourly' })).json()).toMatchObject({ error: WEBSITE_MESSAGES.intervalInvalid });
    expect((await post({ url: 'https://beispiel.de/', sitemapUrl: 'https://andere.de/sitemap.xml' })).json()).toMatchObject({ error: WEBSITE_MESSAGES.sitemapOtherHost });
    // www.beispiel.de and beispiel.de are one website.
    const apexWithWww = await post({ url: 'https://beispiel.de/', sitemapUrl: 'https://www.beispiel.de/sitemap.xml' });
    expect(apexWithWww.status, apexWithWww.body).toBe(200);
    // …and the same site typed once more (with www., without the last slash) is refused, not crawled twice.
    expect((await post({ url: 'https://www.beispiel.de' })).json()).toMatchObject({ error: WEBSITE_MESSAGES.alreadyAdded });
    const shop = await post({ url: 'https://beispiel.de/shop/' });
    expect(shop.status).toBe(200);
    expect((await post({ url: 'https://www.beispiel.de/shop' })).json()).toMatchObject({ error: WEBSITE_MESSAGES.alreadyAdded });
    expect((await agent.request('DELETE', `/api/knowledge/website/${shop.json<{ uuid: string }>().uuid}`)).status).toBe(200);
    expect((await agent.request('DELETE', `/api/knowledge/website/${apexWithWww.json<{ uuid: string }>().uuid}`)).status).toBe(200);

    const res = await post({ include: ['/seite/*'], exclude: ['/seite/2'] });
    expect(res.status, res.body).toBe(200);
    const { uuid } = res.json<{ uuid: string }>();
    const done = await waitForSync(agent, assistant.uuid, uuid);
    expect(done.pages).toBe(5);
    expect(done.nextSync).toBeNull();
    const [website] = await t.database.db.select().from(knowledgeWebsites).where(eq(knowledgeWebsites.uuid, uuid));
    const urls = (await t.database.db.select().from(knowledgeWebsitePages).where(eq(knowledgeWebsitePages.websiteId, website!.id))).filter((p) => p.fileId !== null);
    expect(urls).toHaveLength(5);
    expect(urls.map((p) => p.url)).not.toContain(`${site.base}/seite/2`);
    expect((await post({ include: [] })).json()).toMatchObject({ error: WEBSITE_MESSAGES.alreadyAdded });

    // The patterns choose among every URL of the sitemaps, not among the first few: the PDF and
    // /wechsel stand at the end of the second sitemap, after 36 other URLs (limit 2: 4 candidates).
    const late = await post({ url: `${site.base}/?spaet`, maxPages: 2, include: ['/preisliste.pdf', '/wechsel'] });
    expect(late.status, late.body).toBe(200);
    const lateDone = await waitForSync(agent, assistant.uuid, late.json<{ uuid: string }>().uuid);
    expect(lateDone.pages).toBe(2);

    const stranger = await loginAs(t, (await createStaffedTeam(t.database.db)).owner);
    expect((await stranger.post(`/api/knowledge/website/${uuid}/sync`, {})).status).toBe(404);
    expect((await stranger.request('DELETE', `/api/knowledge/website/${uuid}`)).status).toBe(404);
    expect((await stranger.get(`/api/knowledge/websites/${assistant.uuid}`)).status).toBe(404);
  }, 60_000);

  it('asks at most the configured number of requests per second of one host', async () => {
    const client = new CrawlClient({ policy: { allowPrivate: false, allow: { hosts: [], cidrs: [{ address: '127.0.0.1', prefix: 32, family: 'ipv4' }] } }, appUrl: 'https://mika.example.de', perSecond: 2 });
    const before = site.requests.length;
    for (let i = 1; i <= 4; i++) await client.page(`${site.base}/seite/${i}`, null);
    const at = site.requests.slice(before).map((r) => r.at);
    // The site records a request when its handler runs, in this same busy process: an arrival may be
    // late by some milliseconds, which shortens the next gap by as much (489 ms once in a full run).
    // Unpaced, the gaps are a few milliseconds.
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(450);
    expect(at.at(-1)! - at[0]!).toBeGreaterThanOrEqual(3 * 500 - 50);
  });

  it('waits the Crawl-delay robots.txt asks for between requests to that site (up to 10 s)', async () => {
    const slow = await startTestWebsite({ pages: 3, crawlDelay: 1 });
    try {
      const client = new CrawlClient({ policy: { allowPrivate: false, allow: { hosts: [], cidrs: [{ address: '127.0.0.1', prefix: 32, family: 'ipv4' }] } }, appUrl: 'https://mika.example.de', perSecond: 100 });
      // When each call began: a request is sent no earlier than its call, so a page that arrives a
      // second after the call of the request before it proves the wait, however late the earlier
      // one arrived on a busy machine (gaps between arrivals alone failed under load).
      const called = [Date.now()];
      expect((await client.robots(slow.base)).crawlDelaySeconds).toBe(1);
      for (let i = 1; i <= 3; i++) {
        called.push(Date.now());
        await client.page(`${slow.base}/seite/${i}`, null);
      }
      const at = slow.requests.map((r) => r.at);
      // robots.txt and three pages, each at least the asked second after the one before (not 10 ms).
      expect(at).toHaveLength(4);
      for (let i = 1; i < at.length; i++) expect(at[i]! - called[i - 1]!).toBeGreaterThanOrEqual(995);
    } finally {
      await slow.close();
    }
  });

  it('keeps the gap after the request actually sent when the process was busy at its turn, and stops waiting on abort', async () => {
    const client = new CrawlClient({ policy: { allowPrivate: false, allow: { hosts: [], cidrs: [{ address: '127.0.0.1', prefix: 32, family: 'ipv4' }] } }, appUrl: 'https://mika.example.de', perSecond: 1 });
    const before = site.requests.length;
    await client.page(`${site.base}/seite/1`, null);
    // The second request waits for its turn (≤ 1 s away) while the process is busy for 1.3 s: it
    // goes out late, at the end of the busy spell at the earliest. The third, planned 1 s after the
    // second's turn, must still keep a whole gap to the second as sent (before: ≈ 0.7 s).
    const second = client.page(`${site.base}/seite/2`, null);
    const busyUntil = Date.now() + 1300;
    while (Date.now() < busyUntil);
    await second;
    await client.page(`${site.base}/seite/3`, null);
    const at = site.requests.slice(before).map((r) => r.at);
    expect(at[1]!).toBeGreaterThanOrEqual(busyUntil);
    // Arrivals come after sending, so this bound holds however busy the machine is (as long as the
    // first request's round trip stays under the gap, so that the second one waits for its turn).
    expect(at[2]! - busyUntil).toBeGreaterThanOrEqual(1000);

    // A crawl stopped while a request waits for its turn ends at once, not after the gap (≈ 1 s).
    const stop = new AbortController();
    const waiting = client.page(`${site.base}/seite/4`, null, stop.signal);
    setTimeout(() => stop.abort(), 50);
    const aborted = Date.now();
    await expect(waiting).rejects.toThrow();
    expect(Date.now() - aborted).toBeLessThan(600);
    expect(site.requests.length - before).toBe(3);
  });
});

describe('sitemaps', () => {
  it('reads a gzipped sitemap far larger unpacked than the limit up to the limit and says the list is cut; reads CDATA and text sitemaps; tells broken from missing', async () => {
    const entry = (i: number) => `<url><loc>https://www.beispiel.de/seite/${i}</loc></url>`;
    // 60 MB unpacked (a bomb for a reader that unpacks it all), a few hundred KB packed.
    const bomb = gzipSync(`<?xml version="1.0"?><urlset>${Array.from({ length: 60 * 1024 * 1024 / 60 }, (_, i) => entry(i)).join('')}</urlset>`);
    const server = http.createServer((req, res) => {
      if (req.url === '/bomb.xml.gz') res.writeHead(200, { 'content-type': 'application/x-gzip' }).end(bomb);
      else if (req.url === '/shop.xml')
        res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(
            '<?xml version="1.0"?><urlset xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"><url><loc><![CDATA[https://www.beispiel.de/a?x=1&y=2]]></loc>' +
              '<image:image><image:loc>https://www.beispiel.de/bild.jpg</image:loc></image:image></url><url><loc> https://www.beispiel.de/b?x=1&amp;y=2 </loc></url></urlset>',
          );
      else if (req.url === '/sitemap.txt') res.writeHead(200, { 'content-type': 'text/plain' }).end('https://www.beispiel.de/a\r\n\r\nhttps://www.beispiel.de/b?x=1\nkein Link\n');
      else if (req.url === '/kaputt.xml.gz') res.writeHead(200, { 'content-type': 'application/x-gzip' }).end(Buffer.from([0x1f, 0x8b, 1, 2, 3]));
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const client = new CrawlClient({ policy: { allowPrivate: false, allow: { hosts: [], cidrs: [{ address: '127.0.0.1', prefix: 32, family: 'ipv4' }] } }, appUrl: 'https://mika.example.de', perSecond: 100 });
      const read = await sitemapUrls(client, `${base}/bomb.xml.gz`, 2000);
      expect(read.urls).toHaveLength(2000);
      expect(read.urls[1999]).toBe('https://www.beispiel.de/seite/1999');
      expect(read.complete).toBe(false);
      // CDATA and entities are read; an image's <image:loc> is not a page.
      expect(await sitemapUrls(client, `${base}/shop.xml`, 10)).toEqual({ urls: ['https://www.beispiel.de/a?x=1&y=2', 'https://www.beispiel.de/b?x=1&y=2'], complete: true });
      // A text sitemap: one URL per line.
      expect(await sitemapUrls(client, `${base}/sitemap.txt`, 10)).toEqual({ urls: ['https://www.beispiel.de/a', 'https://www.beispiel.de/b?x=1'], complete: true });
      // A broken file is a sitemap that could not be read; a missing one is no sitemap, if optional.
      expect(await sitemapUrls(client, `${base}/kaputt.xml.gz`, 10)).toEqual({ urls: [], complete: false });
      expect(await sitemapUrls(client, `${base}/sitemap.xml`, 10, { optional: true })).toEqual({ urls: [], complete: true });
      expect(await sitemapUrls(client, `${base}/sitemap.xml`, 10)).toEqual({ urls: [], complete: false });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('the text of a page', () => {
  const latin1 = (text: string) => Buffer.from(text, 'latin1');
  it('reads a page in the charset it declares, Windows-1252 when it declares none and is not UTF-8', () => {
    const html = '<p>Öffnungszeiten: Mo–Fr, Grüße</p>'.replace('–', '-');
    expect(decodeHtml(Buffer.from(html), 'text/html')).toBe(html);
    expect(decodeHtml(latin1(html), 'text/html; charset=ISO-8859-1')).toBe(html);
    expect(decodeHtml(latin1(`<meta charset="iso-8859-15">${html}`), 'text/html')).toBe(`<meta charset="iso-8859-15">${html}`);
    expect(decodeHtml(latin1(`<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">${html}`), null)).toContain('Grüße');
    expect(decodeHtml(latin1(html), null)).toBe(html);
    // A UTF-8 page under a stale Latin-1 header stays UTF-8; an unknown label falls back.
    expect(decodeHtml(Buffer.from(html), 'text/html; charset=iso-8859-1')).toBe(html);
    expect(decodeHtml(latin1(html), 'text/html; charset=x-unbekannt')).toBe(html);
    expect(decodeHtml(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(html, 'utf16le')]), null)).toBe(html);
  });
});

describe('page URLs', () => {
  it('drops campaign and click parameters, keeps the rest of the query', () => {
    expect(normalizePageUrl('https://www.beispiel.de/preise?utm_source=mail&utm_medium=x&id=4&fbclid=abc#oben')).toBe('https://www.beispiel.de/preise?id=4');
    expect(normalizePageUrl('https://www.beispiel.de/preise?gclid=1')).toBe('https://www.beispiel.de/preise');
    expect(normalizePageUrl('https://www.beispiel.de/suche?q=a%20b')).toBe('https://www.beispiel.de/suche?q=a%20b');
  });

  it('takes a canonical only as another spelling of the same path, never a jump to another page', () => {
    expect(isQueryVariantOf('https://www.beispiel.de/blog/a?replytocom=7', 'https://www.beispiel.de/blog/a/')).toBe(true);
    expect(isQueryVariantOf('https://www.beispiel.de/shop?sort=preis', 'https://www.beispiel.de/shop')).toBe(true);
    // Sites that point every canonical at the home page, another host, the page itself: not followed.
    expect(isQueryVariantOf('https://www.beispiel.de/preise', 'https://www.beispiel.de/')).toBe(false);
    expect(isQueryVariantOf('https://www.beispiel.de/shop?sort=preis', 'https://shop.beispiel.de/shop')).toBe(false);
    // The www twin and plain http are the site's own pages, moved onto the site's origin; other hosts are not.
    const site = new URL('https://www.beispiel.de/');
    expect(onSite('https://beispiel.de/kontakt', site)).toBe('https://www.beispiel.de/kontakt');
    expect(onSite('http://www.beispiel.de/preise?id=4', site)).toBe('https://www.beispiel.de/preise?id=4');
    expect(onSite('https://www.beispiel.de/team', site)).toBe('https://www.beispiel.de/team');
    expect(onSite('https://www.beispiel.de/team', new URL('https://beispiel.de/'))).toBe('https://beispiel.de/team');
    expect(onSite('https://shop.beispiel.de/', site)).toBeNull();
    expect(onSite('https://beispiel.de.evil.example/', site)).toBeNull();
    expect(onSite('https://www.beispiel.de:8443/', site)).toBeNull();
    expect(isQueryVariantOf('https://www.beispiel.de/shop', 'https://www.beispiel.de/shop')).toBe(false);
  });
});

describe('the main content of a page', () => {
  it('keeps headings, text and tables; drops navigation, footer, banners and scripts; finds links', () => {
    const page = extractHtmlPage(
      `<html><head><title>Preise &amp; Leistungen</title><script>var x = 'geheim';</script></head><body>
        <nav><a href="/a">Menü</a></nav><div id="cookie-consent">Cookies akzeptieren</div>
        <article><h1>Preise</h1><p>Unser <b>Basispaket</b> kostet 49 Euro.</p><ul><li>Support</li><li>Updates</li></ul>
        <table><tr><th>Paket</th><th>Preis</th></tr><tr><td>Pro</td><td>99 | netto</td></tr></table>
        <a href="/kontakt#form">Kontakt</a> <a href="mailto:a@b.de">Mail</a> <a rel="nofollow" href="/login">Login</a></article>
        <footer>Impressum</footer></body></html>`,
      'https://www.beispiel.de/preise',
    );
    expect(page.title).toBe('Preise & Leistungen');
    expect(page.sections[0]!.blocks).toEqual([
      { kind: 'heading', text: 'Preise' },
      { kind: 'text', text: 'Unser Basispaket kostet 49 Euro.' },
      { kind: 'text', text: '- Support' },
      { kind: 'text', text: '- Updates' },
      { kind: 'table', text: '| Paket | Preis |\n| --- | --- |\n| Pro | 99 \\| netto |' },
      { kind: 'text', text: 'Kontakt Mail Login' },
    ]);
    expect(page.links).toEqual(['https://www.beispiel.de/a', 'https://www.beispiel.de/kontakt']);
    // An old-style forward by <meta http-equiv="refresh"> leads on like a link.
    const forward = extractHtmlPage('<html><head><meta http-equiv="Refresh" content="0; URL=\'/neu/preise.html#oben\'"></head><body>Weiter …</body></html>', 'https://www.beispiel.de/preise');
    expect(forward.links).toEqual(['https://www.beispiel.de/neu/preise.html']);
  });

  it('reads the whole page whatever its scripts hold: minified code whose last `<` runs into `</script>` once emptied it', () => {
    const content = '<main><h1>Öffnungszeiten</h1><p>Die Bäckerei ist montags bis freitags von 7 bis 18 Uhr geöffnet.</p></main>';
    const texts = (html: string) => extractHtmlPage(html, 'https://www.beispiel.de/').sections.flatMap((s) => s.blocks.map((b) => b.text));
    const expected = ['Öffnungszeiten', 'Die Bäckerei ist montags bis freitags von 7 bis 18 Uhr geöffnet.'];
    for (const script of [
      '<script>for(var i=0;i<n.length;i++)f(n[i])}</script>',
      '<script>var s="a<b";</script>',
      '<SCRIPT type="module">x<y</SCRIPT >',
      '<script data-note="a > b">if(a<b)c()</script>',
      '<style>a<b{}</style>',
    ]) {
      expect(texts(`<html><head><title>Bäckerei</title>${script}</head><body>${content}</body></html>`), script).toEqual(expected);
      expect(texts(`<html><body>${script}${content}</body></html>`), script).toEqual(expected);
    }
    // What only looks like a script is no script: in a comment, an attribute, the title, a textarea.
    const lookalikes = extractHtmlPage(
      `<html><head><title>Preise <script> Leistungen</title></head><body><!-- <script> alt --><main title="<script>" data-x='<!--'>` +
        `<h1>Preise</h1><p>Das Basispaket kostet 49 Euro.</p><form><textarea><script></textarea></form><p>Pro kostet 99 Euro.</p></main></body></html>`,
      'https://www.beispiel.de/',
    );
    expect(lookalikes.title).toBe('Preise <script> Leistungen');
    expect(lookalikes.sections.flatMap((s) => s.blocks.map((b) => b.text))).toEqual(['Preise', 'Das Basispaket kostet 49 Euro.', 'Pro kostet 99 Euro.']);
    // A script without an end tag runs to the end of the page, as in a browser.
    expect(texts(`<html><body>${content}<script>var rest = 1;<p>kein Inhalt</p></body></html>`)).toEqual(expected);
  });

  it('drops a cookie banner, but keeps a privacy page whose content is named after cookies or the GDPR', () => {
    const rules = 'Wir setzen technisch notwendige Cookies ein und mit Ihrer Einwilligung Cookies zur Reichweitenmessung. '.repeat(4);
    const texts = (html: string) => extractHtmlPage(html, 'https://www.beispiel.de/datenschutz').sections.flatMap((s) => s.blocks.map((b) => b.text));
    for (const wrapper of ['<main id="cookie-policy">', '<main><div id="dsgvo-content">', '<main><div id="CookieDeclaration">']) {
      const close = wrapper.includes('<div') ? '</div></main>' : '</main>';
      const page = texts(`<html><body>${wrapper}<h1>Datenschutz</h1><h2>Cookies</h2><p>${rules}</p><p>Verantwortlich ist die Nordlicht GmbH.</p>${close}</body></html>`);
      expect(page, wrapper).toContain('Verantwortlich ist die Nordlicht GmbH.');
      expect(page.join(' '), wrapper).toContain('Reichweitenmessung');
    }
    // A banner within the content (no article of its own around it) still goes.
    const shop = texts(
      `<html><body><main><h1>Öffnungszeiten</h1><p>Montags bis freitags von 7 bis 18 Uhr, samstags bis 13 Uhr.</p>` +
        `<div id="cookie-notice">Diese Website nutzt Cookies. Alle akzeptieren</div></main></body></html>`,
    );
    expect(shop).toEqual(['Öffnungszeiten', 'Montags bis freitags von 7 bis 18 Uhr, samstags bis 13 Uhr.']);
    // A consent banner that lists every service says more than a short contact page: it still goes.
    const services = 'Google Maps lädt Karten; Anbieter ist Google Ireland Limited; Speicherdauer bis zu 6 Monate. '.repeat(12);
    const contact = texts(
      `<html><body><div id="cookie-law-info-bar"><h2>Datenschutzeinstellungen</h2><p>${services}</p></div>` +
        `<div class="page"><h1>Kontakt</h1><p>Rufen Sie uns an: 030 1234567, montags bis freitags.</p></div></body></html>`,
    );
    expect(contact).toEqual(['Kontakt', 'Rufen Sie uns an: 030 1234567, montags bis freitags.']);
  });

  it('reads an FAQ\'s collapsed answers that find-in-page opens (hidden="until-found"), not what is simply hidden', () => {
    const page = extractHtmlPage(
      `<html><body><main><h1>Häufige Fragen</h1><h2>Wie lange bleibt das Roggenbrot frisch?</h2>` +
        `<div hidden="until-found">Unser Roggenbrot bleibt fünf Tage frisch, im Leinenbeutel sogar eine Woche.</div>` +
        `<div hidden>Entwurf: Preise noch nicht freigegeben.</div></main></body></html>`,
      'https://www.beispiel.de/faq',
    );
    expect(page.sections[0]!.blocks.map((b) => b.text)).toEqual([
      'Häufige Fragen',
      'Wie lange bleibt das Roggenbrot frisch?',
      'Unser Roggenbrot bleibt fünf Tage frisch, im Leinenbeutel sogar eine Woche.',
    ]);
  });

  it('reads the words as they stand on screen: a line break or a block parts them, a `<` that starts no tag is text', () => {
    const page = extractHtmlPage(
      `<html><body><main><h1>Bäckerei<br>Schneider</h1><address>Musterstraße 5<br>12345 Berlin</address>` +
        `<p>Lieferzeit <2 Tage, ab 3 Brote <5 % Rabatt. Versand in ganz Deutschland.</p>` +
        `<p>Unsere Liefer<wbr>bedingungen gelten bundes<b>weit</b>.</p>Ab <wbr>sofort auch im Abo<img src="/x.png"> erhältlich.` +
        `<ul><li><div>Roggenbrot</div><div>4,20 €</div></li></ul>` +
        `<table><tr><th>Tag</th><th>Zeit</th></tr><tr><td>Mo<br>Di</td><td><p>7 Uhr</p><p>18 Uhr</p></td></tr></table></main></body></html>`,
      'https://www.beispiel.de/',
    );
    expect(page.title).toBe('Bäckerei Schneider');
    expect(page.sections[0]!.blocks.map((b) => b.text)).toEqual([
      'Bäckerei Schneider',
      'Musterstraße 5 12345 Berlin',
      'Lieferzeit <2 Tage, ab 3 Brote <5 % Rabatt. Versand in ganz Deutschland.',
      'Unsere Lieferbedingungen gelten bundesweit.',
      'Ab sofort auch im Abo erhältlich.',
      '- Roggenbrot 4,20 €',
      '| Tag | Zeit |\n| --- | --- |\n| Mo Di | 7 Uhr 18 Uhr |',
    ]);
  });
});

describe('a website without OUTBOUND_ALLOW', () => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it('refuses the local site with a clear message and stores nothing', async () => {
    t = await createTestApp();
    const { team, owner } = await createStaffedTeam(t.database.db);
    const assistant = await createAssistant(t.database.db, team);
    const agent = await loginAs(t, owner);
    for (const url of ['http://127.0.0.1:8080/', 'https://localhost/', 'http://192.168.1.10/']) {
      const res = await agent.post('/api/knowledge/website', { assistantUuid: assistant.uuid, url, maxPages: 10, interval: 'manual' });
      expect(res.status).toBe(422);
      expect(res.json()).toMatchObject({ error: WEBSITE_MESSAGES.refusedPrivate });
    }
    expect((await agent.get(`/api/knowledge/websites/${assistant.uuid}`)).json<WebsiteList>().websites).toEqual([]);
  });
});
