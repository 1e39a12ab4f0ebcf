import { z } from "zod";
import { defineOperation, displayNameSchema, PageQuerySchema, PaginationSchema, TimestampSchema, UuidSchema } from "./common";
import { UploadResponseSchema, UploadUrlsSchema } from "./documents";
import { KNOWN_MIME_TYPES, UPLOAD_FORM_PARTS } from "./file-types";
import { AcceptedFileTypeSchema, SplitDocumentsSchema } from "./parser-settings";

/**
 * Classifiers (spec: Classifier, Classifier document; DESIGN §1.4 for the update, upload and reprocess paths).
 * A classifier has routing rules only: each uploaded document is classified against the rule labels and sent to
 * the first rule's target parser whose label it matched, or to the fallback.
 */
export const CLASSIFIER_DOCUMENT_STATUSES = ["queued", "processing", "routed", "skipped", "failed", "split"] as const;
export type ClassifierDocumentStatus = (typeof CLASSIFIER_DOCUMENT_STATUSES)[number];
/** Final states a list may be filtered by, plus the waiting ones; `split` (an upload cut into parts) is listed on request only. */
export const ClassifierDocumentStatusSchema = z.enum(CLASSIFIER_DOCUMENT_STATUSES);

export const RoutingRuleSchema = z.object({
  id: z.string().describe("Assigned by the service; stable across updates that send it back"),
  label: z.string(),
  targetParserId: UuidSchema,
});

export const RoutingFallbackSchema = z
  .strictObject({
    action: z.enum(["skip", "route"]).describe("skip: the document ends `skipped`; route: it goes to `targetParserId`"),
    targetParserId: UuidSchema.optional().describe("Required when action is route"),
  })
  .superRefine((fallback, ctx) => {
    if (fallback.action === "route" && !fallback.targetParserId) {
      ctx.addIssue({ code: "custom", path: ["targetParserId"], message: "Required when the fallback action is route" });
    }
  });
export type RoutingFallback = z.infer<typeof RoutingFallbackSchema>;

/** The split group as parsers have it, minus `partitionKey`, which names a parser field (a classifier has none). */
export const ClassifierSplitSchema = SplitDocumentsSchema.superRefine((split, ctx) => {
  if (split.mode === "partitionKey") ctx.addIssue({ code: "custom", path: ["mode"], message: "A classifier has no fields: split by everyXPages or pageRanges" });
});

const RuleLabelSchema = displayNameSchema(100, "Label is required");

export const RuleInputSchema = z.strictObject({
  id: z.string().max(100).optional().describe("Send back a rule's id to keep it; omitted: a new id"),
  label: RuleLabelSchema.describe("The document type, such as Invoice; matched case-insensitively"),
  targetParserId: UuidSchema.describe("An active document parser of the same team"),
});
export type RuleInput = z.infer<typeof RuleInputSchema>;

export const RoutingInputSchema = z
  .strictObject({
    rules: z.array(RuleInputSchema).min(1, "Add at least one routing rule").max(50),
    fallback: RoutingFallbackSchema.default({ action: "skip" }).describe("What happens to a document no rule matches; default skip"),
    instructions: z.string().max(5_000).optional().describe("Guidance for the classifier, such as which words mark each type"),
  })
  .superRefine((routing, ctx) => {
    const seen = new Set<string>();
    for (const [index, rule] of routing.rules.entries()) {
      const key = rule.label.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["rules", index, "label"], message: `"${rule.label}" is listed twice` });
      seen.add(key);
    }
  });
export type RoutingInput = z.input<typeof RoutingInputSchema>;

const ClassifierNameSchema = displayNameSchema(200);
const AcceptedMimeTypesSchema = z.array(z.enum(KNOWN_MIME_TYPES)).max(KNOWN_MIME_TYPES.length).describe("MIME types; answered as {mimeType, label}");

export const CreateClassifierSchema = z.strictObject({
  name: ClassifierNameSchema,
  description: z.string().max(2_000).optional(),
  acceptedFileTypes: AcceptedMimeTypesSchema.optional().describe(
    "Omitted: every type one of the routing's target parsers accepts when the classifier is created (their union); PDF and common image types if they accept none",
  ),
  routing: RoutingInputSchema,
  splitDocuments: ClassifierSplitSchema.optional(),
  isActive: z.boolean().optional(),
});
export type CreateClassifier = z.infer<typeof CreateClassifierSchema>;

export const UpdateClassifierSchema = z.strictObject({
  name: ClassifierNameSchema.optional(),
  description: z.string().max(2_000).optional(),
  acceptedFileTypes: AcceptedMimeTypesSchema.optional(),
  routing: RoutingInputSchema.optional().describe("Replaces the whole routing group"),
  splitDocuments: ClassifierSplitSchema.optional(),
  isActive: z.boolean().optional(),
});
export type UpdateClassifier = z.infer<typeof UpdateClassifierSchema>;

export const ClassifierSchema = z
  .object({
    id: UuidSchema,
    name: z.string(),
    description: z.string(),
    isActive: z.boolean(),
    emailAddress: z.string().describe("`<slug>@<INBOUND_DOMAIN>`, assigned on create: mail sent here is classified and routed like an upload"),
    acceptedFileTypes: z.array(AcceptedFileTypeSchema),
    settings: z.object({
      routing: z.object({
        rules: z.array(RoutingRuleSchema),
        fallback: z.object({ action: z.string(), targetParserId: UuidSchema.optional() }),
        instructions: z.string(),
      }),
      splitDocuments: SplitDocumentsSchema,
    }),
    counts: z.object({ totalDocuments: z.int(), routed: z.int(), skipped: z.int(), failed: z.int() }),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  })
  .meta({ id: "Classifier" });
export type Classifier = z.infer<typeof ClassifierSchema>;

export const ClassifierRoutingSchema = z.object({
  status: z.string().describe("`pending` while queued or classifying, then `routed`, `skipped` or `failed`"),
  category: z.string().nullable().describe("The rule label the document was classified as; null when none matched"),
  targetParserId: UuidSchema.nullable(),
  targetParserName: z.string().nullable(),
  reasoning: z.string().nullable().describe("Why: the evidence the classifier found"),
  error: z.string().nullable().describe("Why routing failed, when it did"),
});

export const ClassifierDocumentSchema = z
  .object({
    id: UuidSchema,
    name: z.string(),
    externalId: z.string().nullable(),
    custom: z.record(z.string(), z.unknown()),
    source: z.string().describe("`api`, `url`, `email`, `console`, or `split` (a part of an upload the classifier cut up)"),
    contentType: z.string(),
    url: z.string().nullable().describe("A signed, short-lived link to the stored file"),
    status: ClassifierDocumentStatusSchema,
    isProcessed: z.boolean().describe("True once routed or skipped"),
    isFailed: z.boolean(),
    pageCount: z.int(),
    routing: ClassifierRoutingSchema,
    targetParser: z.object({ id: UuidSchema, name: z.string(), slug: z.string() }).nullable(),
    routedDocumentId: UuidSchema.nullable().describe("The document created in the target parser (GET /parsers/{targetParserId}/documents/{id})"),
    parentDocumentId: UuidSchema.nullable().describe("For a part of a split upload: the upload it came from"),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  })
  .meta({ id: "ClassifierDocument" });
export type ClassifierDocument = z.infer<typeof ClassifierDocumentSchema>;

export const ListClassifierDocumentsQuerySchema = PageQuerySchema.extend({
  status: ClassifierDocumentStatusSchema.optional().describe("Without it, every document except split uploads (their parts are listed)"),
});
export type ListClassifierDocumentsQuery = z.infer<typeof ListClassifierDocumentsQuerySchema>;

export const ClassifierParamsSchema = z.object({ classifierId: UuidSchema });
export const ClassifierDocumentParamsSchema = z.object({ classifierId: UuidSchema, documentId: UuidSchema });

/** URL upload to a classifier: the parser upload's rules without `folderId` (a classifier has no folders). */
export const ClassifyUrlsSchema = z
  .strictObject({
    urls: UploadUrlsSchema.shape.urls,
    externalIds: UploadUrlsSchema.shape.externalIds,
    custom: UploadUrlsSchema.shape.custom,
  })
  .superRefine((body, ctx) => {
    for (const key of ["externalIds", "custom"] as const) {
      if (body[key] && body[key].length !== body.urls.length) {
        ctx.addIssue({ code: "custom", path: [key], message: `${key} must have one entry per URL (${body.urls.length}), got ${body[key].length}` });
      }
    }
  });
export type ClassifyUrls = z.infer<typeof ClassifyUrlsSchema>;

export const classifierOperations = {
  list: defineOperation({
    operationId: "listClassifiers",
    method: "GET",
    path: "/classifiers",
    tag: "Classifiers",
    summary: "List classifiers",
    description: "The classifiers of the key's team with their document counts. No parser schema, fields, exports or review settings.",
    permission: "classifiers.read",
    response: z.object({ data: z.array(ClassifierSchema) }),
    errors: [403],
  }),
  create: defineOperation({
    operationId: "createClassifier",
    method: "POST",
    path: "/classifiers",
    tag: "Classifiers",
    summary: "Create a classifier",
    description:
      "`routing.rules` needs at least one rule; every `targetParserId` (rules and a `route` fallback) must be an active document parser of the team. Each rule is given an `id`, and the classifier an `emailAddress`.",
    permission: "classifiers.write",
    body: CreateClassifierSchema,
    response: ClassifierSchema,
    successStatus: 201,
    errors: [403],
  }),
  get: defineOperation({
    operationId: "getClassifier",
    method: "GET",
    path: "/classifiers/{classifierId}",
    tag: "Classifiers",
    summary: "Get a classifier",
    permission: "classifiers.read",
    params: ClassifierParamsSchema,
    response: ClassifierSchema,
    errors: [403, 404],
  }),
  update: defineOperation({
    operationId: "updateClassifier",
    method: "PATCH",
    path: "/classifiers/{classifierId}",
    tag: "Classifiers",
    summary: "Update a classifier",
    description: "The create keys, all optional, no others. `routing` replaces the whole group; send a rule's `id` back to keep it.",
    permission: "classifiers.write",
    params: ClassifierParamsSchema,
    body: UpdateClassifierSchema,
    response: ClassifierSchema,
    errors: [403, 404],
  }),
  listDocuments: defineOperation({
    operationId: "listClassifierDocuments",
    method: "GET",
    path: "/classifiers/{classifierId}/documents",
    tag: "Classifiers",
    summary: "List classifier documents",
    description: "Newest first: routed, skipped and failed documents, and those still waiting.",
    permission: "classifiers.read",
    params: ClassifierParamsSchema,
    query: ListClassifierDocumentsQuerySchema,
    response: z.object({ data: z.array(ClassifierDocumentSchema), pagination: PaginationSchema }),
    errors: [400, 403, 404],
  }),
  getDocument: defineOperation({
    operationId: "getClassifierDocument",
    method: "GET",
    path: "/classifiers/{classifierId}/documents/{documentId}",
    tag: "Classifiers",
    summary: "Get a classifier document",
    permission: "classifiers.read",
    params: ClassifierDocumentParamsSchema,
    response: ClassifierDocumentSchema,
    errors: [403, 404],
  }),
  reprocessDocument: defineOperation({
    operationId: "reprocessClassifierDocument",
    method: "POST",
    path: "/classifiers/{classifierId}/documents/{documentId}/reprocess",
    tag: "Classifiers",
    summary: "Reprocess a classifier document",
    description: "Only a `skipped` or `failed` document (else 409): classification and routing run again with the classifier's current rules.",
    permission: "documents.write",
    params: ClassifierDocumentParamsSchema,
    response: ClassifierDocumentSchema,
    errors: [403, 404, 409],
  }),
  uploadFiles: defineOperation({
    operationId: "classifyFiles",
    method: "POST",
    path: "/classify/{classifierId}/files",
    tag: "Classifiers",
    summary: "Upload files to a classifier",
    description:
      "multipart/form-data like a parser upload: one or more `file` parts, and `externalIds` and `custom` as JSON-encoded arrays, one entry per file. Each file is checked by its content against the classifier's accepted types, stored, then queued for classification; `id` is the classifier document's id.",
    permission: "documents.write",
    params: ClassifierParamsSchema,
    formBody: {
      contentType: "multipart/form-data",
      schema: {
        type: "object",
        required: ["file"],
        properties: {
          ...UPLOAD_FORM_PARTS,
        },
      },
    },
    response: UploadResponseSchema,
    errors: [400, 403, 404, 413],
  }),
  uploadUrls: defineOperation({
    operationId: "classifyUrls",
    method: "POST",
    path: "/classify/{classifierId}/urls",
    tag: "Classifiers",
    summary: "Upload URLs to a classifier",
    description: "Like a parser's URL upload (same safe fetch and limits, no folderId): every file is stored before any is queued for classification.",
    permission: "documents.write",
    params: ClassifierParamsSchema,
    body: ClassifyUrlsSchema,
    response: UploadResponseSchema,
    errors: [400, 403, 404],
  }),
};
