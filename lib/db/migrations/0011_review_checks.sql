ALTER TABLE "parsers" ADD COLUMN "validation_rules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "parsers" ADD COLUMN "reject_reasons" jsonb DEFAULT '["Not a document of this kind","Unreadable or incomplete","Duplicate","Wrong amounts"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "document_review_stages" ADD COLUMN "note" text;
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;
