-- A share link may be for one team's members only (signed in, and in that team at the time of reading).
ALTER TABLE "conversation_shares" ADD COLUMN "team_id" text;--> statement-breakpoint
ALTER TABLE "conversation_shares" ADD CONSTRAINT "conversation_shares_team_id_organization_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;
