-- A team's knowledge belongs to the team. Its collections and the documents in them are recorded
-- under whoever made them (every query scopes chunks and passages by that owner), so when that person
-- leaves the team or their account is deleted, the rows pass to the team's owner (else its longest-
-- standing member) instead of going with them. Personal collections still go with their person.
-- Triggers, so that every way a member or a person is removed (the teams and admin routes, Better
-- Auth, an admin's SQL) keeps the team's knowledge.
CREATE FUNCTION "tessera_hand_team_knowledge"(departing text, team text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE heir text;
BEGIN
  SELECT m.user_id INTO heir FROM "member" m
    WHERE m.organization_id = team AND m.user_id <> departing
    ORDER BY CASE WHEN position('owner' in m.role) > 0 THEN 0
                  WHEN position('admin' in m.role) > 0 THEN 1 ELSE 2 END, m.created_at
    LIMIT 1;
  -- No one else in the team: the team goes too (its collections with it).
  IF heir IS NULL THEN RETURN; END IF;
  UPDATE "knowledge_collections" SET "user_id" = heir WHERE "team_id" = team AND "user_id" = departing;
  UPDATE "knowledge_chunks" SET "user_id" = heir
    WHERE "user_id" = departing AND "document_id" IN (SELECT d.id FROM "documents" d
      JOIN "knowledge_collections" k ON k.id = d.collection_id WHERE k.team_id = team);
  UPDATE "knowledge_passages" SET "user_id" = heir
    WHERE "user_id" = departing AND "document_id" IN (SELECT d.id FROM "documents" d
      JOIN "knowledge_collections" k ON k.id = d.collection_id WHERE k.team_id = team);
  UPDATE "documents" SET "user_id" = heir
    WHERE "user_id" = departing AND "collection_id" IN (SELECT k.id FROM "knowledge_collections" k
      WHERE k.team_id = team);
END $$;--> statement-breakpoint
CREATE FUNCTION "tessera_member_left"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "tessera_hand_team_knowledge"(OLD.user_id, OLD.organization_id);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Before the person's row goes, so the hand-over runs before any cascade deletes what it holds.
CREATE FUNCTION "tessera_user_leaving"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE team text;
BEGIN
  FOR team IN SELECT DISTINCT k.team_id FROM "knowledge_collections" k
      WHERE k.team_id IS NOT NULL AND (k.user_id = OLD.id OR EXISTS (
        SELECT 1 FROM "documents" d WHERE d.collection_id = k.id AND d.user_id = OLD.id))
  LOOP
    PERFORM "tessera_hand_team_knowledge"(OLD.id, team);
  END LOOP;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "member_left_hands_knowledge" AFTER DELETE ON "member"
  FOR EACH ROW EXECUTE FUNCTION "tessera_member_left"();--> statement-breakpoint
CREATE TRIGGER "user_leaving_hands_knowledge" BEFORE DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION "tessera_user_leaving"();
