CREATE TABLE "asset_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"team_id" integer,
	"assistant_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"extension" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"stored_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_files_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "document_source" text;--> statement-breakpoint
ALTER TABLE "asset_files" ADD CONSTRAINT "asset_files_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_files" ADD CONSTRAINT "asset_files_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_files_assistant_idx" ON "asset_files" USING btree ("assistant_id");--> statement-breakpoint
CREATE INDEX "messages_document_idx" ON "messages" USING btree ("document");