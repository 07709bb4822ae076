-- A conversation's messages form a tree: each names the message it follows (parent_id; a first
-- question, and each edit of it, has none). Messages with the same parent are versions of one turn;
-- the versions in sight (replaced_by is null) make the chosen branch.
ALTER TABLE "messages" ADD COLUMN "parent_id" uuid REFERENCES "messages"("id") ON DELETE CASCADE;
--> statement-breakpoint
CREATE INDEX "messages_parent_idx" ON "messages" ("parent_id") WHERE "parent_id" IS NOT NULL;
--> statement-breakpoint
-- Until now a conversation was a list: an answer follows the question asked just before it.
UPDATE "messages" a SET "parent_id" = (
  SELECT q."id" FROM "messages" q
  WHERE q."conversation_id" = a."conversation_id" AND q."role" = 'user'
    AND (q."created_at", q."id") < (a."created_at", a."id")
  ORDER BY q."created_at" DESC, q."id" DESC LIMIT 1
) WHERE a."role" = 'assistant';
--> statement-breakpoint
-- A question follows the answer before it, leaving out answers an edited question put out of sight
-- (they answered the question it replaced): an edited question is a sibling of the one it replaced.
UPDATE "messages" q SET "parent_id" = (
  SELECT a."id" FROM "messages" a
  WHERE a."conversation_id" = q."conversation_id" AND a."role" = 'assistant'
    AND (a."created_at", a."id") < (q."created_at", q."id")
    AND NOT EXISTS (SELECT 1 FROM "messages" e WHERE e."id" = a."replaced_by" AND e."role" = 'user')
  ORDER BY a."created_at" DESC, a."id" DESC LIMIT 1
) WHERE q."role" = 'user';
