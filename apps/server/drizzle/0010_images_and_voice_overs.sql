CREATE TABLE "voice_overs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"text" text NOT NULL,
	"voice" text NOT NULL,
	"file_name" text NOT NULL,
	"provider" text NOT NULL,
	"storage_key" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "generated_images" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "generated_images" ADD COLUMN "generation_time" double precision;--> statement-breakpoint
ALTER TABLE "generated_images" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "generated_images" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "voice_overs" ADD CONSTRAINT "voice_overs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_overs_user_created_idx" ON "voice_overs" USING btree ("user_id","created_at");