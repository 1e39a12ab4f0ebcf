import { z } from "zod";
import { defineOperation, UuidSchema } from "./common";
import { CreateFieldSchema } from "./fields";
import { UpdateParserSchema } from "./parsers";

/**
 * "Preview on approved documents": before a change to a parser's fields or settings is saved, the parser reads its
 * last approved documents again with the pending definition, and each value is set beside the one reviewers
 * approved and the one the parser first produced. Nothing is stored.
 */
export const PREVIEW_MAX_DOCUMENTS = 50;
export const PREVIEW_DEFAULT_DOCUMENTS = 20;

/** The settings that change what extraction reads; the others (name, file types, webhooks…) cannot change a value. */
export const PreviewSettingsSchema = UpdateParserSchema.pick({
  dataExtractionMode: true,
  advancedTableExtraction: true,
  parsePages: true,
  emailParsing: true,
});

export const PreviewChangeSchema = z.strictObject({
  fields: z
    .array(CreateFieldSchema)
    .min(1)
    .max(200)
    .optional()
    .describe("The pending field list in full (table fields with `columns`); omitted: the parser's current fields"),
  settings: PreviewSettingsSchema.optional().describe("Pending extraction settings; each group given replaces the stored one"),
  limit: z
    .int()
    .min(1)
    .max(PREVIEW_MAX_DOCUMENTS)
    .optional()
    .describe(`How many of the most recently approved documents to read again (default ${PREVIEW_DEFAULT_DOCUMENTS}, at most ${PREVIEW_MAX_DOCUMENTS})`),
});
export type PreviewChange = z.infer<typeof PreviewChangeSchema>;

export const PREVIEW_VERDICTS = ["fixed", "broken", "still_wrong", "new"] as const;

const ValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const PreviewValueSchema = z.object({
  path: z.string().describe("`field`, or `table[row].column` for a cell (rows from 0)"),
  field: z.string().describe("The top-level field the value belongs to"),
  approved: ValueSchema.describe("What reviewers approved"),
  before: ValueSchema.describe("What the parser produced when the document was processed (before any correction)"),
  after: ValueSchema.describe("What the parser produces with the pending change"),
  verdict: z
    .enum(PREVIEW_VERDICTS)
    .describe("`fixed`: wrong before, right after; `broken`: right before, wrong after; `still_wrong`: wrong both times; `new`: a field the parser did not have"),
});
export type PreviewValue = z.infer<typeof PreviewValueSchema>;

export const PreviewDocumentSchema = z.object({
  documentId: UuidSchema,
  name: z.string(),
  approvedAt: z.string().describe("When it was last approved or changed (ISO 8601)"),
  outcome: z.enum(["compared", "failed", "timed_out", "unavailable"]).describe("`unavailable`: its file is gone; `timed_out`: the preview's time ran out first"),
  error: z.string().nullable(),
  matching: z.int().describe("Values the pending change reads exactly as approved"),
  values: z.array(PreviewValueSchema).describe("Only the values that differ from the approved ones, before or after the change"),
});

export const PreviewFieldSchema = z.object({
  name: z.string(),
  values: z.int().describe("Approved values of this field compared (cells for a table)"),
  rightBefore: z.int().describe("Of those, read as approved when the documents were processed"),
  rightAfter: z.int().describe("Of those, read as approved with the pending change"),
});

export const ParserPreviewSchema = z
  .object({
    documents: z.array(PreviewDocumentSchema),
    fields: z.array(PreviewFieldSchema),
    summary: z.object({
      requested: z.int(),
      compared: z.int(),
      failed: z.int(),
      timedOut: z.int(),
      fixed: z.int(),
      broken: z.int(),
      stillWrong: z.int(),
      elapsedMs: z.int(),
    }),
  })
  .meta({ id: "ParserPreview" });
export type ParserPreview = z.infer<typeof ParserPreviewSchema>;

export const parserPreviewOperations = {
  preview: defineOperation({
    operationId: "previewParserChange",
    method: "POST",
    path: "/parsers/{parserId}/preview",
    tag: "Learning",
    summary: "Preview a change on approved documents",
    description:
      "Reads the parser's most recently approved documents again with pending fields or settings (nothing is saved) and lists, value by value, what would differ from what reviewers approved. Extraction runs in the worker threads, at most two documents at a time, within 90 seconds: documents not reached by then are `timed_out`. One preview runs per team at a time (409 otherwise).",
    permission: "parsers.write",
    params: z.object({ parserId: UuidSchema }),
    body: PreviewChangeSchema,
    response: ParserPreviewSchema,
    errors: [400, 403, 404, 409],
  }),
};
