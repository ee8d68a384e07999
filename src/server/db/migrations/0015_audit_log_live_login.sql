CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"team_id" integer,
	"team_uuid" text,
	"team_name" text,
	"actor_user_id" integer,
	"actor_label" text,
	"action" text NOT NULL,
	"live_session_id" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"valid_until" date,
	"duration_months" integer,
	"active" boolean DEFAULT true NOT NULL,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_codes_one_discount" CHECK (("promotion_codes"."percent_off" is null) <> ("promotion_codes"."amount_off_cents" is null)),
	CONSTRAINT "promotion_codes_percent" CHECK ("promotion_codes"."percent_off" is null or "promotion_codes"."percent_off" between 1 and 100),
	CONSTRAINT "promotion_codes_amount" CHECK ("promotion_codes"."amount_off_cents" is null or "promotion_codes"."amount_off_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "team_discounts" (
	"team_id" integer PRIMARY KEY NOT NULL,
	"promotion_code_id" integer,
	"code" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_until" date
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "operator_user_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "operator_session_id" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "live_reason" text;--> statement-breakpoint
ALTER TABLE "promotion_codes" ADD CONSTRAINT "promotion_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_discounts" ADD CONSTRAINT "team_discounts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_discounts" ADD CONSTRAINT "team_discounts_promotion_code_id_promotion_codes_id_fk" FOREIGN KEY ("promotion_code_id") REFERENCES "public"."promotion_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_team_idx" ON "audit_log" USING btree ("team_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_codes_code_idx" ON "promotion_codes" USING btree ("code");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_operator_user_id_users_id_fk" FOREIGN KEY ("operator_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_change" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
