DROP INDEX "generated_images_user_created_idx";--> statement-breakpoint
DROP INDEX "messages_conversation_created_idx";--> statement-breakpoint
CREATE INDEX "generated_images_user_created_idx" ON "generated_images" USING btree ("user_id","created_at","status");--> statement-breakpoint
CREATE INDEX "messages_conversation_created_idx" ON "messages" USING btree ("conversation_id","created_at","role","tokens_used","cost");