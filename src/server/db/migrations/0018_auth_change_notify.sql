-- Sessions are cached for a moment by every instance (platform/auth-cache.ts). A change of a
-- session, a user or a team tells every instance at once, through PostgreSQL's own LISTEN/NOTIFY
-- (also inside the embedded database): 's:<session id>' or 't:<team id>'.
CREATE OR REPLACE FUNCTION mika_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('mika_auth', 's:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('mika_auth', 't:' || OLD.team_id);
  ELSE
    PERFORM pg_notify('mika_auth', 't:' || OLD.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION mika_auth_changed();
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION mika_auth_changed();
--> statement-breakpoint
CREATE TRIGGER teams_auth_changed AFTER UPDATE OR DELETE ON "teams" FOR EACH ROW EXECUTE FUNCTION mika_auth_changed();
