CREATE TABLE "sign_in_failures" (
	"account" text NOT NULL,
	"client" text NOT NULL,
	"failures" integer NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_failures_account_client_pk" PRIMARY KEY("account","client")
);
--> statement-breakpoint
CREATE TABLE "totp_steps" (
	"user_id" text PRIMARY KEY NOT NULL,
	"step" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "totp_steps" ADD CONSTRAINT "totp_steps_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;