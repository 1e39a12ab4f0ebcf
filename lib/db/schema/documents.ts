import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, numeric, pgTable, primaryKey, text, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz, updatedAt } from "./columns";
import { teamIdColumn, users } from "./identity";
import { classifiers, folders, parsers, reviewStages } from "./parsers";

import type { ClassifierDocumentStatus } from "@/lib/contracts/classifiers";
import type { DocumentStatus, ReviewStatus, StageStatus } from "@/lib/contracts/enums";
import type { FieldMetadata } from "@/lib/extraction/types";

export { DOCUMENT_STATUSES, REVIEW_STATUSES, STAGE_STATUSES, type DocumentStatus, type ReviewStatus, type StageStatus } from "@/lib/contracts/enums";

/**
 * Where each extracted value came from (the engine's FieldMetadata: confidence and a page-relative source box),
 * and whether a person corrected it since.
 */
export type StoredFieldMetadata = Record<string, FieldMetadata & { corrected?: boolean }>;

export const documents = pgTable(
  "documents",
  {
    id: id(),
    teamId: teamIdColumn(),
    parserId: uuid()
      .notNull()
      .references(() => parsers.id, { onDelete: "cascade" }),
    folderId: uuid().references(() => folders.id, { onDelete: "set null" }),
    /** A part produced by splitting keeps a link to the upload it came from. */
    parentDocumentId: uuid().references((): AnyPgColumn => documents.id, { onDelete: "set null" }),
    name: text().notNull(),
    externalId: text(),
    custom: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    status: text().$type<DocumentStatus>().notNull(),
    source: text().notNull(),
    contentType: text().notNull(),
    fileKey: text(),
    fileSize: bigint({ mode: "number" }),
    sha256: text(),
    pageCount: integer().notNull().default(0),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    fieldMetadata: jsonb().$type<StoredFieldMetadata>().notNull().default({}),
    markdown: text(),
    /** The stored image of the first page (`<team>/<document>/preview.webp`), rendered while processing; null if none. */
    previewKey: text(),
    /** Lower-cased name, external id and extracted values, for metadata and value search. */
    searchText: text().notNull().default(""),
    error: text(),
    reviewStatus: text().$type<ReviewStatus>().notNull().default("not_required"),
    currentStageId: uuid().references(() => reviewStages.id, { onDelete: "set null" }),
    assigneeId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    processedAt: timestamptz(),
    deletedAt: timestamptz(),
  },
  (t) => [
    // Lists and counts read live documents only: partial indexes on `deleted_at is null`, ending in the sort key
    // and id, so the default sort (alone, or with a status or folder filter) is an index scan with no sort step.
    index("documents_parser_created_idx").on(t.parserId, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index("documents_parser_updated_idx").on(t.parserId, t.updatedAt, t.id).where(sql`${t.deletedAt} is null`),
    index("documents_parser_name_idx").on(t.parserId, t.name, t.id).where(sql`${t.deletedAt} is null`),
    index("documents_parser_status_idx").on(t.parserId, t.status, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index("documents_parser_folder_idx").on(t.parserId, t.folderId, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index("documents_parser_external_idx").on(t.parserId, t.externalId),
    index("documents_team_external_idx").on(t.teamId, t.externalId).where(sql`${t.deletedAt} is null`),
    index("documents_file_key_idx").on(t.fileKey),
    index("documents_assignee_idx").on(t.assigneeId, t.status),
    index("documents_stage_idx").on(t.currentStageId),
    // `q`: trigram indexes answer `ilike '%…%'` on the name, the external id and the extracted values.
    index("documents_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("documents_external_trgm_idx").using("gin", sql`${t.externalId} gin_trgm_ops`),
    // `eq` filters on extracted values are containment (`data @> {"field": value}`), which this answers.
    index("documents_data_gin_idx").using("gin", sql`${t.data} jsonb_path_ops`),
    index("documents_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * The numeric top-level values of each document's extracted data (numbers, and strings that are decimal numbers),
 * so `gt`/`gte`/`lt`/`lte` filters read an index instead of every document's jsonb. Kept by a trigger on
 * `documents` (migration 0008), whatever code path writes `data`; nothing in the app writes it.
 */
export const documentNumbers = pgTable(
  "document_numbers",
  {
    documentId: uuid()
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    parserId: uuid().notNull(),
    field: text().notNull(),
    value: numeric().notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.field] }), index("document_numbers_lookup_idx").on(t.parserId, t.field, t.value)],
);


/** A document's progress through its parser's review stages. */
export const documentReviewStages = pgTable(
  "document_review_stages",
  {
    documentId: uuid()
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    stageId: uuid()
      .notNull()
      .references(() => reviewStages.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    status: text().$type<StageStatus>().notNull(),
    assigneeId: uuid().references(() => users.id, { onDelete: "set null" }),
    enteredAt: timestamptz(),
    approvedAt: timestamptz(),
    rejectedAt: timestamptz(),
    decidedById: uuid().references(() => users.id, { onDelete: "set null" }),
    /** Why it was decided so: a reject's reason, or the reason an admin approved despite failed checks. */
    note: text(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.stageId] }), index("document_review_stages_stage_idx").on(t.stageId, t.status)],
);

export { CLASSIFIER_DOCUMENT_STATUSES, type ClassifierDocumentStatus } from "@/lib/contracts/classifiers";
export type ClassifierRouting = {
  status: string;
  category?: string;
  targetParserId?: string;
  targetParserName?: string;
  reasoning?: string;
  error?: string;
};

export const classifierDocuments = pgTable(
  "classifier_documents",
  {
    id: id(),
    teamId: teamIdColumn(),
    classifierId: uuid()
      .notNull()
      .references(() => classifiers.id, { onDelete: "cascade" }),
    name: text().notNull(),
    externalId: text(),
    custom: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    source: text().notNull(),
    contentType: text().notNull(),
    fileKey: text(),
    fileSize: bigint({ mode: "number" }),
    pageCount: integer().notNull().default(0),
    status: text().$type<ClassifierDocumentStatus>().notNull(),
    routing: jsonb().$type<ClassifierRouting>().notNull().default({ status: "queued" }),
    targetParserId: uuid().references(() => parsers.id, { onDelete: "set null" }),
    routedDocumentId: uuid().references(() => documents.id, { onDelete: "set null" }),
    /** A part cut from an upload by the classifier's split setting keeps a link to that upload. */
    parentDocumentId: uuid().references((): AnyPgColumn => classifierDocuments.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamptz(),
  },
  (t) => [index("classifier_documents_classifier_idx").on(t.classifierId, t.createdAt), index("classifier_documents_status_idx").on(t.classifierId, t.status)],
);

/** Daily usage per parser, for GET /usage; written by the pipeline when a document is processed. */
export const usageDaily = pgTable(
  "usage_daily",
  {
    teamId: teamIdColumn(),
    parserId: uuid()
      .notNull()
      .references(() => parsers.id, { onDelete: "cascade" }),
    day: text().notNull(),
    documents: integer().notNull().default(0),
    pages: integer().notNull().default(0),
    credits: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.parserId, t.day] })],
);
