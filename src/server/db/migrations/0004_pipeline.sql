CREATE TABLE "assistant_tools" (
	"id" serial PRIMARY KEY NOT NULL,
	"assistant_id" integer NOT NULL,
	"tool_slug" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assistant_tools_slug_check" CHECK ("assistant_tools"."tool_slug" in ('form', 'email', 'asset'))
);
--> statement-breakpoint
CREATE TABLE "usage_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer,
	"assistant_id" integer,
	"thread_id" integer,
	"message_id" integer,
	"capability" text NOT NULL,
	"model" text NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"audio_seconds" integer DEFAULT 0 NOT NULL,
	"characters" integer DEFAULT 0 NOT NULL,
	"images" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_records_capability_check" CHECK ("usage_records"."capability" in ('chat', 'task', 'speech', 'transcription', 'image', 'embedding')),
	CONSTRAINT "usage_records_non_negative" CHECK ("usage_records"."input_tokens" >= 0 and "usage_records"."output_tokens" >= 0 and "usage_records"."audio_seconds" >= 0 and "usage_records"."characters" >= 0 and "usage_records"."images" >= 0)
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assistant_tools" ADD CONSTRAINT "assistant_tools_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assistant_tools_assistant_slug_unique" ON "assistant_tools" USING btree ("assistant_id","tool_slug");--> statement-breakpoint
CREATE INDEX "usage_records_team_created_idx" ON "usage_records" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "usage_records_assistant_idx" ON "usage_records" USING btree ("assistant_id");--> statement-breakpoint
CREATE INDEX "usage_records_thread_idx" ON "usage_records" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "usage_records_message_idx" ON "usage_records" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "assistant_rights_assistant_idx" ON "assistant_rights" USING btree ("assistant_id");--> statement-breakpoint
CREATE INDEX "messages_audio_idx" ON "messages" USING btree ("audio");--> statement-breakpoint
CREATE INDEX "messages_streaming_idx" ON "messages" USING btree ("heartbeat_at") WHERE "messages"."status" = 'streaming';--> statement-breakpoint
CREATE INDEX "threads_team_idx" ON "threads" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "form_submissions_assistant_idx" ON "form_submissions" USING btree ("assistant_id");--> statement-breakpoint
CREATE INDEX "form_submissions_thread_idx" ON "form_submissions" USING btree ("thread_id");--> statement-breakpoint
-- Data: the contact form moves from assistant columns to the tool table; per-message token counts
-- become usage records (the float cost is dropped, the credits feature prices usage).
INSERT INTO "assistant_tools" ("assistant_id", "tool_slug", "active", "settings")
SELECT "id", 'form', "provides_form", "form_settings" FROM "assistants"
WHERE "provides_form" OR "form_settings" <> '{"email": true, "notes": true, "phone": true, "company": false, "send_to": "", "lastname": true, "firstname": true, "send_to_user": true}'::jsonb;--> statement-breakpoint
INSERT INTO "usage_records" ("team_id", "assistant_id", "thread_id", "message_id", "capability", "model", "input_tokens", "output_tokens", "created_at")
SELECT t."team_id", t."assistant_id", t."id", m."id", 'chat', coalesce(m."model", 'unknown'), m."input_tokens", m."output_tokens", m."created_at"
FROM "messages" m JOIN "threads" t ON t."id" = m."thread_id"
WHERE m."origin" = 'ai' AND (m."input_tokens" > 0 OR m."output_tokens" > 0);--> statement-breakpoint
ALTER TABLE "assistants" DROP COLUMN "provides_form";--> statement-breakpoint
ALTER TABLE "assistants" DROP COLUMN "form_settings";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "cost";--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_billing_period_check" CHECK ("teams"."billing_period" in ('monthly', 'yearly'));--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_protection_level_check" CHECK ("teams"."protection_level" in (0, 1, 2));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('owner', 'employee'));--> statement-breakpoint
ALTER TABLE "assistants" ADD CONSTRAINT "assistants_type_check" CHECK ("assistants"."type" in ('chat', 'task', 'image'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_origin_check" CHECK ("messages"."origin" in ('user', 'ai'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_type_check" CHECK ("messages"."type" in ('txt', 'mp3', 'doc', 'form'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_status_check" CHECK ("messages"."status" in ('streaming', 'complete', 'partial', 'submitted'));