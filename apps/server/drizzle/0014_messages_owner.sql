ALTER TABLE "messages" ADD COLUMN "user_id" text;--> statement-breakpoint
UPDATE "messages" SET "user_id" = "conversations"."user_id" FROM "conversations" WHERE "conversations"."id" = "messages"."conversation_id";--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
DROP INDEX "messages_conversation_created_idx";--> statement-breakpoint
CREATE INDEX "messages_conversation_created_idx" ON "messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_user_created_idx" ON "messages" USING btree ("user_id","created_at","role","conversation_id","tokens_used","cost");
