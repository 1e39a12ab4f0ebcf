CREATE TABLE "document_layouts" (
	"document_id" uuid PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"layout" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memory_examples" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"parser_id" uuid NOT NULL,
	"document_id" uuid,
	"taught_by" text NOT NULL,
	"fingerprint" jsonb NOT NULL,
	"evidence" jsonb NOT NULL,
	"taught_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memory_keys" (
	"example_id" uuid NOT NULL,
	"parser_id" uuid NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "memory_keys_example_id_key_pk" PRIMARY KEY("example_id","key")
);
--> statement-breakpoint
ALTER TABLE "document_layouts" ADD CONSTRAINT "document_layouts_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_layouts" ADD CONSTRAINT "document_layouts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_examples" ADD CONSTRAINT "memory_examples_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_examples" ADD CONSTRAINT "memory_examples_parser_id_parsers_id_fk" FOREIGN KEY ("parser_id") REFERENCES "public"."parsers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_examples" ADD CONSTRAINT "memory_examples_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_keys" ADD CONSTRAINT "memory_keys_example_id_memory_examples_id_fk" FOREIGN KEY ("example_id") REFERENCES "public"."memory_examples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memory_examples_document_key" ON "memory_examples" USING btree ("parser_id","document_id");--> statement-breakpoint
CREATE INDEX "memory_examples_parser_idx" ON "memory_examples" USING btree ("parser_id","taught_at");--> statement-breakpoint
CREATE INDEX "memory_keys_lookup_idx" ON "memory_keys" USING btree ("parser_id","key");