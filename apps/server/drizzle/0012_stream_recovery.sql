ALTER TABLE "messages" ADD COLUMN "client_message_id" uuid;--> statement-breakpoint
CREATE INDEX "comparison_responses_live_idx" ON "comparison_responses" USING btree ("updated_at") WHERE "comparison_responses"."status" in ('pending', 'streaming');--> statement-breakpoint
CREATE UNIQUE INDEX "messages_client_message_id_idx" ON "messages" USING btree ("client_message_id");--> statement-breakpoint
CREATE INDEX "messages_streaming_idx" ON "messages" USING btree ("created_at") WHERE "messages"."status" = 'streaming';