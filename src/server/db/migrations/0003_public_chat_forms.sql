CREATE TABLE "form_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"assistant_id" integer NOT NULL,
	"thread_id" integer,
	"data" jsonb NOT NULL,
	"recipients" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assistants" ADD COLUMN "allowed_domains" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "assistants" ADD COLUMN "form_settings" jsonb DEFAULT '{"firstname":true,"lastname":true,"company":false,"email":true,"phone":true,"notes":true,"send_to":"","send_to_user":true}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE set null ON UPDATE no action;