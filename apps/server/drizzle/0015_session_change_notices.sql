-- Every change to a session or to its person is announced on the channel `tessera_session`, so each
-- server process's session cache (auth/session-cache.ts) drops what it holds of them: a sign-out, a
-- revocation, a refresh, a ban or a changed role ends the cached copy in every process, however the row
-- was changed (Better Auth, an admin's SQL). The payload is `s:<token>` or `u:<user id>`; notices
-- are sent when the transaction commits.
CREATE FUNCTION "tessera_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'session' THEN
    PERFORM pg_notify('tessera_session', 's:' || OLD.token);
  ELSE
    PERFORM pg_notify('tessera_session', 'u:' || OLD.id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "session_changed" AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION "tessera_session_changed"();--> statement-breakpoint
CREATE TRIGGER "user_changed" AFTER UPDATE OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION "tessera_session_changed"();
