DROP INDEX "conversations_user_created_idx";--> statement-breakpoint
CREATE INDEX "conversations_user_created_idx" ON "conversations" USING btree ("user_id","created_at","model","id");