CREATE TABLE "knowledge_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"team_id" integer,
	"assistant_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"extension" text NOT NULL,
	"is_filtered" boolean DEFAULT false NOT NULL,
	"size_bytes" integer NOT NULL,
	"stored_name" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"passage_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_files_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "knowledge_files_status_check" CHECK ("knowledge_files"."status" in ('queued', 'reading', 'chunking', 'indexing', 'ready', 'error'))
);
--> statement-breakpoint
CREATE TABLE "knowledge_passages" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"assistant_id" integer NOT NULL,
	"position" integer NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"heading" text DEFAULT '' NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sources" jsonb;--> statement-breakpoint
ALTER TABLE "knowledge_files" ADD CONSTRAINT "knowledge_files_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_files" ADD CONSTRAINT "knowledge_files_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_passages" ADD CONSTRAINT "knowledge_passages_file_id_knowledge_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."knowledge_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_passages" ADD CONSTRAINT "knowledge_passages_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_files_assistant_idx" ON "knowledge_files" USING btree ("assistant_id");--> statement-breakpoint
CREATE INDEX "knowledge_passages_file_idx" ON "knowledge_passages" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "knowledge_passages_assistant_idx" ON "knowledge_passages" USING btree ("assistant_id");--> statement-breakpoint
-- Retrieval (docs/knowledge.md): German full-text search plus trigrams for compounds.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "knowledge_passages" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (to_tsvector('german'::regconfig, "heading" || ' ' || "text")) STORED;--> statement-breakpoint
CREATE INDEX "knowledge_passages_search_idx" ON "knowledge_passages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "knowledge_passages_trgm_idx" ON "knowledge_passages" USING gin ("text" gin_trgm_ops);
