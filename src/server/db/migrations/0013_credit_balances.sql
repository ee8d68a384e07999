CREATE TABLE "credit_balances" (
	"team_id" integer PRIMARY KEY NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_balances_non_negative" CHECK ("credit_balances"."units" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"units" integer NOT NULL,
	"capability" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_reservations_positive" CHECK ("credit_reservations"."units" > 0)
);
--> statement-breakpoint
ALTER TABLE "credit_balances" ADD CONSTRAINT "credit_balances_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_reservations" ADD CONSTRAINT "credit_reservations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_reservations_created_idx" ON "credit_reservations" USING btree ("created_at");--> statement-breakpoint
-- Teams that existed before the credit ledger: this month's allowance of their plan and extras,
-- as the monthly job would book it (same references, so the job does not book it twice), and a
-- balance row for every team, so no team is refused until the job first runs.
INSERT INTO "credit_ledger" ("team_id", "kind", "units", "month", "reference")
SELECT t."id", 'allowance',
       (CASE t."plan_slug" WHEN 'team' THEN 75 WHEN 'agency' THEN 150 ELSE 30 END) * 1000,
       to_char(now() AT TIME ZONE 'Europe/Berlin', 'YYYY-MM'),
       'allowance:' || to_char(now() AT TIME ZONE 'Europe/Berlin', 'YYYY-MM') || ':' || t."plan_slug"
FROM "teams" t
WHERE NOT (t."plan_slug" = 'trial' AND t."trial_ends_at" IS NOT NULL AND t."trial_ends_at" <= now())
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "credit_ledger" ("team_id", "kind", "units", "month", "reference")
SELECT t."id", 'extra_allowance', t."amount_extra_mikas" * 15 * 1000,
       to_char(now() AT TIME ZONE 'Europe/Berlin', 'YYYY-MM'),
       'extras:' || to_char(now() AT TIME ZONE 'Europe/Berlin', 'YYYY-MM')
FROM "teams" t
WHERE t."amount_extra_mikas" > 0
  AND NOT (t."plan_slug" = 'trial' AND t."trial_ends_at" IS NOT NULL AND t."trial_ends_at" <= now())
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "credit_balances" ("team_id", "units")
SELECT t."id", coalesce((SELECT sum(l."units") FROM "credit_ledger" l WHERE l."team_id" = t."id"), 0)
FROM "teams" t
ON CONFLICT ("team_id") DO NOTHING;
