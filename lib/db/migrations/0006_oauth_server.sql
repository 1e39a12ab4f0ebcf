CREATE TABLE "oauth_records" (
	"model" text NOT NULL,
	"id_hash" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oauth_records_model_id_hash_pk" PRIMARY KEY("model","id_hash")
);
--> statement-breakpoint
DROP INDEX "oauth_connections_user_idx";--> statement-breakpoint
ALTER TABLE "oauth_connections" ADD COLUMN "grant_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_connections" ADD COLUMN "client_name" text NOT NULL;--> statement-breakpoint
CREATE INDEX "oauth_records_grant_idx" ON "oauth_records" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oauth_records_uid_idx" ON "oauth_records" USING btree ("model","uid");--> statement-breakpoint
CREATE INDEX "oauth_records_expires_idx" ON "oauth_records" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "oauth_connections_user_idx" ON "oauth_connections" USING btree ("user_id","team_id");--> statement-breakpoint
ALTER TABLE "oauth_connections" ADD CONSTRAINT "oauth_connections_grantId_unique" UNIQUE("grant_id");