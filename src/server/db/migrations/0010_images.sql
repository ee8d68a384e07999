CREATE TABLE "custom_image_styles" (
	"assistant_id" integer PRIMARY KEY NOT NULL,
	"base_style" text NOT NULL,
	"provider" text NOT NULL,
	"provider_style_id" text,
	"description" text,
	"references_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "generated_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"team_id" integer,
	"assistant_id" integer NOT NULL,
	"user_id" integer,
	"description" text NOT NULL,
	"prompt" text NOT NULL,
	"main_style" text,
	"sub_style" text,
	"custom" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'prompted' NOT NULL,
	"error" text,
	"stored_name" text,
	"model" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "generated_images_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "generated_images_status_check" CHECK ("generated_images"."status" in ('prompted', 'queued', 'generating', 'storing', 'ready', 'error'))
);
--> statement-breakpoint
CREATE TABLE "style_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"team_id" integer,
	"assistant_id" integer NOT NULL,
	"stored_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "style_images_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "custom_image_styles" ADD CONSTRAINT "custom_image_styles_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_images" ADD CONSTRAINT "generated_images_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_images" ADD CONSTRAINT "generated_images_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_images" ADD CONSTRAINT "generated_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_images" ADD CONSTRAINT "style_images_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "style_images" ADD CONSTRAINT "style_images_assistant_id_assistants_id_fk" FOREIGN KEY ("assistant_id") REFERENCES "public"."assistants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generated_images_assistant_user_idx" ON "generated_images" USING btree ("assistant_id","user_id");--> statement-breakpoint
CREATE INDEX "style_images_assistant_idx" ON "style_images" USING btree ("assistant_id");