import { z } from "zod";
import { defineOperation, UuidSchema } from "./common";
import { FIELD_TYPES } from "./enums";

/**
 * A parser's memory: examples taught by saved corrections and approvals. The export format is validated in full
 * on import, so a hand-edited file can never put something the reader cannot read into a parser's memory.
 */
const Fraction = z.number().min(-1).max(2);
const BoxSchema = z.strictObject({ x: Fraction, y: Fraction, w: Fraction, h: Fraction });
const ScalarSchema = z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()]);
const Words = z.array(z.string().max(200)).max(100);

const FingerprintSchema = z.strictObject({
  identifiers: z.array(z.string().max(200)).max(200),
  name: z.string().max(500).nullable(),
  header: Words,
  footer: Words,
});

const AnchorSchema = z.strictObject({ words: Words, page: z.int().min(1), box: BoxSchema, side: z.enum(["right", "below"]), dx: Fraction, dy: Fraction, before: z.string().max(200).nullable().optional(), rank: z.int().min(0).max(1000).optional() });

const FieldEvidenceSchema = z.strictObject({
  type: z.enum(FIELD_TYPES),
  value: ScalarSchema,
  page: z.int().min(1).nullable(),
  box: BoxSchema.nullable(),
  raw: z.string().max(10_000).nullable(),
  lines: z.int().min(1).max(50),
  lineTexts: z.array(z.string().max(2_000)).max(50).optional(),
  anchor: AnchorSchema.nullable(),
  shared: z.boolean().optional(),
  engineRead: z.boolean().optional(),
});

const TableEvidenceSchema = z.strictObject({
  page: z.int().min(1),
  columns: z.array(z.strictObject({ name: z.string().max(200), type: z.enum(FIELD_TYPES), x0: Fraction, x1: Fraction, header: Words, dy: z.number().min(-1).max(1).optional() })).max(100),
  rowCount: z.int().min(0),
  headerY: Fraction.nullable(),
  reference: z.string().max(200).optional(),
  constants: z.record(z.string().max(200), ScalarSchema).optional(),
  footer: z.strictObject({ words: Words, figureRight: Fraction.nullable() }).optional(),
});

const EvidenceSchema = z.strictObject({
  fields: z.record(z.string().max(200), FieldEvidenceSchema),
  tables: z.record(z.string().max(200), TableEvidenceSchema),
});

export const MemoryExportSchema = z
  .strictObject({
    format: z.literal("quarry-parser-memory"),
    version: z.literal(1),
    exportedAt: z.string().max(64).describe("When it was exported (ISO 8601); informative only"),
    examples: z
      .array(z.strictObject({ taughtBy: z.string().max(50), taughtAt: z.iso.datetime({ offset: true }), fingerprint: FingerprintSchema, evidence: EvidenceSchema }))
      .max(5000),
  })
  .meta({ id: "ParserMemoryExport" });
export type MemoryExport = z.infer<typeof MemoryExportSchema>;

export const MemorySummarySchema = z
  .object({
    examples: z.array(
      z.object({
        id: UuidSchema,
        documentId: UuidSchema.nullable().describe("The taught document; null for imported examples"),
        taughtBy: z.string().describe("correction, approval or import"),
        taughtAt: z.string(),
        identifiers: z.array(z.string()).describe("The sender's identifiers found on the document (iban:, vat:, reg:, domain:, phone:)"),
        sender: z.string().nullable(),
        fields: z.array(z.string()).describe("Fields with a confirmed value"),
        tables: z.array(z.string()).describe("Tables whose column bands were learnt"),
      }),
    ),
  })
  .meta({ id: "ParserMemory" });
export type MemorySummary = z.infer<typeof MemorySummarySchema>;

export const ParserAccuracySchema = z
  .object({
    documents: z.int().describe("Approved documents counted (the most recent 2,000)"),
    straightThrough: z.int().describe("Of those, approved with no value changed by a reviewer"),
    straightThroughRate: z.number().nullable(),
    fields: z.array(z.object({ name: z.string(), documents: z.int(), changed: z.int().describe("Approved documents on which a reviewer changed this field"), accuracy: z.number().nullable() })),
    weeks: z.array(z.object({ week: z.string().describe("Monday of the week of approval (UTC)"), documents: z.int(), straightThrough: z.int(), straightThroughRate: z.number(), changedValues: z.int() })),
    attention: z.object({
      fields: z.array(z.string()).describe("Fields changed on more than 10 % of their approved documents"),
      senders: z.array(z.object({ sender: z.string(), documents: z.int(), changed: z.int() })).describe("Senders whose documents were changed more than 10 % of the time"),
    }),
  })
  .meta({ id: "ParserAccuracy" });
export type ParserAccuracy = z.infer<typeof ParserAccuracySchema>;

const ParserParams = z.object({ parserId: UuidSchema });

export const learningOperations = {
  accuracy: defineOperation({
    operationId: "getParserAccuracy",
    method: "GET",
    path: "/parsers/{parserId}/accuracy",
    tag: "Learning",
    summary: "The parser's accuracy, from approved documents",
    description: "Per field, how often reviewers changed the value (from the audit of corrections); the share of documents approved with no change (straight-through rate); both by week; fields and senders that need attention.",
    permission: "documents.read",
    params: ParserParams,
    response: ParserAccuracySchema,
    errors: [403, 404],
  }),
  get: defineOperation({
    operationId: "getParserMemory",
    method: "GET",
    path: "/parsers/{parserId}/memory",
    tag: "Learning",
    summary: "What the parser has learnt",
    description: "The examples taught by saved corrections (`PATCH /process/{parserId}/files/data`) and approvals, latest first.",
    permission: "parsers.read",
    params: ParserParams,
    response: MemorySummarySchema,
    errors: [403, 404],
  }),
  exportMemory: defineOperation({
    operationId: "exportParserMemory",
    method: "GET",
    path: "/parsers/{parserId}/memory/export",
    tag: "Learning",
    summary: "Export the parser's memory",
    description: "Every taught example (fingerprint and evidence) as JSON, to import into a parser of another deployment.",
    permission: "parsers.read",
    params: ParserParams,
    response: MemoryExportSchema,
    errors: [403, 404],
  }),
  importMemory: defineOperation({
    operationId: "importParserMemory",
    method: "POST",
    path: "/parsers/{parserId}/memory/import",
    tag: "Learning",
    summary: "Import a parser memory",
    description: "Adds the examples of an export to this parser's memory.",
    permission: "parsers.write",
    params: ParserParams,
    body: MemoryExportSchema,
    response: z.object({ success: z.literal(true), imported: z.int() }),
    errors: [400, 403, 404],
  }),
  forgetDocument: defineOperation({
    operationId: "forgetDocument",
    method: "DELETE",
    path: "/parsers/{parserId}/memory/documents/{documentId}",
    tag: "Learning",
    summary: "Forget a document",
    description: "Removes what the document taught the parser; the document itself stays.",
    permission: "documents.write",
    params: z.object({ parserId: UuidSchema, documentId: UuidSchema }),
    response: z.object({ success: z.literal(true), forgotten: z.int() }),
    errors: [403, 404],
  }),
};
