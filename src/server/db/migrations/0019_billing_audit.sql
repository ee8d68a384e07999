ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_counters" DROP CONSTRAINT "invoice_counters_pkey";--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD COLUMN "series" text DEFAULT 'RE' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "team_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_series_year_pk" PRIMARY KEY("series","year");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" text;--> statement-breakpoint
ALTER TABLE "billing_addresses" ADD COLUMN "leitweg_id" text;--> statement-breakpoint
ALTER TABLE "billing_bookings" ADD COLUMN "effective_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_bookings" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "kind" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "corrects_invoice_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_category" text DEFAULT 'S' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_percent" integer DEFAULT 19 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reminders_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "pdf_file" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "pdf_sha256" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "retain_until" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","due_at");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('open', 'paid', 'cancelled', 'issued'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('invoice', 'credit_note'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_vat_check" CHECK ("invoices"."vat_category" in ('S', 'AE', 'O'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('paid', 'open', 'failed', 'cancelled'));;--> statement-breakpoint
-- Invoices issued before this migration were stored as paid at issue (decision 027): they stay paid.
UPDATE "invoices" SET "status" = 'paid', "paid_at" = "created_at", "due_at" = "created_at" + interval '14 days',
  "retain_until" = make_date(extract(year from "created_at" AT TIME ZONE 'Europe/Berlin')::int + 10, 12, 31);
