-- Issue 34, decision 042: a team's website as knowledge. A website is one source of an assistant;
-- its pages are knowledge files (website_id) so that retrieval, the privacy filter and deletion
-- work as for uploads, and each URL of a crawl has a row with its state (a killed crawl resumes).
CREATE TABLE "knowledge_website_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"url" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"title" text DEFAULT '' NOT NULL,
	"file_id" integer,
	"etag" text,
	"last_modified" text,
	"content_hash" text,
	"gone_count" integer DEFAULT 0 NOT NULL,
	"found_run" integer DEFAULT 0 NOT NULL,
	"visited_run" integer DEFAULT 0 NOT NULL,
	"fetched_at" timestamp with time zone,
	CONSTRAINT "knowledge_website_pages_url_unique" UNIQUE("website_id","url"),
	CONSTRAINT "knowledge_website_pages_state_check" CHECK ("knowledge_website_pages"."state" in ('pending', 'done', 'error', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "knowledge_websites" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"team_id" integer,
	"assistant_id" integer NOT NULL,
	"url" text NOT NULL,
	"sitemap_url" text,
	"include" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"exclude" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_pages" integer NOT NULL,
	"interval" text NOT NULL,
	"is_filtered" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"run" integer DEFAULT 0 NOT NULL,
	"last_sync_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_websites_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "knowledge_websites_interval_check" CHECK ("knowledge_websites"."interval" in ('daily', 'weekly', 'manual')),
	CONSTRAINT "knowledge_websites_status_check" CHECK ("knowledge_websites"."status" in ('queued', 'crawling', 'ready', 'error'))
);
--> statement-breakpoint
ALTER TABLE "knowledge_files" ADD COLUMN "website_id" integer;--> statement-breakpoint
ALTER TABLE "knowledge_website_pages" ADD CONSTRAINT "knowledge_website_pages_website_id_knowledge_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."knowledge_websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_websites" ADD CONSTRAINT "knowledge_websites_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_websites" ADD CONSTRAINT "knowledge_websites_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_website_pages_file_idx" ON "knowledge_website_pages" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "knowledge_websites_assistant_idx" ON "knowledge_websites" USING btree ("assistant_id");--> statement-breakpoint
CREATE INDEX "knowledge_websites_next_sync_idx" ON "knowledge_websites" USING btree ("next_sync_at");--> statement-breakpoint
ALTER TABLE "knowledge_files" ADD CONSTRAINT "knowledge_files_website_id_knowledge_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."knowledge_websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_files_website_idx" ON "knowledge_files" USING btree ("website_id");