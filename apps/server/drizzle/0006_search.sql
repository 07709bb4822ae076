CREATE TABLE "searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"parent_id" uuid,
	"query" text NOT NULL,
	"provider" text NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"overview" text DEFAULT '' NOT NULL,
	"follow_ups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tokens_used" integer DEFAULT 0 NOT NULL,
	"cost" double precision DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_passages" ADD COLUMN "favicon" text;--> statement-breakpoint
ALTER TABLE "knowledge_passages" ADD COLUMN "image" text;--> statement-breakpoint
ALTER TABLE "searches" ADD CONSTRAINT "searches_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "searches_user_created_idx" ON "searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_passages_web_url_idx" ON "knowledge_passages" USING btree ("user_id","url") WHERE kind = 'web';