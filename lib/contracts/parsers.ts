import { z } from "zod";
import { defineOperation, displayNameSchema, SuccessSchema, TimestampSchema, UuidSchema } from "./common";
import { CreateFieldSchema } from "./fields";
import { KNOWN_MIME_TYPES } from "./file-types";
import {
  AcceptedFileTypeSchema,
  ClassificationGateSchema,
  ConfidenceScoresSchema,
  EmailParsingSchema,
  ParsePagesSchema,
  ParserSettingsSchema,
  SplitDocumentsSchema,
  ToggleSchema,
} from "./parser-settings";

export const ParserSchema = z
  .object({
    id: UuidSchema,
    name: z.string(),
    description: z.string(),
    type: z.string().describe("`document` for a document parser"),
    isActive: z.boolean().describe("False once archived: hidden from the list, data kept"),
    acceptedFileTypes: z.array(AcceptedFileTypeSchema),
    settings: ParserSettingsSchema,
    emailAddress: z.string().describe("Mail sent here becomes documents of this parser (read-only)"),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
    counts: z.object({ totalDocuments: z.int(), folders: z.int() }),
  })
  .meta({ id: "Parser" });
export type Parser = z.infer<typeof ParserSchema>;

export const MimeTypeSchema = z.enum(KNOWN_MIME_TYPES);

const ParserNameSchema = displayNameSchema(200);
const AcceptedMimeTypesSchema = z
  .array(MimeTypeSchema)
  .max(KNOWN_MIME_TYPES.length)
  .describe("MIME types such as `application/pdf`; answered as {mimeType, label}");

export const CreateParserSchema = z.strictObject({
  name: ParserNameSchema,
  description: z.string().max(2_000).optional(),
  type: z.enum(["document"]).optional().describe("Only `document`; classifiers are created under /classifiers"),
  acceptedFileTypes: AcceptedMimeTypesSchema.optional().describe(
    "Omitted: PDF and common image types (application/pdf, image/png, image/jpeg, image/tiff, image/webp)",
  ),
  fields: z.array(CreateFieldSchema).max(200).optional().describe("Initial fields, in order; table fields with `columns`"),
});
export type CreateParser = z.infer<typeof CreateParserSchema>;

/** Exactly the keys the spec lists for Update Parser. A settings group given here replaces the stored group. */
export const UpdateParserSchema = z.strictObject({
  name: ParserNameSchema.optional(),
  description: z.string().max(2_000).optional(),
  isActive: z.boolean().optional().describe("false archives the parser (hidden from the list, data kept); true restores it"),
  acceptedFileTypes: AcceptedMimeTypesSchema.optional(),
  confidenceScores: ConfidenceScoresSchema.optional(),
  markdownParsing: ToggleSchema.optional().describe("When enabled it costs one additional credit per processed page"),
  advancedTableExtraction: ParserSettingsSchema.shape.advancedTableExtraction.optional(),
  dataExtractionMode: ParserSettingsSchema.shape.dataExtractionMode.optional(),
  splitDocuments: SplitDocumentsSchema.optional(),
  classificationGate: ClassificationGateSchema.optional(),
  emailParsing: EmailParsingSchema.optional(),
  parsePages: ParsePagesSchema.optional(),
});
export type UpdateParser = z.infer<typeof UpdateParserSchema>;

export const DuplicateParserSchema = z.strictObject({
  name: ParserNameSchema.optional().describe("Omitted: the original name followed by (copy)"),
});

export const ParserParamsSchema = z.object({ parserId: UuidSchema });

export const ParserQuerySchema = z.strictObject({
  includeArchived: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true")
    .describe("true: archived parsers too, so they can be found and restored"),
});

export const parserOperations = {
  list: defineOperation({
    operationId: "listParsers",
    method: "GET",
    path: "/parsers",
    tag: "Parsers",
    summary: "List parsers",
    description: "The active document parsers of the key's team; archived and deleted parsers and classifiers are excluded.",
    permission: "parsers.read",
    query: ParserQuerySchema,
    response: z.object({ data: z.array(ParserSchema) }),
    errors: [401, 403],
  }),
  create: defineOperation({
    operationId: "createParser",
    method: "POST",
    path: "/parsers",
    tag: "Parsers",
    summary: "Create a parser",
    description: "A document parser with default settings and, optionally, its initial fields.",
    permission: "parsers.write",
    body: CreateParserSchema,
    response: ParserSchema,
    successStatus: 201,
    errors: [403, 409],
  }),
  get: defineOperation({
    operationId: "getParser",
    method: "GET",
    path: "/parsers/{parserId}",
    tag: "Parsers",
    summary: "Get a parser",
    description: "Active document parsers only (archived ones with includeArchived=true). A classifier id is a 404 that says so.",
    permission: "parsers.read",
    params: ParserParamsSchema,
    query: ParserQuerySchema,
    response: ParserSchema,
    errors: [403, 404],
  }),
  update: defineOperation({
    operationId: "updateParser",
    method: "PATCH",
    path: "/parsers/{parserId}",
    tag: "Parsers",
    summary: "Update a parser",
    description:
      "Changes the name, description, active state, accepted file types and settings. Each settings group given replaces the stored one; groups not given stay. No other keys are allowed. Works on archived parsers too (to restore them).",
    permission: "parsers.write",
    params: ParserParamsSchema,
    body: UpdateParserSchema,
    response: ParserSchema,
    errors: [403, 404],
  }),
  remove: defineOperation({
    operationId: "deleteParser",
    method: "DELETE",
    path: "/parsers/{parserId}",
    tag: "Parsers",
    summary: "Delete a parser",
    description: "Removes the parser from the API and the console. Its documents, fields and folders are kept in the database, not erased.",
    permission: "parsers.write",
    params: ParserParamsSchema,
    response: SuccessSchema,
    errors: [403, 404],
  }),
  duplicate: defineOperation({
    operationId: "duplicateParser",
    method: "POST",
    path: "/parsers/{parserId}/duplicate",
    tag: "Parsers",
    summary: "Duplicate a parser",
    description:
      "Copies the setup: settings, accepted file types, fields, folders (empty) and review stages. Documents, tokens, webhooks, credentials and history are not copied.",
    permission: "parsers.write",
    params: ParserParamsSchema,
    body: DuplicateParserSchema,
    response: ParserSchema,
    successStatus: 201,
    errors: [403, 404],
  }),
};
