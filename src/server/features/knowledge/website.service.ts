import { requireAccess } from '../../platform/access.ts';
import { AppError, validationError } from '../../platform/app-error.ts';
import { withCountLimit } from '../../platform/count-limit.ts';
import type { Deps } from '../../platform/deps.ts';
import { checkOutboundUrl, OutboundRefused } from '../../platform/outbound.ts';
import type { AuthContext } from '../../platform/session.ts';
import type { KnowledgeWebsiteRow } from '../../db/schema/index.ts';
import { KNOWLEDGE_MESSAGES, WEBSITE_MESSAGES } from '../../../shared/messages.ts';
import { KNOWLEDGE_MAX_FILES, websitePageCap } from '../../../shared/constants.ts';
import type { Website, WebsiteList, WebsiteInterval, WebsiteStatus, ZAddWebsiteRequest } from '../../../shared/schemas/websites.ts';
import type { z } from '../../../shared/zod.ts';
import { countFiles } from './knowledge.repository.ts';
import { normalizePageUrl, sameSite, siteHost } from './website-urls.ts';
import { enqueueCrawl } from './website.jobs.ts';
import { refuseGuideChange } from './guide.seed.ts';
import {
  countWebsites,
  deleteWebsite,
  findWebsite,
  findWebsiteAssistantUuid,
  websiteUrls,
  insertWebsite,
  listWebsiteRows,
  updateWebsite,
  websiteCounts,
} from './website.repository.ts';

/** A website's URL through the outbound guard, with the website's German wording. */
function guardedUrl(deps: Deps, raw: string, field: string): string {
  const url = normalizePageUrl(raw);
  if (!url) throw validationError(field, WEBSITE_MESSAGES.urlInvalid);
  try {
    // A private address is named as such even when typed with http:// (the clearer reason).
    const asHttps = url.replace(/^http:/, 'https:');
    checkOutboundUrl(asHttps, deps.config.outbound);
    return checkOutboundUrl(url, deps.config.outbound).href;
  } catch (err) {
    if (!(err instanceof OutboundRefused)) throw err;
    const message =
      err.reason === 'private' ? WEBSITE_MESSAGES.refusedPrivate : err.reason === 'protocol' ? WEBSITE_MESSAGES.refusedProtocol : WEBSITE_MESSAGES.urlInvalid;
    throw validationError(field, message);
  }
}

/** The plan's page cap for the team that owns the Mika (a default Mika: the caller's team). */
const pageCap = (auth: AuthContext) => websitePageCap(auth.team.planSlug);

/**
 * Adds a website as one knowledge source of the Mika and enqueues its first crawl in the same
 * transaction. Every rule is checked before anything is stored.
 */
export async function addWebsite(deps: Deps, auth: AuthContext, input: z.output<typeof ZAddWebsiteRequest>): Promise<{ uuid: string }> {
  const assistant = await requireAccess(auth, 'assistant.edit', input.assistantUuid, deps);
  await refuseGuideChange(deps.db, assistant.id);
  const cap = pageCap(auth);
  if (input.maxPages > cap) throw validationError('maxPages', WEBSITE_MESSAGES.maxPagesPlan(cap));
  const url = guardedUrl(deps, input.url, 'url');
  let sitemapUrl: string | null = null;
  if (input.sitemapUrl) {
    sitemapUrl = guardedUrl(deps, input.sitemapUrl, 'sitemapUrl');
    // The same website: www.beispiel.de and beispiel.de count as one (the crawl follows the start
    // address to where it leads).
    if (siteHost(sitemapUrl) !== siteHost(url)) throw validationError('sitemapUrl', WEBSITE_MESSAGES.sitemapOtherHost);
  }
  const row = await withCountLimit(deps.db, `knowledge:${assistant.id}`, async (tx) => {
    // A website is one knowledge source: it counts against the same limit as the files.
    if ((await countFiles(tx, assistant.id)) + (await countWebsites(tx, assistant.id)) >= KNOWLEDGE_MAX_FILES) {
      throw validationError('url', KNOWLEDGE_MESSAGES.tooManyFiles(KNOWLEDGE_MAX_FILES));
    }
    // The same site however typed: with or without www., with or without the last slash.
    if ((await websiteUrls(tx, assistant.id)).some((known) => sameSite(known, url))) throw validationError('url', WEBSITE_MESSAGES.alreadyAdded);
    const website = await insertWebsite(tx, {
      teamId: assistant.teamId,
      assistantId: assistant.id,
      url,
      sitemapUrl,
      include: input.include,
      exclude: input.exclude,
      maxPages: input.maxPages,
      interval: input.interval,
      isFiltered: input.dataProtection,
    });
    await enqueueCrawl(deps, website.id, tx);
    return website;
  });
  return { uuid: row.uuid };
}

export async function listWebsites(deps: Deps, auth: AuthContext, assistantUuid: string): Promise<WebsiteList> {
  const assistant = await requireAccess(auth, 'assistant.edit', assistantUuid, deps);
  const rows = await listWebsiteRows(deps.db, assistant.id);
  const counts = await websiteCounts(deps.db, rows);
  return { websites: rows.map((w) => toWebsite(w, counts.get(w.id)!)) };
}

function toWebsite(w: KnowledgeWebsiteRow, c: { pages: number; done: number; found: number; errors: { url: string; reason: string }[] }): Website {
  return {
    uuid: w.uuid,
    url: w.url,
    sitemapUrl: w.sitemapUrl,
    include: w.include,
    exclude: w.exclude,
    maxPages: w.maxPages,
    interval: w.interval as WebsiteInterval,
    is_filtered: w.isFiltered ? 1 : 0,
    status: w.status as WebsiteStatus,
    error: w.error,
    pages: c.pages,
    progress: { done: c.done, total: Math.max(c.done, Math.min(c.found, w.maxPages)) },
    lastSync: w.lastSyncAt?.toISOString() ?? null,
    nextSync: w.nextSyncAt?.toISOString() ?? null,
    errors: c.errors,
  };
}

/** The rule of `knowledge.website` (website.access.ts): a website through the edit right on its Mika. */
export async function editableWebsite(deps: Deps, auth: AuthContext | null, websiteUuid: string) {
  const notFound = () => new AppError('NOT_FOUND', WEBSITE_MESSAGES.notFound);
  const assistantUuid = await findWebsiteAssistantUuid(deps.db, websiteUuid);
  if (!assistantUuid) throw notFound();
  // Another team's Mika answers 404 here, so its website does too.
  const assistant = await requireAccess(auth, 'assistant.edit', assistantUuid, deps);
  const website = await findWebsite(deps.db, assistant.id, websiteUuid);
  if (!website) throw notFound();
  return { assistant, website };
}

/** Reads the website again now (a crawl already running or queued is not doubled). */
export async function syncWebsite(deps: Deps, auth: AuthContext, websiteUuid: string): Promise<string> {
  const { website } = await requireAccess(auth, 'knowledge.website', websiteUuid, deps);
  if (website.status === 'crawling' || website.status === 'queued') return WEBSITE_MESSAGES.alreadyRunning;
  await updateWebsite(deps.db, website.id, { status: 'queued' });
  await enqueueCrawl(deps, website.id);
  return WEBSITE_MESSAGES.syncStarted;
}

/** Removes the website with all its pages from the Mika's knowledge. */
export async function removeWebsite(deps: Deps, auth: AuthContext, websiteUuid: string): Promise<void> {
  const { website } = await requireAccess(auth, 'knowledge.website', websiteUuid, deps);
  await deleteWebsite(deps.db, website);
}
