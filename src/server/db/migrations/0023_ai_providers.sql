CREATE TABLE "ai_providers" (
	"capability" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"base_url" text,
	"api_key_secret" text,
	"model" text,
	"context_tokens" integer DEFAULT 128000 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every instance holds the providers in memory (src/server/ai/registry.ts); a change tells every
-- instance at once through LISTEN/NOTIFY, like the session cache (migration 0018).
CREATE OR REPLACE FUNCTION mika_ai_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mika_ai', COALESCE(NEW.capability, OLD.capability));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ai_providers_changed AFTER INSERT OR UPDATE OR DELETE ON "ai_providers" FOR EACH ROW EXECUTE FUNCTION mika_ai_changed();
