// The crawler's requests: every one through the outbound guard (platform/outbound.ts, decision
// 041: public https addresses or OUTBOUND_ALLOW, ≤ 5 redirects checked hop by hop), identified as
// MikaBot, at most `perSecond` requests per host, ≤ 5 MB and 15 s per page, streamed (a page never
// grows past the limit in memory).
import { decodeXml } from '../../platform/xml-text.ts';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { constants as zlibConstants, createGunzip } from 'node:zlib';
import { WEBSITE_MESSAGES } from '../../../shared/messages.ts';
import { createFollowingFetch, OutboundRefused, type OutboundPolicy } from '../../platform/outbound.ts';
import { appendAll } from '../../../shared/arrays.ts';

interface RobotsTxt {
  isAllowed(url: string, ua?: string): boolean | undefined;
  getCrawlDelay(ua?: string): number | undefined;
  getSitemaps(): string[];
}
// robots-parser is CommonJS and its typings declare no callable default export.
const robotsParser = createRequire(import.meta.url)('robots-parser') as (url: string, text: string) => RobotsTxt;

export const PAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PAGE_TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 5;
/**
 * The longest Crawl-delay honoured: 1,000 pages at 10 s take under 3 hours, the crawl job's expiry.
 * A site asking for more is read 10 s apart.
 */
const CRAWL_DELAY_MAX_S = 10;

export type PageKind = 'html' | 'pdf';

export type PageResult =
  | { kind: 'content'; type: PageKind; body: Buffer; contentType: string | null; hash: string; url: string; etag: string | null; lastModified: string | null }
  | { kind: 'unchanged'; url: string }
  | { kind: 'gone'; reason: string; url: string }
  /** `transient`: the site may answer tomorrow (timeout, unreachable, 5xx, 429); else it refuses for good. */
  | { kind: 'failed'; reason: string; url: string; transient: boolean };

export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

/** One polite client per crawl: the guard's fetch, the user agent and the per-host pace. */
export class CrawlClient {
  readonly userAgent: string;
  private readonly follow: ReturnType<typeof createFollowingFetch>;
  private readonly gapMs: number;
  /** A host's own gap from its robots.txt `Crawl-delay`, when longer than ours. */
  private readonly hostGapMs = new Map<string, number>();
  private readonly nextSlot = new Map<string, number>();
  private readonly lastSent = new Map<string, number>();

  constructor(opts: { policy: OutboundPolicy; appUrl: string; perSecond: number }) {
    this.userAgent = `MikaBot/1.0 (+${opts.appUrl})`;
    this.follow = createFollowingFetch({ ...opts.policy, timeoutMs: PAGE_TIMEOUT_MS, maxRedirects: MAX_REDIRECTS });
    this.gapMs = 1000 / opts.perSecond;
  }

  /**
   * Waits for the host's next request slot (every hop of a redirect takes one too). Slots are
   * handed out in order; a request also waits a full gap after the one actually sent before it, so
   * a turn taken late (the process was busy) does not shorten the gap to the next one.
   */
  private async pace(url: string, signal?: AbortSignal) {
    const host = new URL(url).host;
    const gap = Math.max(this.gapMs, this.hostGapMs.get(host) ?? 0);
    const slot = Math.max(Date.now(), this.nextSlot.get(host) ?? 0);
    this.nextSlot.set(host, slot + gap);
    for (;;) {
      const now = Date.now();
      const due = Math.max(slot, (this.lastSent.get(host) ?? -Infinity) + gap);
      if (due <= now) break;
      await sleep(due - now, undefined, { signal });
    }
    this.lastSent.set(host, Date.now());
  }

  private async request(url: string, headers: Record<string, string>, signal?: AbortSignal, method: 'GET' | 'HEAD' = 'GET') {
    await this.pace(url, signal);
    const timeout = AbortSignal.timeout(PAGE_TIMEOUT_MS);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const followed = await this.follow(url, { method, headers: { 'user-agent': this.userAgent, ...headers }, signal: combined });
    return { ...followed, timeout };
  }

  /**
   * Where the start address leads: the URL after its redirects (beispiel.de → www.beispiel.de is
   * the rule, not the exception). Asked with HEAD; the redirects count whatever the last answer
   * is (some servers refuse HEAD with 405 at the end); the address itself when it cannot be
   * reached (the crawl then finds out as before).
   */
  async home(url: string, signal?: AbortSignal): Promise<string> {
    try {
      const { response, url: finalUrl } = await this.request(url, {}, signal, 'HEAD');
      await response.body?.cancel();
      return finalUrl;
    } catch (err) {
      if (signal?.aborted) throw err;
      return url;
    }
  }

  /**
   * A sitemap's text: `missing` when the site has none there (404/410), `failed` when it could not
   * be read (other status, network, timeout, broken gzip). Gzipped sitemaps (`.xml.gz`, served as
   * a file without Content-Encoding) are unpacked. At most the first 5 MB are read, packed or
   * unpacked: about the 50,000 URLs a sitemap file may hold (sitemaps.org).
   */
  async sitemap(url: string, signal?: AbortSignal): Promise<{ text: string } | { missing: true } | { failed: true }> {
    try {
      const { response, timeout } = await this.request(url, {}, signal);
      if (!response.ok) {
        await response.body?.cancel();
        return response.status === 404 || response.status === 410 ? { missing: true } : { failed: true };
      }
      const body = await readCapped(response, timeout, { truncate: true });
      const bytes = body && isGzip(body) ? await gunzipCapped(body, PAGE_MAX_BYTES) : body;
      return { text: (bytes ?? Buffer.alloc(0)).toString('utf8') };
    } catch (err) {
      if (signal?.aborted) throw err;
      return { failed: true };
    }
  }

  /** A page, conditionally when its validators are known. Failures come back with a German reason. */
  async page(url: string, validators: Validators | null, signal?: AbortSignal): Promise<PageResult> {
    const headers: Record<string, string> = { accept: 'text/html,application/xhtml+xml,application/pdf;q=0.9' };
    if (validators?.etag) headers['if-none-match'] = validators.etag;
    if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
    let followed: Awaited<ReturnType<CrawlClient['request']>>;
    try {
      followed = await this.request(url, headers, signal);
    } catch (err) {
      if (signal?.aborted) throw err;
      return failed(refusalReason(err), url);
    }
    const { response, timeout } = followed;
    const finalUrl = followed.url;
    if (response.status === 304) return { kind: 'unchanged', url: finalUrl };
    if (response.status === 404 || response.status === 410) {
      await response.body?.cancel();
      return { kind: 'gone', reason: response.status === 404 ? WEBSITE_MESSAGES.pageNotFound : WEBSITE_MESSAGES.pageGone, url: finalUrl };
    }
    if (!response.ok) {
      await response.body?.cancel();
      return failed(WEBSITE_MESSAGES.pageHttp(response.status), finalUrl, response.status >= 500 || response.status === 429);
    }
    const type = pageKind(response.headers.get('content-type'));
    if (!type) {
      await response.body?.cancel();
      return failed(WEBSITE_MESSAGES.pageNotHtml, finalUrl);
    }
    if (Number(response.headers.get('content-length') ?? 0) > PAGE_MAX_BYTES) {
      await response.body?.cancel();
      return failed(WEBSITE_MESSAGES.pageTooLarge, finalUrl);
    }
    let body: Buffer | null;
    try {
      body = await readCapped(response, timeout);
    } catch (err) {
      if (signal?.aborted) throw err;
      return failed(refusalReason(err), finalUrl);
    }
    if (!body) return failed(WEBSITE_MESSAGES.pageTooLarge, finalUrl);
    return {
      kind: 'content',
      type,
      body,
      contentType: response.headers.get('content-type'),
      hash: createHash('sha256').update(body).digest('hex'),
      url: finalUrl,
      etag: response.headers.get('etag'),
      lastModified: response.headers.get('last-modified'),
    };
  }

  /**
   * robots.txt of the site: a missing file allows everything. A site that cannot be reached at all
   * (or only through a refused address) ends the crawl at once with the reason (SiteUnreachable).
   */
  async robots(origin: string, signal?: AbortSignal): Promise<Robots> {
    const url = `${origin}/robots.txt`;
    let text = '';
    try {
      const { response, timeout } = await this.request(url, {}, signal);
      if (response.ok) text = ((await readCapped(response, timeout)) ?? Buffer.alloc(0)).toString('utf8');
      else await response.body?.cancel();
    } catch (err) {
      if (signal?.aborted) throw err;
      const reason = refusalReason(err);
      throw new SiteUnreachable(reason === WEBSITE_MESSAGES.pagePrivate ? WEBSITE_MESSAGES.refusedPrivate : WEBSITE_MESSAGES.startUnreachable);
    }
    const parsed = robotsParser(url, text);
    // The site's Crawl-delay slows every later request to it, up to CRAWL_DELAY_MAX_S apart.
    const crawlDelaySeconds = Math.min(CRAWL_DELAY_MAX_S, Math.max(0, Number(parsed.getCrawlDelay(this.userAgent) ?? 0) || 0));
    if (crawlDelaySeconds > 0) this.hostGapMs.set(new URL(origin).host, crawlDelaySeconds * 1000);
    return {
      allowed: (u) => parsed.isAllowed(u, this.userAgent) !== false,
      sitemaps: parsed.getSitemaps(),
      crawlDelaySeconds,
    };
  }
}

/** The site answers nothing at all; `message` is the German reason for the whole website. */
export class SiteUnreachable extends Error {}

export interface Robots {
  allowed(url: string): boolean;
  sitemaps: string[];
  crawlDelaySeconds: number;
}

function pageKind(contentType: string | null): PageKind | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type === 'application/pdf') return 'pdf';
  return null;
}

const isGzip = (bytes: Buffer) => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * Unpacks gzip up to `cap` bytes and stops there (a small file may unpack to gigabytes). A file cut
 * short (read only in part) unpacks as far as it goes; a broken one throws.
 */
async function gunzipCapped(packed: Buffer, cap: number): Promise<Buffer> {
  const gunzip = createGunzip({ finishFlush: zlibConstants.Z_SYNC_FLUSH });
  gunzip.end(packed);
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of gunzip as AsyncIterable<Buffer>) {
    parts.push(part);
    size += part.length;
    if (size >= cap) {
      gunzip.destroy();
      break;
    }
  }
  return Buffer.concat(parts).subarray(0, cap);
}

/**
 * The body up to PAGE_MAX_BYTES; when it is longer the rest is not read, and the answer is null
 * (a page) or the first PAGE_MAX_BYTES (`truncate`: a sitemap, whose first URLs are enough).
 */
async function readCapped(response: Response, timeout: AbortSignal, opts: { truncate?: boolean } = {}): Promise<Buffer | null> {
  if (!response.body) return Buffer.alloc(0);
  const parts: Buffer[] = [];
  let size = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > PAGE_MAX_BYTES) {
        await reader.cancel();
        if (!opts.truncate) return null;
        parts.push(Buffer.from(value));
        return Buffer.concat(parts).subarray(0, PAGE_MAX_BYTES);
      }
      parts.push(Buffer.from(value));
    }
  } catch (err) {
    if (timeout.aborted) throw new PageTimeout();
    throw err;
  }
  return Buffer.concat(parts);
}

class PageTimeout extends Error {}

/** A page that could not be read; by default a timeout or an unreachable site may answer on the next sync. */
const failed = (reason: string, url: string, transient = reason === WEBSITE_MESSAGES.pageTimeout || reason === WEBSITE_MESSAGES.pageUnreachable): PageResult => ({
  kind: 'failed',
  reason,
  url,
  transient,
});

function refusalReason(err: unknown): string {
  if (err instanceof PageTimeout) return WEBSITE_MESSAGES.pageTimeout;
  if (err instanceof OutboundRefused) {
    if (err.reason === 'private') return WEBSITE_MESSAGES.pagePrivate;
    if (err.reason === 'protocol') return WEBSITE_MESSAGES.pageProtocol;
    if (err.reason === 'redirect') return WEBSITE_MESSAGES.pageRedirects;
    return WEBSITE_MESSAGES.refusedUrl;
  }
  const name = (err as { name?: string }).name;
  const cause = (err as { cause?: { name?: string; code?: string } }).cause;
  if (name === 'TimeoutError' || cause?.name === 'TimeoutError' || cause?.code === 'UND_ERR_HEADERS_TIMEOUT' || cause?.code === 'UND_ERR_CONNECT_TIMEOUT')
    return WEBSITE_MESSAGES.pageTimeout;
  if (cause instanceof OutboundRefused) return refusalReason(cause);
  return WEBSITE_MESSAGES.pageUnreachable;
}

/**
 * Page URLs of a sitemap or sitemap index (followed up to 3 levels), in document order, at most
 * `limit`. `complete` is false when the list may lack URLs the site names: a sitemap that should be
 * there could not be read, or the limit cut the list. A missing `optional` sitemap (the guessed
 * /sitemap.xml) is a site without one, and complete.
 */
export async function sitemapUrls(
  client: CrawlClient,
  url: string,
  limit: number,
  opts: { signal?: AbortSignal; optional?: boolean; depth?: number } = {},
): Promise<{ urls: string[]; complete: boolean }> {
  const depth = opts.depth ?? 0;
  const read = await client.sitemap(url, opts.signal);
  if ('missing' in read) return { urls: [], complete: opts.optional === true };
  if ('failed' in read) return { urls: [], complete: false };
  const xml = read.text;
  // <loc>URL</loc>, also as CDATA (some shop systems write it so); <image:loc> and the like are not pages.
  const locs = [...xml.matchAll(/<loc>\s*(?:<!\[CDATA\[\s*([^\]<]+?)\s*\]\]>|([^<]+?))\s*<\/loc>/gi)].map((m) => (m[1] !== undefined ? m[1] : decodeXml(m[2]!)));
  // A text sitemap (sitemaps.org): one URL per line, nothing else.
  if (locs.length === 0 && !xml.trimStart().startsWith('<')) {
    const lines = xml.split(/\r?\n/).map((l) => l.trim()).filter((l) => /^https?:\/\/\S+$/i.test(l));
    return { urls: lines.slice(0, limit), complete: lines.length <= limit };
  }
  if (!/<sitemapindex[\s>]/i.test(xml)) return { urls: locs.slice(0, limit), complete: locs.length <= limit };
  if (depth >= 2) return { urls: [], complete: false };
  const out: string[] = [];
  let complete = true;
  for (const child of locs) {
    if (out.length >= limit) return { urls: out, complete: false };
    const sub = await sitemapUrls(client, child, limit - out.length, { signal: opts.signal, depth: depth + 1 });
    appendAll(out, sub.urls);
    complete &&= sub.complete;
  }
  return { urls: out, complete };
}

