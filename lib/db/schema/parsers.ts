import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { FieldType } from "@/lib/contracts/enums";
import type { ClassifierSettings, ParserSettings } from "@/lib/contracts/parser-settings";
import { DEFAULT_REJECT_REASONS, type ValidationRule } from "@/lib/contracts/review-checks";
import { DEFAULT_STRAIGHT_THROUGH, type StraightThrough } from "@/lib/contracts/straight-through";
import { createdAt, id, timestamptz, updatedAt } from "./columns";
import { teamIdColumn, users } from "./identity";

export const parsers = pgTable(
  "parsers",
  {
    id: id(),
    teamId: teamIdColumn(),
    name: text().notNull(),
    slug: text().notNull(),
    description: text().notNull().default(""),
    type: text().notNull().default("document"),
    isActive: boolean().notNull().default(true),
    settings: jsonb().$type<ParserSettings>().notNull(),
    /** Checked before a document may be approved (lib/contracts/review-checks-run.ts). */
    validationRules: jsonb().$type<ValidationRule[]>().notNull().default([]),
    /** The reasons reviewers pick from when they reject. */
    rejectReasons: jsonb().$type<string[]>().notNull().default(DEFAULT_REJECT_REASONS),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamptz(),
  },
  (t) => [index("parsers_team_idx").on(t.teamId, t.createdAt)],
);

// The list lives with the contracts, which the browser may import; re-exported for schema readers.
export { FIELD_TYPES, type FieldType } from "@/lib/contracts/enums";

/** Fields form a tree: a table field's columns are fields whose parentId is the table field. */
export const fields = pgTable(
  "fields",
  {
    id: id(),
    parserId: uuid()
      .notNull()
      .references(() => parsers.id, { onDelete: "cascade" }),
    parentId: uuid().references((): AnyPgColumn => fields.id, { onDelete: "cascade" }),
    name: text().notNull(),
    type: text().$type<FieldType>().notNull(),
    description: text().notNull().default(""),
    instructions: text().notNull().default(""),
    required: boolean().notNull().default(false),
    position: integer().notNull(),
    options: jsonb().$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Names are unique among siblings, case-insensitively.
    uniqueIndex("fields_sibling_name_key").on(
      t.parserId,
      sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.name})`,
    ),
    index("fields_parser_idx").on(t.parserId, t.position),
  ],
);

export const folders = pgTable(
  "folders",
  {
    id: id(),
    teamId: teamIdColumn(),
    parserId: uuid()
      .notNull()
      .references(() => parsers.id, { onDelete: "cascade" }),
    parentId: uuid().references((): AnyPgColumn => folders.id, { onDelete: "cascade" }),
    name: text().notNull(),
    slug: text().notNull(),
    color: text(),
    hasAutoAssign: boolean().notNull().default(false),
    autoAssignment: jsonb().$type<Record<string, unknown> | boolean | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex("folders_sibling_name_key")
      .on(t.parserId, sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    index("folders_parser_idx").on(t.parserId),
  ],
);

export const REVIEW_TYPES = ["mandatory", "conditional"] as const;
export type ReviewStageRule = {
  id: string;
  type: "simple";
  field: string;
  condition: string;
  operator: string;
  value: string;
  name: string;
  editable: boolean;
};

export const reviewStages = pgTable(
  "review_stages",
  {
    id: id(),
    parserId: uuid()
      .notNull()
      .references(() => parsers.id, { onDelete: "cascade" }),
    name: text().notNull(),
    reviewerInstructions: text(),
    position: integer().notNull(),
    reviewType: text().$type<(typeof REVIEW_TYPES)[number]>().notNull().default("mandatory"),
    reviewerId: uuid().references(() => users.id, { onDelete: "set null" }),
    rules: jsonb().$type<ReviewStageRule[]>().notNull().default([]),
    /** Skip the stage without a person when the values are confident and the checks pass (off by default). */
    straightThrough: jsonb().$type<StraightThrough>().notNull().default(DEFAULT_STRAIGHT_THROUGH),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamptz(),
  },
  (t) => [index("review_stages_parser_idx").on(t.parserId, t.position)],
);

export const classifiers = pgTable(
  "classifiers",
  {
    id: id(),
    teamId: teamIdColumn(),
    name: text().notNull(),
    slug: text().notNull(),
    description: text().notNull().default(""),
    isActive: boolean().notNull().default(true),
    emailAddress: text().notNull(),
    acceptedFileTypes: jsonb().$type<string[]>().notNull().default([]),
    settings: jsonb().$type<ClassifierSettings>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamptz(),
  },
  (t) => [index("classifiers_team_idx").on(t.teamId, t.createdAt), uniqueIndex("classifiers_email_key").on(t.emailAddress)],
);
