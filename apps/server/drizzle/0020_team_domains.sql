CREATE TABLE "team_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" text NOT NULL,
	"domain" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token" text NOT NULL,
	"proof" text,
	"verified_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"check_problem" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_domains_status_check" CHECK ("team_domains"."status" in ('pending', 'verified'))
);
--> statement-breakpoint
ALTER TABLE "team_domains" ADD CONSTRAINT "team_domains_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_domains_team_domain_idx" ON "team_domains" USING btree ("organization_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "team_domains_verified_domain_idx" ON "team_domains" USING btree ("domain") WHERE "team_domains"."status" = 'verified';--> statement-breakpoint
-- Domains claimed before proof was asked for are kept as claims, each pending with a token of its own:
-- none admits anyone until its team proves it.
INSERT INTO "team_domains" ("organization_id", "domain", "token")
  SELECT "claims"."organization_id", "claims"."domain", replace(gen_random_uuid()::text, '-', '')
  FROM (
    SELECT DISTINCT "team_settings"."organization_id", lower("claimed"."domain") AS "domain"
    FROM "team_settings", jsonb_array_elements_text("team_settings"."allowed_domains") AS "claimed"("domain")
    WHERE jsonb_typeof("team_settings"."allowed_domains") = 'array'
  ) AS "claims";--> statement-breakpoint
ALTER TABLE "team_settings" DROP COLUMN "allowed_domains";