CREATE TABLE "document_numbers" (
	"document_id" uuid NOT NULL,
	"parser_id" uuid NOT NULL,
	"field" text NOT NULL,
	"value" numeric NOT NULL,
	CONSTRAINT "document_numbers_document_id_field_pk" PRIMARY KEY("document_id","field")
);
--> statement-breakpoint
ALTER TABLE "document_numbers" ADD CONSTRAINT "document_numbers_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_numbers_lookup_idx" ON "document_numbers" USING btree ("parser_id","field","value");--> statement-breakpoint
-- The numeric values of a document's top-level data, kept in step with every write of documents.data.
-- Same rule as the search's numeric comparison: a JSON number, or a string holding a plain decimal number.
CREATE FUNCTION "quarry_document_numbers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.data IS NOT DISTINCT FROM OLD.data AND NEW.parser_id = OLD.parser_id THEN
    RETURN NEW;
  END IF;
  DELETE FROM document_numbers WHERE document_id = NEW.id;
  IF jsonb_typeof(NEW.data) = 'object' THEN
    INSERT INTO document_numbers (document_id, parser_id, field, value)
    SELECT NEW.id, NEW.parser_id, e.key, (e.value #>> '{}')::numeric
    FROM jsonb_each(NEW.data) AS e
    WHERE jsonb_typeof(e.value) IN ('number', 'string') AND (e.value #>> '{}') ~ '^\s*-?[0-9]+(\.[0-9]+)?\s*$';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "documents_numbers" AFTER INSERT OR UPDATE OF data, parser_id ON "documents" FOR EACH ROW EXECUTE FUNCTION "quarry_document_numbers"();--> statement-breakpoint
INSERT INTO "document_numbers" (document_id, parser_id, field, value)
SELECT d.id, d.parser_id, e.key, (e.value #>> '{}')::numeric
FROM "documents" AS d, jsonb_each(CASE WHEN jsonb_typeof(d.data) = 'object' THEN d.data ELSE '{}'::jsonb END) AS e
WHERE jsonb_typeof(e.value) IN ('number', 'string') AND (e.value #>> '{}') ~ '^\s*-?[0-9]+(\.[0-9]+)?\s*$';
