CREATE TABLE "knowledge_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"team_id" text,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_collections" ADD CONSTRAINT "knowledge_collections_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_collections" ADD CONSTRAINT "knowledge_collections_team_id_organization_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_collections_user_idx" ON "knowledge_collections" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "knowledge_collections_team_idx" ON "knowledge_collections" USING btree ("team_id") WHERE "knowledge_collections"."team_id" is not null;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "collection_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_collection_id_knowledge_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."knowledge_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_collection_idx" ON "documents" USING btree ("collection_id") WHERE "documents"."collection_id" is not null;--> statement-breakpoint
-- An assistant's knowledge documents become a collection of the owner's named after it; the list of
-- documents stays too, so whoever uses a public assistant keeps reading them as before.
DO $$
DECLARE
	a record;
	made uuid;
BEGIN
	FOR a IN
		SELECT "id", "user_id", "name", "knowledge_base" FROM "assistants"
		WHERE "user_id" IS NOT NULL AND jsonb_array_length(coalesce("knowledge_base"->'documents', '[]'::jsonb)) > 0
	LOOP
		INSERT INTO "knowledge_collections" ("user_id", "name", "description")
		VALUES (a."user_id", left(a."name", 80), 'Knowledge of the assistant ' || left(a."name", 80))
		RETURNING "id" INTO made;
		UPDATE "documents" SET "collection_id" = made
		WHERE "user_id" = a."user_id" AND "collection_id" IS NULL
			AND "id"::text IN (SELECT jsonb_array_elements_text(a."knowledge_base"->'documents'));
		UPDATE "assistants"
		SET "knowledge_base" = "knowledge_base" || jsonb_build_object('collections', jsonb_build_array(made::text))
		WHERE "id" = a."id";
	END LOOP;
END $$;
