DROP INDEX "documents_parser_created_idx";--> statement-breakpoint
DROP INDEX "documents_parser_updated_idx";--> statement-breakpoint
DROP INDEX "documents_parser_status_idx";--> statement-breakpoint
DROP INDEX "documents_parser_folder_idx";--> statement-breakpoint
CREATE INDEX "documents_parser_name_idx" ON "documents" USING btree ("parser_id","name","id") WHERE "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_team_external_idx" ON "documents" USING btree ("team_id","external_id") WHERE "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_file_key_idx" ON "documents" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "documents_name_trgm_idx" ON "documents" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_external_trgm_idx" ON "documents" USING gin ("external_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_data_gin_idx" ON "documents" USING gin ("data" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "documents_parser_created_idx" ON "documents" USING btree ("parser_id","created_at","id") WHERE "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_parser_updated_idx" ON "documents" USING btree ("parser_id","updated_at","id") WHERE "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_parser_status_idx" ON "documents" USING btree ("parser_id","status","created_at","id") WHERE "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_parser_folder_idx" ON "documents" USING btree ("parser_id","folder_id","created_at","id") WHERE "documents"."deleted_at" is null;