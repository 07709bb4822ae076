CREATE TABLE "mcp_servers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"team_id" text,
	"transport" text NOT NULL,
	"url" text,
	"command" text,
	"args" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sealed_headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"require_approval" boolean DEFAULT true NOT NULL,
	"disabled_tools" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mcp_servers_scope_check" CHECK (("mcp_servers"."scope" = 'instance' and "mcp_servers"."team_id" is null) or ("mcp_servers"."scope" = 'team' and "mcp_servers"."team_id" is not null)),
	CONSTRAINT "mcp_servers_team_remote_check" CHECK ("mcp_servers"."scope" = 'instance' or "mcp_servers"."transport" <> 'stdio')
);
--> statement-breakpoint
ALTER TABLE "mcp_servers" ADD CONSTRAINT "mcp_servers_team_id_organization_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcp_servers" ADD CONSTRAINT "mcp_servers_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mcp_servers_team_idx" ON "mcp_servers" USING btree ("team_id");
