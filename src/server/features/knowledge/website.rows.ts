import { asc, eq, inArray } from 'drizzle-orm';
import { knowledgePassages, knowledgeWebsitePages, knowledgeWebsites } from '../../db/schema/index.ts';
import type { RowOwner } from '../../platform/row-owners.ts';
import { exportJson } from '../../platform/team-export.ts';

/**
 * The team's crawled websites (cascade with their Mika and the team; a page's knowledge file goes
 * with its website). Exported as knowledge/websites.json: each website with its pages (URL, title,
 * state, reason) and the text indexed from each page — what the Mika answers from.
 */
export const websiteRowOwner: RowOwner = {
  owner: 'knowledge/websites',
  tables: ['knowledge_websites', 'knowledge_website_pages'],
  exportDescription: 'knowledge/websites.json: die Websites als Wissen mit ihren Seiten (Adresse, Titel, Zustand) und dem gelesenen Text',
  async exportTeam(db, teamId, ctx) {
    const websites = await db.select().from(knowledgeWebsites).where(eq(knowledgeWebsites.teamId, teamId)).orderBy(asc(knowledgeWebsites.id));
    const mikas = await ctx.assistants();
    const out = [];
    for (const w of websites) {
      const pages = await db.select().from(knowledgeWebsitePages).where(eq(knowledgeWebsitePages.websiteId, w.id)).orderBy(asc(knowledgeWebsitePages.id));
      const fileIds = pages.flatMap((p) => (p.fileId === null ? [] : [p.fileId]));
      const passages = fileIds.length
        ? await db
            .select({ fileId: knowledgePassages.fileId, text: knowledgePassages.text })
            .from(knowledgePassages)
            .where(inArray(knowledgePassages.fileId, fileIds))
            .orderBy(asc(knowledgePassages.fileId), asc(knowledgePassages.position))
        : [];
      const text = new Map<number, string[]>();
      for (const p of passages) text.set(p.fileId, [...(text.get(p.fileId) ?? []), p.text]);
      out.push({
        uuid: w.uuid,
        assistant: mikas.get(w.assistantId)?.uuid,
        url: w.url,
        sitemap_url: w.sitemapUrl,
        include: w.include,
        exclude: w.exclude,
        max_pages: w.maxPages,
        interval: w.interval,
        data_protection: w.isFiltered,
        status: w.status,
        last_sync: w.lastSyncAt,
        created_at: w.createdAt,
        pages: pages.map((p) => ({
          url: p.url,
          title: p.title,
          state: p.state,
          reason: p.error,
          fetched_at: p.fetchedAt,
          passages: p.fileId === null ? [] : (text.get(p.fileId) ?? []),
        })),
      });
    }
    return { 'knowledge/websites.json': exportJson(out) };
  },
};
