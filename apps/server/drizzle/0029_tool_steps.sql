ALTER TABLE "conversations" ADD COLUMN "tools" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "tool_calls" jsonb;--> statement-breakpoint
ALTER TABLE "assistants" ADD COLUMN "tools" jsonb DEFAULT '[]'::jsonb NOT NULL;
