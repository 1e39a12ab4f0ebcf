DROP TABLE "oauth_authorization_codes" CASCADE;--> statement-breakpoint
DROP TABLE "oauth_clients" CASCADE;--> statement-breakpoint
DROP TABLE "oauth_tokens" CASCADE;