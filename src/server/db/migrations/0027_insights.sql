-- Issue 33, decision 039: one row per asked question (written with the answer's last statement) with its
-- unanswered signal, the vote on the answer and its topic; the insight per Mika as the grouping job built it. Q&A entries of the knowledge (decision 040).
CREATE TABLE "asked_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer,
	"assistant_id" integer NOT NULL,
	"thread_id" integer,
	"message_id" integer,
	"is_public" boolean DEFAULT false NOT NULL,
	"question" text,
	"unanswered" text,
	"vote" smallint,
	"reason" text,
	"topic" text,
	"fixed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asked_questions_message_id_unique" UNIQUE("message_id"),
	CONSTRAINT "asked_questions_vote_check" CHECK ("asked_questions"."vote" in (1, -1)),
	CONSTRAINT "asked_questions_unanswered_check" CHECK ("asked_questions"."unanswered" in ('no_match', 'declared'))
);
--> statement-breakpoint
CREATE TABLE "question_insight_snapshots" (
	"assistant_id" integer PRIMARY KEY NOT NULL,
	"team_id" integer,
	"built_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_qa_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"team_id" integer,
	"assistant_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_qa_entries_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "asked_questions" ADD CONSTRAINT "asked_questions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asked_questions" ADD CONSTRAINT "asked_questions_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asked_questions" ADD CONSTRAINT "asked_questions_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asked_questions" ADD CONSTRAINT "asked_questions_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_insight_snapshots" ADD CONSTRAINT "question_insight_snapshots_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_insight_snapshots" ADD CONSTRAINT "question_insight_snapshots_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_qa_entries" ADD CONSTRAINT "knowledge_qa_entries_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_qa_entries" ADD CONSTRAINT "knowledge_qa_entries_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_qa_entries" ADD CONSTRAINT "knowledge_qa_entries_file_id_knowledge_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."knowledge_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asked_questions_assistant_idx" ON "asked_questions" USING btree ("assistant_id","created_at");--> statement-breakpoint
CREATE INDEX "asked_questions_updated_idx" ON "asked_questions" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "asked_questions_thread_idx" ON "asked_questions" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "knowledge_qa_entries_assistant_idx" ON "knowledge_qa_entries" USING btree ("assistant_id","id");