-- A page the site no longer names (in no sitemap, linked from no page reachable from the start
-- page) but that still answers 200 is removed (docs/knowledge.md#websites): the run in which
-- sitemap or links last named the page. Known pages are due in every run, so found_run alone
-- cannot tell.
ALTER TABLE "knowledge_website_pages" ADD COLUMN "discovered_run" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The page's links on its own host, as last read: an unchanged page (304, same hash) passes them on
-- without being parsed again. NULL: not known yet (the page is then read in full once).
ALTER TABLE "knowledge_website_pages" ADD COLUMN "links" text[];
--> statement-breakpoint
-- Pages known before: named in their last run (found_run), so none goes before two runs have passed.
UPDATE "knowledge_website_pages" SET "discovered_run" = "found_run";
