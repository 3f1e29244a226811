-- Every change to a session row or a user row is announced on the channel `assay_auth`, in the
-- changing transaction (delivered at commit), whatever code or person made it. Each app instance
-- LISTENs and drops its cached copy (server/plugins/auth-cache.ts), so that a sign-out, a
-- deactivation, a deletion or a password change takes effect at once on every instance.
CREATE FUNCTION "assay_notify_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('assay_auth', 'session:' || OLD.sid);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "assay_notify_user_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('assay_auth', 'user:' || OLD.id::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "session_change_notify" AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION "assay_notify_session_change"();--> statement-breakpoint
CREATE TRIGGER "users_change_notify" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "assay_notify_user_change"();
