CREATE TABLE "data_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"team_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"scope" text NOT NULL,
	"subject" text,
	"label" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"stored_name" text,
	"size_bytes" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "data_exports_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "data_exports_scope_check" CHECK ("data_exports"."scope" in ('team', 'user', 'thread')),
	CONSTRAINT "data_exports_status_check" CHECK ("data_exports"."status" in ('queued', 'running', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "retention_member_days" integer;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "retention_visitor_days" integer DEFAULT 90;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "team_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "thread_id" integer;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_team_idx" ON "data_exports" USING btree ("team_id","created_at");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_thread_idx" ON "mail_outbox" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_team_idx" ON "mail_outbox" USING btree ("team_id");--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_retention_member_check" CHECK ("teams"."retention_member_days" is null or "teams"."retention_member_days" > 0);--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_retention_visitor_check" CHECK ("teams"."retention_visitor_days" is null or "teams"."retention_visitor_days" > 0);