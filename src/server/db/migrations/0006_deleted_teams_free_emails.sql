DROP INDEX "users_email_lower_unique";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email")) WHERE "users"."deleted_at" IS NULL;--> statement-breakpoint
-- Hand-written (drizzle-kit emits no triggers): however a team is soft-deleted (the app, an
-- operator's SQL), its users follow: their addresses are free again (partial unique index above),
-- their sessions end and their unused links (reset, invitation, verification) stop working.
UPDATE "users" SET "deleted_at" = "teams"."deleted_at" FROM "teams" WHERE "teams"."id" = "users"."team_id" AND "teams"."deleted_at" IS NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_follow_team_deletion"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "deleted_at" = NEW."deleted_at" WHERE "team_id" = NEW."id";
  IF NEW."deleted_at" IS NOT NULL THEN
    DELETE FROM "sessions" WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "team_id" = NEW."id");
    UPDATE "user_tokens" SET "used_at" = now()
      WHERE "used_at" IS NULL AND "user_id" IN (SELECT "id" FROM "users" WHERE "team_id" = NEW."id");
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "teams_deleted_at_to_users" AFTER UPDATE OF "deleted_at" ON "teams"
  FOR EACH ROW WHEN (OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at") EXECUTE FUNCTION "users_follow_team_deletion"();
