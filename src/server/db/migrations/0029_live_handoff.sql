-- Issue 35, decision 044: live hand-off from the public Mika to a team member.
CREATE TABLE "handoff_settings" (
	"assistant_id" integer PRIMARY KEY NOT NULL REFERENCES "assistants"("id") ON DELETE cascade,
	"team_id" integer NOT NULL REFERENCES "teams"("id") ON DELETE cascade,
	"enabled" boolean DEFAULT false NOT NULL,
	"hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"wait_seconds" integer DEFAULT 120 NOT NULL,
	"greeting" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thread_handoffs" (
	"thread_id" integer PRIMARY KEY NOT NULL REFERENCES "threads"("id") ON DELETE cascade,
	"assistant_id" integer NOT NULL REFERENCES "assistants"("id") ON DELETE cascade,
	"requested_at" timestamp with time zone,
	"taken_by" integer REFERENCES "users"("id") ON DELETE set null,
	"taken_by_name" text,
	"taken_at" timestamp with time zone,
	"staff_active_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "thread_handoffs_assistant_idx" ON "thread_handoffs" USING btree ("assistant_id");
--> statement-breakpoint
-- Staff messages are messages of the thread (erasure, export and retention take them along).
ALTER TABLE "messages" ADD COLUMN "author_name" text;
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_origin_check";
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_origin_check" CHECK ("messages"."origin" in ('user', 'ai', 'staff'));
