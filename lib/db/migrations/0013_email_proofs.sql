CREATE TABLE "email_proofs" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_proven_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_proofs" ADD CONSTRAINT "email_proofs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Accounts from before proofs existed keep seeing invitations, except those made through an invitation link (the
-- link went to the inviting admin, so nothing proved the address) and those still on a password an admin chose.
UPDATE "users" SET "email_proven_at" = now()
WHERE NOT "must_change_password"
  AND NOT EXISTS (SELECT 1 FROM "audit_log" WHERE "audit_log"."action" = 'invitation.join' AND "audit_log"."resource_id" = "users"."id"::text);
