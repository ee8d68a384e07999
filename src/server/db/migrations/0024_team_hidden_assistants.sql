CREATE TABLE "team_hidden_assistants" (
	"team_id" integer NOT NULL,
	"assistant_id" integer NOT NULL,
	"hidden_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_hidden_assistants_team_id_assistant_id_pk" PRIMARY KEY("team_id","assistant_id")
);
--> statement-breakpoint
ALTER TABLE "team_hidden_assistants" ADD CONSTRAINT "team_hidden_assistants_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_hidden_assistants" ADD CONSTRAINT "team_hidden_assistants_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_hidden_assistants_assistant_idx" ON "team_hidden_assistants" USING btree ("assistant_id");--> statement-breakpoint
-- Spoken answers are the spec's audio messages (type mp3) from now on; those spoken before were
-- text messages with an audio file (docs/decisions/030-first-hour.md).
UPDATE "messages" SET "type" = 'mp3' WHERE "type" = 'txt' AND "audio" IS NOT NULL;
