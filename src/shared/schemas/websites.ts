import { z } from '../zod.ts';
import { KNOWLEDGE_MESSAGES, WEBSITE_MESSAGES } from '../messages.ts';

/** Re-sync intervals of a website (issue 34). */
export const WEBSITE_INTERVALS = ['daily', 'weekly', 'manual'] as const;
export type WebsiteInterval = (typeof WEBSITE_INTERVALS)[number];

export const WEBSITE_STATUSES = ['queued', 'crawling', 'ready', 'error'] as const;
export type WebsiteStatus = (typeof WEBSITE_STATUSES)[number];

const zPatterns = z
  .array(z.string().trim().regex(/^\/[^\s]*$/, { error: WEBSITE_MESSAGES.patternInvalid }).max(200))
  .max(20, { error: WEBSITE_MESSAGES.patternInvalid })
  .default([]);

const zHttpUrl = (error: string) =>
  z
    .string({ error })
    .trim()
    .max(2000, { error })
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'https:' || u.protocol === 'http:';
      } catch {
        return false;
      }
    }, { error });

export const ZAddWebsiteRequest = z.object({
  assistantUuid: z.uuid({ error: KNOWLEDGE_MESSAGES.noAssistant }),
  url: zHttpUrl(WEBSITE_MESSAGES.urlInvalid),
  sitemapUrl: z.union([zHttpUrl(WEBSITE_MESSAGES.sitemapInvalid), z.literal('')]).optional(),
  include: zPatterns,
  exclude: zPatterns,
  maxPages: z.coerce.number({ error: WEBSITE_MESSAGES.maxPagesInvalid }).int({ error: WEBSITE_MESSAGES.maxPagesInvalid }).min(1, { error: WEBSITE_MESSAGES.maxPagesInvalid }),
  interval: z.enum(WEBSITE_INTERVALS, { error: WEBSITE_MESSAGES.intervalInvalid }),
  /** The privacy filter for the pages' text, as the data-protection switch of an upload. */
  dataProtection: z.boolean().default(false),
});
export type AddWebsiteRequest = z.input<typeof ZAddWebsiteRequest>;

export const ZWebsite = z.object({
  uuid: z.string(),
  url: z.string(),
  sitemapUrl: z.string().nullable(),
  include: z.array(z.string()),
  exclude: z.array(z.string()),
  maxPages: z.number(),
  interval: z.enum(WEBSITE_INTERVALS),
  is_filtered: z.union([z.literal(0), z.literal(1)]),
  status: z.enum(WEBSITE_STATUSES),
  /** The German reason when the whole crawl failed (start page unreachable, refused address). */
  error: z.string().nullable(),
  /** Pages indexed (ready knowledge). */
  pages: z.number(),
  /** This run's progress: pages read of pages found ("37 von 120 Seiten gelesen"). */
  progress: z.object({ done: z.number(), total: z.number() }),
  lastSync: z.string().nullable(),
  nextSync: z.string().nullable(),
  errors: z.array(z.object({ url: z.string(), reason: z.string() })),
});
export type Website = z.infer<typeof ZWebsite>;

export const ZWebsiteList = z.object({ websites: z.array(ZWebsite) });
export type WebsiteList = z.infer<typeof ZWebsiteList>;
