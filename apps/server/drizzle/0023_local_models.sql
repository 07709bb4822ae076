CREATE TABLE "local_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"catalogue_id" text,
	"url" text,
	"file" text NOT NULL,
	"status" text NOT NULL,
	"size_bytes" bigint,
	"downloaded_bytes" bigint DEFAULT 0 NOT NULL,
	"bytes_per_second" double precision,
	"expected_sha256" text,
	"checksum_source" text,
	"sha256" text,
	"error" text,
	"resumable" boolean DEFAULT false NOT NULL,
	"details" jsonb,
	"lease_until" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_models_name_unique" UNIQUE("name"),
	CONSTRAINT "local_models_file_unique" UNIQUE("file")
);
--> statement-breakpoint
ALTER TABLE "local_models" ADD CONSTRAINT "local_models_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;