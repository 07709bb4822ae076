CREATE TABLE "budgets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scope" text NOT NULL,
	"team_id" text,
	"user_id" text,
	"monthly_tokens" bigint,
	"monthly_cost_usd" double precision,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budgets_subject" CHECK (("budgets"."scope" = 'instance' and "budgets"."team_id" is null and "budgets"."user_id" is null)
        or ("budgets"."scope" = 'team' and "budgets"."team_id" is not null and "budgets"."user_id" is null)
        or ("budgets"."scope" = 'user' and "budgets"."user_id" is not null and "budgets"."team_id" is null)),
	CONSTRAINT "budgets_some_cap" CHECK ("budgets"."monthly_tokens" is not null or "budgets"."monthly_cost_usd" is not null)
);
--> statement-breakpoint
CREATE TABLE "instance_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"registration" text DEFAULT 'open' NOT NULL,
	"allowed_domains" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_plan" text DEFAULT 'core' NOT NULL,
	"instance_name" text,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instance_settings_singleton" CHECK ("instance_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_team_id_organization_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_settings" ADD CONSTRAINT "instance_settings_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "budgets_instance_idx" ON "budgets" USING btree ("scope") WHERE "budgets"."scope" = 'instance';--> statement-breakpoint
CREATE UNIQUE INDEX "budgets_team_idx" ON "budgets" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "budgets_user_idx" ON "budgets" USING btree ("user_id");