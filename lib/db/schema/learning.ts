import { index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { DocumentLayout, Evidence, Fingerprint } from "@/lib/extraction/memory/types";
import { createdAt, id, timestamptz } from "./columns";
import { documents } from "./documents";
import { teamIdColumn } from "./identity";
import { parsers } from "./parsers";

/**
 * A parser's memory: one row per taught document (a saved correction or an approval; the latest replaces the
 * earlier one of the same document), with its fingerprint and the evidence of each confirmed value. Imported
 * examples have no document. Removed with their document (forget) and with their parser.
 */
export const memoryExamples = pgTable(
  "memory_examples",
  {
    id: id(),
    teamId: teamIdColumn(),
    parserId: uuid()
      .notNull()
      .references(() => parsers.id, { onDelete: "cascade" }),
    documentId: uuid().references(() => documents.id, { onDelete: "cascade" }),
    /** "correction", "approval" or "import": how the example was taught. */
    taughtBy: text().notNull(),
    fingerprint: jsonb().$type<Fingerprint>().notNull(),
    evidence: jsonb().$type<Evidence>().notNull(),
    taughtAt: timestamptz().notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("memory_examples_document_key").on(t.parserId, t.documentId), index("memory_examples_parser_idx").on(t.parserId, t.taughtAt)],
);

/** The fingerprint index: each example under each of its keys, so a lookup reads only examples sharing a key. */
export const memoryKeys = pgTable(
  "memory_keys",
  {
    exampleId: uuid()
      .notNull()
      .references(() => memoryExamples.id, { onDelete: "cascade" }),
    parserId: uuid().notNull(),
    key: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.exampleId, t.key] }), index("memory_keys_lookup_idx").on(t.parserId, t.key)],
);

/** A processed document's words with their boxes, kept so that a later correction or approval can be taught. */
export const documentLayouts = pgTable("document_layouts", {
  documentId: uuid()
    .primaryKey()
    .references(() => documents.id, { onDelete: "cascade" }),
  teamId: teamIdColumn(),
  layout: jsonb().$type<DocumentLayout>().notNull(),
  createdAt: createdAt(),
});
