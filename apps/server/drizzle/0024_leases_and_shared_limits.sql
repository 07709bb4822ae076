CREATE TABLE "answer_writers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"process" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discarded_model_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"model" text NOT NULL,
	"input_tokens" integer,
	"output_tokens" integer,
	"cost" double precision,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "held_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"holder" uuid NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comparison_responses" ADD COLUMN "writer_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "writer_id" uuid;--> statement-breakpoint
ALTER TABLE "searches" ADD COLUMN "writer_id" uuid;--> statement-breakpoint
ALTER TABLE "discarded_model_calls" ADD CONSTRAINT "discarded_model_calls_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discarded_model_calls_user_created_idx" ON "discarded_model_calls" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "rate_windows_ends_idx" ON "rate_windows" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "searches_running_idx" ON "searches" USING btree ("created_at") WHERE "searches"."status" = 'running';