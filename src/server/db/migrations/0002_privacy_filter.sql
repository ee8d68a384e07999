ALTER TABLE "teams" ADD COLUMN "filter" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "assistants" ADD COLUMN "filter_enabled" boolean;--> statement-breakpoint
ALTER TABLE "assistants" ADD COLUMN "filter" text DEFAULT '' NOT NULL;