CREATE TABLE "catalogue_models" (
	"id" text PRIMARY KEY NOT NULL,
	"built_in" boolean NOT NULL,
	"name" text,
	"group_id" text,
	"description" text,
	"vision" boolean DEFAULT false NOT NULL,
	"connection_id" uuid,
	"upstream" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"base_url" text,
	"sealed_key" text,
	"key_hint" text,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_models" ADD CONSTRAINT "catalogue_models_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_models_connection_idx" ON "catalogue_models" USING btree ("connection_id");