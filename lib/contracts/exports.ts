import { z } from "zod";
import { defineOperation, UuidSchema } from "./common";
import { DocumentSchema, ProcessParamsSchema, SearchDocumentsSchema } from "./documents";
import { FieldSchema } from "./fields";

/**
 * Export Data (DESIGN §1.4): POST /parsers/{parserId}/export answers with the file itself. The selection is either
 * `documentIds` or the same filters the documents list and search take (they are one WHERE clause in the service),
 * so "export what I see" means sending the list's filters. Pure, so the console's dialog uses it too.
 */
export const EXPORT_FORMATS = ["json", "xml", "csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  json: "application/json; charset=utf-8",
  xml: "application/xml; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** An id list is for "these documents" (a selection in the console); more than this is a filter's job. */
export const MAX_EXPORT_DOCUMENT_IDS = 10_000;

const { page: _page, limit: _limit, ...searchShape } = SearchDocumentsSchema.shape;

export const ExportRequestSchema = z
  .strictObject({
    format: z.enum(EXPORT_FORMATS).describe("json, xml, csv or xlsx"),
    includeSources: z.boolean().default(false).describe("For every value also its confidence, page and source box (page-relative 0–1, origin top-left)"),
    documentIds: z
      .array(UuidSchema)
      .min(1, "Give at least one document id, or leave documentIds out to export by filters")
      .max(MAX_EXPORT_DOCUMENT_IDS)
      .optional()
      .describe("Exactly these documents of the parser; an id that is not a live document of this parser is a 404 naming it. Filters given too narrow it further"),
    ...searchShape,
  })
  .meta({ id: "ExportRequest" });
export type ExportRequest = z.infer<typeof ExportRequestSchema>;
export type ExportRequestInput = z.input<typeof ExportRequestSchema>;

/** The `json` format's file, for the OpenAPI document (the file is streamed, so nothing parses it on the way out). */
export const JsonExportSchema = z
  .object({
    parser: z.object({ id: UuidSchema, name: z.string() }),
    exportedAt: z.string().describe("ISO 8601 date-time"),
    includeSources: z.boolean(),
    fields: z.array(FieldSchema),
    documents: z.array(
      DocumentSchema.extend({
        error: z.string().nullable(),
        data: z
          .record(z.string(), z.unknown())
          .describe("Values keyed by field name (tables: arrays of row objects); with includeSources each value is {value, confidence, page, box, corrected}"),
      }),
    ),
  })
  .meta({ id: "JsonExport" });

const FORMAT_NOTES = [
  "Answers with the file (`Content-Disposition: attachment`), streamed: documents are read 500 at a time, so any number can be exported. Without `documentIds` it exports every document matching the filters, which are those of the documents list and search (`q` also over extracted values, `filters`, `sort`); no filter means the whole parser. A selection that matches nothing is a valid empty file. Values follow the parser's current fields (a field without a value is null/empty).",
  "**json**: `{parser: {id, name}, exportedAt, includeSources, fields: [Field], documents: [{…Document row, error, data}]}`. With `includeSources` every value in `data` (table cells too) is `{value, confidence, page, box: {x, y, w, h} | null, corrected}`.",
  "**xml**: `<export parserId parserName exportedAt includeSources>` › `<document id status …>` with `<name>`, `<externalId>`, `<folder>`, `<createdAt>`, `<updatedAt>`, `<pageCount>`, `<review status>`, `<error>`, `<custom>` (JSON text) and `<data>`; in `<data>` every field is `<field name=\"…\" type=\"…\">value</field>`, so any field name is safe (it is an attribute, never an element name); a null is `<field … null=\"true\"/>`; a table is `<field type=\"table\">` with `<row index=\"1\">` children holding the cells as `<field>`s. With `includeSources`, `confidence`, `page`, `x`, `y`, `w`, `h` (and `corrected`) attributes.",
  "**csv** (UTF-8 with BOM, RFC 4180 quoting): one row per document with the `document.*` columns and one column per scalar field; each row of a table field adds a row below it that repeats the document's columns and fills `lineItem.table`, `lineItem.number` and that table's `<table>.<column>` columns. With `includeSources`, each value column is followed by `<column> confidence`, `<column> page` and `<column> box` (`x y w h`).",
  "**xlsx**: a `Documents` sheet (the CSV's document rows) and one sheet per table field (`document.id`, `document.name`, `lineItem.number` and the columns); cells are typed: numbers and currency as numbers, dates as dates, booleans as booleans, timestamps as UTC date-times. Sheet names are the field names made safe for Excel (31 characters, no `[]:*?/\\`). Text is written as typed string cells, which no spreadsheet evaluates as a formula, so it stays exact: no leading `'` (`=SUM(A1)` and `+49 30 1234567` read back as written).",
  "**Formula injection (CSV only)**: a CSV text cell (or header) starting with `=`, `+`, `-`, `@`, tab or CR gets a leading `'`, so no spreadsheet opening the file runs it as a formula; numbers, and text that is a plain decimal number (`-5`, `+3.20`), are left as they are.",
].join("\n\n");

export const exportOperations = {
  export: defineOperation({
    operationId: "exportDocuments",
    method: "POST",
    path: "/parsers/{parserId}/export",
    tag: "Exports",
    summary: "Export extracted data",
    description: FORMAT_NOTES,
    permission: "exports.read",
    params: ProcessParamsSchema,
    body: ExportRequestSchema,
    produces: Object.values(EXPORT_CONTENT_TYPES).map((type) => type.split(";")[0]!),
    jsonFile: JsonExportSchema,
    errors: [400, 403, 404],
  }),
};
