import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  assistants,
  knowledgeFiles,
  knowledgeWebsitePages,
  knowledgeWebsites,
  teams,
  type KnowledgeWebsitePageRow,
  type KnowledgeWebsiteRow,
} from '../../db/schema/index.ts';
import { deleteFile } from './knowledge.repository.ts';

export const insertWebsite = async (db: Db, values: typeof knowledgeWebsites.$inferInsert) =>
  (await db.insert(knowledgeWebsites).values(values).returning())[0]!;

export async function countWebsites(db: Db, assistantId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(knowledgeWebsites).where(eq(knowledgeWebsites.assistantId, assistantId));
  return row?.n ?? 0;
}

/** The start addresses of a Mika's websites. */
export const websiteUrls = async (db: Db, assistantId: number) =>
  (await db.select({ url: knowledgeWebsites.url }).from(knowledgeWebsites).where(eq(knowledgeWebsites.assistantId, assistantId))).map((r) => r.url);

/** The assistant uuid a website belongs to (the object rule proves access through it). */
export async function findWebsiteAssistantUuid(db: Db, websiteUuid: string): Promise<string | undefined> {
  const [row] = await db
    .select({ uuid: assistants.uuid })
    .from(knowledgeWebsites)
    .innerJoin(assistants, eq(assistants.id, knowledgeWebsites.assistantId))
    .where(eq(knowledgeWebsites.uuid, websiteUuid));
  return row?.uuid;
}

export const findWebsite = async (db: Db, assistantId: number, websiteUuid: string) =>
  (await db.select().from(knowledgeWebsites).where(and(eq(knowledgeWebsites.assistantId, assistantId), eq(knowledgeWebsites.uuid, websiteUuid))))[0];

export const listWebsiteRows = (db: Db, assistantId: number) =>
  db.select().from(knowledgeWebsites).where(eq(knowledgeWebsites.assistantId, assistantId)).orderBy(desc(knowledgeWebsites.id));

/** Per website: pages indexed, this run's pages read and found, and the pages with a reason. */
export async function websiteCounts(db: Db, websites: KnowledgeWebsiteRow[]) {
  const ids = websites.map((w) => w.id);
  if (ids.length === 0) return new Map<number, { pages: number; done: number; found: number; errors: { url: string; reason: string }[] }>();
  const rows = await db
    .select({
      websiteId: knowledgeWebsitePages.websiteId,
      // Pages with knowledge: a page that answered 404 once keeps its knowledge until the second time.
      pages: sql<number>`(count(*) filter (where ${knowledgeWebsitePages.fileId} is not null))::int`,
      done: sql<number>`(count(*) filter (where ${knowledgeWebsitePages.visitedRun} = ${knowledgeWebsites.run} and ${knowledgeWebsitePages.state} in ('done', 'error')))::int`,
      found: sql<number>`(count(*) filter (where ${knowledgeWebsitePages.foundRun} = ${knowledgeWebsites.run} and ${knowledgeWebsitePages.state} <> 'skipped'))::int`,
    })
    .from(knowledgeWebsitePages)
    .innerJoin(knowledgeWebsites, eq(knowledgeWebsites.id, knowledgeWebsitePages.websiteId))
    .where(inArray(knowledgeWebsitePages.websiteId, ids))
    .groupBy(knowledgeWebsitePages.websiteId);
  const errors = await db
    .select({ websiteId: knowledgeWebsitePages.websiteId, url: knowledgeWebsitePages.url, reason: knowledgeWebsitePages.error })
    .from(knowledgeWebsitePages)
    .where(and(inArray(knowledgeWebsitePages.websiteId, ids), isNotNull(knowledgeWebsitePages.error)))
    .orderBy(asc(knowledgeWebsitePages.id))
    .limit(500);
  const out = new Map<number, { pages: number; done: number; found: number; errors: { url: string; reason: string }[] }>();
  for (const w of websites) out.set(w.id, { pages: 0, done: 0, found: 0, errors: [] });
  for (const r of rows) Object.assign(out.get(r.websiteId)!, { pages: r.pages, done: r.done, found: r.found });
  for (const e of errors) out.get(e.websiteId)!.errors.push({ url: e.url, reason: e.reason! });
  return out;
}

export async function findWebsiteForCrawl(db: Db, websiteId: number) {
  const [row] = await db
    .select({ website: knowledgeWebsites, assistantUuid: assistants.uuid, assistant: assistants, team: teams })
    .from(knowledgeWebsites)
    .innerJoin(assistants, eq(assistants.id, knowledgeWebsites.assistantId))
    .leftJoin(teams, eq(teams.id, assistants.teamId))
    .where(eq(knowledgeWebsites.id, websiteId));
  return row;
}

export async function updateWebsite(db: Db, id: number, values: Partial<typeof knowledgeWebsites.$inferInsert>) {
  const [row] = await db.update(knowledgeWebsites).set({ ...values, updatedAt: new Date() }).where(eq(knowledgeWebsites.id, id)).returning();
  return row;
}

/**
 * Starts a new sync run: every page already known is due again in it (unchanged ones answer 304 or
 * keep their hash), the others are found again by sitemap and links.
 */
export async function beginRun(db: Db, website: KnowledgeWebsiteRow): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(knowledgeWebsites)
      .set({ run: sql`${knowledgeWebsites.run} + 1`, status: 'crawling', error: null, updatedAt: new Date() })
      .where(eq(knowledgeWebsites.id, website.id))
      .returning({ run: knowledgeWebsites.run });
    await tx
      .update(knowledgeWebsitePages)
      .set({ foundRun: row!.run })
      .where(and(eq(knowledgeWebsitePages.websiteId, website.id), isNotNull(knowledgeWebsitePages.fileId)));
    return row!.run;
  });
}

/**
 * Records URLs found in this run (sitemap, links): new ones are inserted, known ones marked found
 * and discovered (named by a sitemap or a page reachable from the start: docs/knowledge.md#websites).
 * Refused ones (robots.txt) are stored as skipped with their reason, and what was read of them
 * before leaves the knowledge. One statement per batch; a URL is one row however often it is found
 * (unique per website).
 */
export async function recordFound(
  db: Db,
  website: { id: number; assistantId: number },
  run: number,
  urls: { url: string; skipReason?: string }[],
): Promise<void> {
  const websiteId = website.id;
  const allowed = urls.filter((u) => !u.skipReason);
  const refused = urls.filter((u) => u.skipReason);
  for (let i = 0; i < allowed.length; i += 200) {
    await db
      .insert(knowledgeWebsitePages)
      .values(allowed.slice(i, i + 200).map((u) => ({ websiteId, url: u.url, foundRun: run, discoveredRun: run })))
      .onConflictDoUpdate({
        target: [knowledgeWebsitePages.websiteId, knowledgeWebsitePages.url],
        set: { foundRun: run, discoveredRun: run },
        setWhere: lt(knowledgeWebsitePages.discoveredRun, run),
      });
  }
  // Refused in this run (robots.txt may change): never due, whatever an earlier run found.
  for (let i = 0; i < refused.length; i += 200) {
    const rows = await db
      .insert(knowledgeWebsitePages)
      .values(refused.slice(i, i + 200).map((u) => ({ websiteId, url: u.url, foundRun: run, discoveredRun: run, visitedRun: run, state: 'skipped', error: u.skipReason! })))
      .onConflictDoUpdate({
        target: [knowledgeWebsitePages.websiteId, knowledgeWebsitePages.url],
        set: { foundRun: run, discoveredRun: run, visitedRun: run, state: 'skipped', error: sql`excluded.error` },
      })
      .returning({ id: knowledgeWebsitePages.id, fileId: knowledgeWebsitePages.fileId });
    // A page read before that robots.txt now refuses: the site wants it out of crawlers' hands.
    for (const page of rows) if (page.fileId !== null) await removePageFile(db, page, website.assistantId);
  }
}

/**
 * Known pages the site has stopped naming: not discovered in this complete run nor in the one
 * before, still due in this one. Their knowledge goes and they are listed with the reason; they
 * are not read any more (a page named again later is due again).
 */
export async function dropUnnamedPages(db: Db, websiteId: number, run: number, assistantId: number, reason: string): Promise<number> {
  const unnamed = await db
    .select({ id: knowledgeWebsitePages.id, fileId: knowledgeWebsitePages.fileId })
    .from(knowledgeWebsitePages)
    .where(
      and(
        eq(knowledgeWebsitePages.websiteId, websiteId),
        eq(knowledgeWebsitePages.foundRun, run),
        lt(knowledgeWebsitePages.visitedRun, run),
        lt(knowledgeWebsitePages.discoveredRun, run - 1),
      ),
    );
  for (const page of unnamed) {
    await removePageFile(db, page, assistantId);
    await markPage(db, page.id, { visitedRun: run, state: 'skipped', error: reason });
  }
  return unnamed.length;
}

/** Page rows without knowledge last found before `run` (list entries of pages the site no longer has). */
export async function forgetPagesNotFound(db: Db, websiteId: number, beforeRun: number): Promise<void> {
  await db
    .delete(knowledgeWebsitePages)
    .where(and(eq(knowledgeWebsitePages.websiteId, websiteId), isNull(knowledgeWebsitePages.fileId), lt(knowledgeWebsitePages.foundRun, beforeRun)));
}

/** How many pages this run has fetched (the page limit counts these). */
export async function fetchedInRun(db: Db, websiteId: number, run: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(knowledgeWebsitePages)
    .where(and(eq(knowledgeWebsitePages.websiteId, websiteId), eq(knowledgeWebsitePages.visitedRun, run), inArray(knowledgeWebsitePages.state, ['done', 'error'])));
  return row?.n ?? 0;
}

/**
 * The next page of this run not fetched yet (after a kill, the crawl continues here): the pages
 * the site names in this run first, then the known pages it has not named (yet).
 */
export async function nextPendingPage(db: Db, websiteId: number, run: number): Promise<KnowledgeWebsitePageRow | undefined> {
  const [row] = await db
    .select()
    .from(knowledgeWebsitePages)
    .where(and(eq(knowledgeWebsitePages.websiteId, websiteId), eq(knowledgeWebsitePages.foundRun, run), lt(knowledgeWebsitePages.visitedRun, run)))
    .orderBy(desc(sql`${knowledgeWebsitePages.discoveredRun} = ${run}`), asc(knowledgeWebsitePages.id))
    .limit(1);
  return row;
}

export async function markPage(db: Db, pageId: number, values: Partial<typeof knowledgeWebsitePages.$inferInsert>) {
  await db.update(knowledgeWebsitePages).set(values).where(eq(knowledgeWebsitePages.id, pageId));
}

/**
 * The page's knowledge file, created with the link to it in one transaction (a kill between the
 * two cannot leave a file no page knows). An existing file is reused: its passages are replaced.
 */
export async function pageFile(
  db: Db,
  page: KnowledgeWebsitePageRow,
  values: { teamId: number | null; assistantId: number; websiteId: number; name: string; extension: string; isFiltered: boolean; sizeBytes: number },
) {
  return db.transaction(async (tx) => {
    if (page.fileId !== null) {
      const [row] = await tx
        .update(knowledgeFiles)
        .set({ name: values.name, sizeBytes: values.sizeBytes, extension: values.extension, isFiltered: values.isFiltered, status: 'indexing', updatedAt: new Date() })
        .where(eq(knowledgeFiles.id, page.fileId))
        .returning();
      if (row) return row;
    }
    const [file] = await tx
      .insert(knowledgeFiles)
      .values({ ...values, storedName: '', status: 'indexing', description: page.url })
      .returning();
    await tx.update(knowledgeWebsitePages).set({ fileId: file!.id }).where(eq(knowledgeWebsitePages.id, page.id));
    return file!;
  });
}

/** A page gone for good: its knowledge file (passages, postings, term counts) goes. */
export async function removePageFile(db: Db, page: { id: number; fileId: number | null }, assistantId: number) {
  if (page.fileId !== null) await deleteFile(db, { id: page.fileId, assistantId });
  await db.update(knowledgeWebsitePages).set({ fileId: null }).where(eq(knowledgeWebsitePages.id, page.id));
}

/** Deletes a website: its pages' files first (term counts kept right), then the rows (cascade). */
export async function deleteWebsite(db: Db, website: { id: number; assistantId: number }) {
  const files = await db.select({ id: knowledgeFiles.id }).from(knowledgeFiles).where(eq(knowledgeFiles.websiteId, website.id));
  for (const f of files) await deleteFile(db, { id: f.id, assistantId: website.assistantId });
  await db.delete(knowledgeWebsites).where(eq(knowledgeWebsites.id, website.id));
}

/** Websites whose next sync is due (the scheduler enqueues their crawl). */
export const dueWebsites = (db: Db, now: Date) =>
  db
    .select({ id: knowledgeWebsites.id })
    .from(knowledgeWebsites)
    .where(and(lte(knowledgeWebsites.nextSyncAt, now), inArray(knowledgeWebsites.status, ['ready', 'error'])));

/** Crawls that were running or queued when the embedded database's process ended. */
export const unfinishedCrawls = (db: Db) =>
  db.select({ id: knowledgeWebsites.id }).from(knowledgeWebsites).where(inArray(knowledgeWebsites.status, ['queued', 'crawling']));
