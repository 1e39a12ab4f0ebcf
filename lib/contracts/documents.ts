import { z } from "zod";
import { DateTimeSchema, defineOperation, displayNameSchema, PageQuerySchema, PaginationSchema, SuccessSchema, TimestampSchema, UuidSchema } from "./common";
import { DOCUMENT_STATUSES, FINAL_STATUSES, STAGE_STATUSES } from "./enums";
import { UPLOAD_FORM_PARTS } from "./file-types";
import { FolderSchema } from "./folders";
import { ListValueSchema, MatchSnippetSchema } from "./list-values";

/**
 * Documents, exactly as the spec's tables describe them: the compact row (lists and search), the full view,
 * the data view (Get Document Data) and the upload result item. Review objects follow DESIGN §1.5.
 */
export const DocumentStatusSchema = z.enum(DOCUMENT_STATUSES);
/** The list filter takes the spec's eight statuses; `skipped` is also accepted, for documents a type rule excluded. */
export const DocumentStatusFilterSchema = DocumentStatusSchema;

export const PersonSchema = z.object({ id: UuidSchema, name: z.string(), email: z.string() });

export const ReviewStageRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  reviewerInstructions: z.string().nullable(),
  position: z.int(),
});

export const ReviewSchema = z
  .object({
    isRequired: z.boolean(),
    status: z.string().describe("`not_required`, `pending`, `in_progress`, `approved` or `rejected`"),
    assignee: PersonSchema.nullable(),
    currentStage: ReviewStageRefSchema.nullable(),
    stages: z.array(
      ReviewStageRefSchema.extend({
        status: z.enum(STAGE_STATUSES),
        assignee: PersonSchema.nullable(),
        approvedAt: TimestampSchema.nullable(),
        rejectedAt: TimestampSchema.nullable(),
        enteredAt: TimestampSchema.nullable().describe("When the document reached this stage; null while it has not"),
        note: z.string().nullable().describe("Why the stage was decided so: the reject reason, why an admin approved despite failed checks, or why it was skipped straight through"),
      }),
    ),
  })
  .meta({ id: "Review" });
export type Review = z.infer<typeof ReviewSchema>;

export const DocumentSchema = z
  .object({
    id: UuidSchema,
    name: z.string(),
    externalId: z.string().nullable(),
    custom: z.record(z.string(), z.unknown()),
    status: DocumentStatusSchema,
    folderId: UuidSchema.nullable(),
    source: z.string().describe("`api` (file upload), `url`, `email`, `console`, `classifier` or `split` (a part of a split upload)"),
    contentType: z.string(),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
    isProcessed: z.boolean(),
    isFailed: z.boolean(),
    pageCount: z.int(),
    review: ReviewSchema,
  })
  .meta({ id: "Document" });
export type DocumentRow = z.infer<typeof DocumentSchema>;

/** Where each value came from: a confidence, and the page and page-relative box (0–1, origin top-left). */
export const FieldMetadataSchema = z.record(z.string(), z.unknown()).describe("Per field: `{confidence, source: {page, x, y, w, h} | null, raw?, evidence?}`: confidence is the calibrated probability that the value is right, evidence what it was computed from (strategy, checks); for tables also `rows`, one such object per cell");

export const DocumentMetadataSchema = z.object({
  id: UuidSchema,
  name: z.string(),
  externalId: z.string().nullable(),
  custom: z.record(z.string(), z.unknown()),
  url: z.string().nullable(),
  status: DocumentStatusSchema,
  isProcessed: z.boolean(),
  isFailed: z.boolean(),
  thumbnail: z.string().nullable(),
  markdownUrl: z.string().nullable(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  pageCount: z.int(),
});

export const DocumentFullSchema = DocumentSchema.extend({
  url: z.string().nullable().describe("A signed, short-lived link to the stored file"),
  folder: FolderSchema.nullable(),
  metadata: DocumentMetadataSchema.extend({
    isApproved: z.boolean(),
    isRejected: z.boolean(),
    field_metadata: FieldMetadataSchema,
    review: ReviewSchema,
  }),
  data: z
    .record(z.string(), z.unknown())
    .describe(
      "Extracted values keyed by field name, each in its field's JSON type: text fields strings (a figure as normalised text, \"1234.50\"; a date as yyyy-mm-dd), number and currency numbers, date yyyy-mm-dd, boolean true/false; table fields are arrays of row objects whose cells follow their column's type",
    ),
  error: z.string().nullable(),
}).meta({ id: "DocumentFull" });
export type DocumentFull = z.infer<typeof DocumentFullSchema>;

export const DocumentDataViewSchema = z
  .object({
    data: z.record(z.string(), z.unknown()).describe("Empty while the document is processing"),
    error: z.string().nullable(),
    metadata: DocumentMetadataSchema.extend({
      isApproved: z.boolean(),
      assignee: z.string().nullable().describe("The assigned reviewer's e-mail"),
      field_metadata: FieldMetadataSchema,
    }),
  })
  .meta({ id: "DocumentData" });
export type DocumentDataView = z.infer<typeof DocumentDataViewSchema>;

export const UploadResultItemSchema = z
  .object({
    id: UuidSchema,
    name: z.string(),
    url: z.string().nullable(),
    isProcessed: z.boolean(),
    status: DocumentStatusSchema,
    message: z.string(),
    operationName: z.string().describe("The id of the extraction job that was started"),
    documentId: UuidSchema.describe("Same as id"),
    pageCount: z.int(),
    externalId: z.string().nullable(),
    custom: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "UploadResult" });
export type UploadResultItem = z.infer<typeof UploadResultItemSchema>;
export const UploadResponseSchema = z.object({ success: z.boolean(), result: z.array(UploadResultItemSchema) });

export const CustomSchema = z.record(z.string(), z.unknown());
export const ExternalIdSchema = z.string().trim().min(1).max(500);

export const UploadUrlsSchema = z
  .strictObject({
    urls: z.array(z.string().max(4_096)).min(1, "Give at least one URL").max(20, "At most 20 URLs per request"),
    externalIds: z.array(ExternalIdSchema.nullable()).max(20).optional().describe("One per URL; null skips that one"),
    custom: z.array(CustomSchema.nullable()).max(20).optional().describe("One per URL; null skips that one"),
    folderId: UuidSchema.optional().describe("An existing folder of the same parser"),
  })
  .superRefine((body, ctx) => {
    for (const key of ["externalIds", "custom"] as const) {
      if (body[key] && body[key].length !== body.urls.length) {
        ctx.addIssue({ code: "custom", path: [key], message: `${key} must have one entry per URL (${body.urls.length}), got ${body[key].length}` });
      }
    }
  });
export type UploadUrls = z.infer<typeof UploadUrlsSchema>;

/** The multipart form fields of file upload besides the `file` parts, JSON-encoded as the spec says. */
export const UploadFilesFieldsSchema = z.object({
  folderId: UuidSchema.optional(),
  externalIds: z.array(ExternalIdSchema.nullable()).optional(),
  custom: z.array(CustomSchema.nullable()).optional(),
});

export const DOCUMENT_SORTS = ["createdAt.desc", "createdAt.asc", "updatedAt.desc", "updatedAt.asc", "name.asc", "name.desc"] as const;

const listFilterShape = {
  q: z.string().trim().max(500).optional().describe("Search by document name or external ID (list); by name, external ID and extracted values (search)"),
  status: DocumentStatusFilterSchema.optional(),
  folderId: UuidSchema.optional(),
  assigneeId: UuidSchema.optional().describe("Documents assigned to that reviewer"),
  reviewStageId: z.string().max(100).optional().describe("Documents currently pending or in progress in that stage"),
  externalId: z.string().max(500).optional().describe("Exact match"),
  createdFrom: DateTimeSchema.optional().describe("Created on or after"),
  createdTo: DateTimeSchema.optional().describe("Created on or before"),
  sort: z.enum(DOCUMENT_SORTS).default("createdAt.desc"),
};

export const ListDocumentsQuerySchema = PageQuerySchema.extend(listFilterShape);
export type ListDocumentsQuery = z.infer<typeof ListDocumentsQuerySchema>;

export const FILTER_OPERATORS = ["eq", "neq", "contains", "gt", "gte", "lt", "lte", "exists"] as const;
export const DocumentFilterSchema = z
  .strictObject({
    field: z.string().min(1).max(300).describe("A field name, or a dotted path to a table column (`items.sku`: any row matches)"),
    operator: z.enum(FILTER_OPERATORS).describe("eq, neq, contains (case-insensitive), gt, gte, lt, lte (numbers and ISO dates), exists (value true or false)"),
    value: z.union([z.string().max(1_000), z.number(), z.boolean(), z.null()]).optional(),
  })
  .meta({ id: "DocumentFilter" });
export type DocumentFilter = z.infer<typeof DocumentFilterSchema>;

export const SearchDocumentsSchema = z.strictObject({
  ...listFilterShape,
  folderId: UuidSchema.nullable().optional().describe("A folder, or null for documents in no folder"),
  page: z.int().min(1).default(1),
  limit: z.int().min(1).max(100).default(50),
  filters: z.array(DocumentFilterSchema).max(20).optional(),
});
export type SearchDocuments = z.infer<typeof SearchDocumentsSchema>;

/** The search route's body: the filters, and what each row should carry besides the compact row. */
export const SearchRequestSchema = SearchDocumentsSchema.extend({
  fields: z
    .array(z.string().min(1).max(100))
    .max(10, "At most 10 fields")
    .optional()
    .describe("Field names whose values each row carries in `values` (for list columns); table fields give their row count"),
  snippets: z.boolean().optional().describe("With `q`: each row carries `match`, the text that matched and where"),
});
export type SearchRequest = z.infer<typeof SearchRequestSchema>;

export const DocumentListSchema = z.object({ data: z.array(DocumentSchema), pagination: PaginationSchema });

/** Search rows: the compact row, plus what the search asked for (`fields`, `snippets`); absent otherwise. */
export const SearchHitSchema = DocumentSchema.extend({
  values: z.array(ListValueSchema).optional().describe("One per name in `fields`, in that order"),
  match: MatchSnippetSchema.nullable().optional().describe("With `snippets` and `q`: where the words were found; null when only the search index holds them"),
}).meta({ id: "DocumentSearchHit" });
export type SearchHit = z.infer<typeof SearchHitSchema>;
export const SearchResultsSchema = z.object({ data: z.array(SearchHitSchema), pagination: PaginationSchema });

export const UpdateDocumentSchema = z.strictObject({
  name: displayNameSchema(500).optional(),
  externalId: ExternalIdSchema.nullable().optional(),
  custom: CustomSchema.optional().describe("Replaces the whole custom object"),
  folderId: UuidSchema.nullable().optional().describe("Moves to a folder of the same parser; null removes it from its folder"),
});
export type UpdateDocument = z.infer<typeof UpdateDocumentSchema>;

export const BulkDeleteSchema = z
  .strictObject({
    documentIds: z.array(UuidSchema).max(1_000).optional(),
    externalIds: z.array(ExternalIdSchema).max(1_000).optional(),
  })
  .refine((body) => (body.documentIds?.length ?? 0) + (body.externalIds?.length ?? 0) > 0, "Give documentIds or externalIds");
export const DeletedSchema = SuccessSchema.extend({ deleted: z.int(), ids: z.array(z.string()) });

/** Exactly one of documentId and externalId identifies the document (spec: both or neither is a 400). */
export const DocumentRefSchema = z
  .strictObject({ documentId: UuidSchema.optional(), externalId: ExternalIdSchema.optional() })
  .refine((ref) => (ref.documentId === undefined) !== (ref.externalId === undefined), "Give exactly one of documentId and externalId");
export const DocumentRefQuerySchema = DocumentRefSchema;

export const UpdateDataSchema = z
  .strictObject({
    documentId: UuidSchema.optional(),
    externalId: ExternalIdSchema.optional(),
    data: z
      .record(z.string(), z.unknown())
      .describe(
        "Values by field name; each is converted to its field's type where that takes no guess (a number into a text field becomes its text, \"12.50\" into a number field 12.5), then validated against its field. Fields not named keep their value",
      ),
  })
  .refine((ref) => (ref.documentId === undefined) !== (ref.externalId === undefined), "Give exactly one of documentId and externalId");

export const ProcessParamsSchema = z.object({ parserId: UuidSchema });

export const MAX_DOCUMENT_WAIT_SECONDS = 60;
/** Not strict: the GET took no query before, and a client's cache-busting parameter must not become a 400. */
export const GetDocumentQuerySchema = z.object({
  wait: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_DOCUMENT_WAIT_SECONDS)
    .optional()
    .describe(`Seconds to wait, 0–${MAX_DOCUMENT_WAIT_SECONDS}, for extraction to be over before answering; without it (or 0) the answer is immediate`),
});
export const DocumentParamsSchema = z.object({ parserId: UuidSchema, documentId: UuidSchema });

export const documentOperations = {
  uploadFiles: defineOperation({
    operationId: "uploadFiles",
    method: "POST",
    path: "/process/{parserId}/files",
    tag: "Documents",
    summary: "Upload files",
    description:
      "multipart/form-data: one or more `file` parts; optional `folderId`, and `externalIds` and `custom` as JSON-encoded arrays with one entry per file. Each file's type is checked against the parser's accepted types by its content. Files are stored, then queued; the answer comes at once with `status: processing`.",
    permission: "documents.write",
    params: ProcessParamsSchema,
    formBody: {
      contentType: "multipart/form-data",
      schema: {
        type: "object",
        required: ["file"],
        properties: {
          ...UPLOAD_FORM_PARTS,
          folderId: { type: "string", format: "uuid", description: "An existing folder of the parser" },
        },
      },
    },
    response: UploadResponseSchema,
    errors: [400, 404, 413],
  }),
  uploadUrls: defineOperation({
    operationId: "uploadUrls",
    method: "POST",
    path: "/process/{parserId}/urls",
    tag: "Documents",
    summary: "Upload from URLs",
    description:
      "Downloads 1–20 public http(s) URLs (≤ 100 MB each, ≤ 5 minutes, ≤ 5 safe redirects; private, loopback and cloud-metadata destinations refused). Every file is stored before any is queued: if one download fails, nothing is queued and the error names the URL.",
    permission: "documents.write",
    params: ProcessParamsSchema,
    body: UploadUrlsSchema,
    response: UploadResponseSchema,
    errors: [400, 404],
  }),
  getData: defineOperation({
    operationId: "getDocumentData",
    method: "GET",
    path: "/process/{parserId}/files/data",
    tag: "Documents",
    summary: "Get document data",
    description: "By `documentId` or `externalId`. While the document is processing, `data` is empty and `status` is `processing`.",
    permission: "documents.read",
    params: ProcessParamsSchema,
    query: DocumentRefQuerySchema,
    response: DocumentDataViewSchema,
    errors: [400, 403, 404],
  }),
  updateData: defineOperation({
    operationId: "updateDocumentData",
    method: "PATCH",
    path: "/process/{parserId}/files/data",
    tag: "Documents",
    summary: "Update document data",
    description:
      "Corrects extracted values; each is validated against its field and the change is audit-logged. Needs `documents.write`, or `reviews.write` while the document is in review (a reviewer: only a document assigned to them). On a document in review, its current stage moves from `pending` to `in_progress`.",
    // Reviewers correct values while they review, without documents.write: the service checks which applies.
    permission: "documents.read",
    params: ProcessParamsSchema,
    body: UpdateDataSchema,
    response: DocumentDataViewSchema,
    errors: [400, 403, 404, 409],
  }),
  reprocess: defineOperation({
    operationId: "reprocessDocument",
    method: "POST",
    path: "/process/{parserId}/reprocess",
    tag: "Documents",
    summary: "Reprocess a document",
    description: "Exactly one of `documentId` and `externalId`. Runs extraction again with the parser's current settings.",
    permission: "documents.write",
    params: ProcessParamsSchema,
    body: DocumentRefSchema,
    response: UploadResponseSchema,
    errors: [400, 404],
  }),
  reprocessOne: defineOperation({
    operationId: "reprocessParserDocument",
    method: "POST",
    path: "/parsers/{parserId}/documents/{documentId}/reprocess",
    tag: "Documents",
    summary: "Reprocess a parser document",
    permission: "documents.write",
    params: DocumentParamsSchema,
    response: UploadResponseSchema,
    errors: [404],
  }),
  list: defineOperation({
    operationId: "listDocuments",
    method: "GET",
    path: "/parsers/{parserId}/documents",
    tag: "Documents",
    summary: "List documents",
    permission: "documents.read",
    params: ProcessParamsSchema,
    query: ListDocumentsQuerySchema,
    response: DocumentListSchema,
    errors: [400, 404],
  }),
  search: defineOperation({
    operationId: "searchDocuments",
    method: "POST",
    path: "/parsers/{parserId}/documents/search",
    tag: "Documents",
    summary: "Search documents",
    description: "Over metadata and extracted field and table values. `filters` items are `{field, operator, value}`; all must match. `fields` adds the named values to each row (`values`), `snippets` with `q` adds what matched (`match`).",
    permission: "documents.read",
    params: ProcessParamsSchema,
    body: SearchRequestSchema,
    response: SearchResultsSchema,
    errors: [400, 404],
  }),
  get: defineOperation({
    operationId: "getDocument",
    method: "GET",
    path: "/parsers/{parserId}/documents/{documentId}",
    tag: "Documents",
    summary: "Get a document",
    description: `With \`wait\` (seconds, at most ${MAX_DOCUMENT_WAIT_SECONDS}), a long poll: the answer comes as soon as extraction is over — a final status, one of ${FINAL_STATUSES.map((status) => `\`${status}\``).join(", ")} — or when the wait is up, with the document as it is then (still \`queued\` or \`processing\`: ask again). A waiting request counts once against the rate limit. Keep \`wait\` below your HTTP client's timeout.`,
    permission: "documents.read",
    params: DocumentParamsSchema,
    query: GetDocumentQuerySchema,
    response: DocumentFullSchema,
    errors: [404],
  }),
  markdown: defineOperation({
    operationId: "getDocumentMarkdown",
    method: "GET",
    path: "/parsers/{parserId}/documents/{documentId}/markdown",
    tag: "Documents",
    summary: "Get a document's markdown",
    description: "The document's text as Markdown (the parser's markdown parsing); 404 when there is none. This is the full view's `metadata.markdownUrl`.",
    permission: "documents.read",
    params: DocumentParamsSchema,
    produces: ["text/markdown"],
    errors: [404],
  }),
  update: defineOperation({
    operationId: "updateDocument",
    method: "PATCH",
    path: "/parsers/{parserId}/documents/{documentId}",
    tag: "Documents",
    summary: "Update a document",
    description: "Rename, set the external ID, replace `custom`, or move to a folder (`folderId: null` removes it from its folder).",
    permission: "documents.write",
    params: DocumentParamsSchema,
    body: UpdateDocumentSchema,
    response: DocumentFullSchema,
    errors: [400, 404],
  }),
  remove: defineOperation({
    operationId: "deleteDocument",
    method: "DELETE",
    path: "/parsers/{parserId}/documents/{documentId}",
    tag: "Documents",
    summary: "Delete a document",
    description: "Deletes the document and its stored file.",
    permission: "documents.write",
    params: DocumentParamsSchema,
    response: DeletedSchema,
    errors: [404],
  }),
  bulkDelete: defineOperation({
    operationId: "deleteDocuments",
    method: "POST",
    path: "/parsers/{parserId}/documents/delete",
    tag: "Documents",
    summary: "Delete documents",
    description: "By `documentIds` and/or `externalIds`; ids that do not exist in the parser are ignored and not counted.",
    permission: "documents.write",
    params: ProcessParamsSchema,
    body: BulkDeleteSchema,
    response: DeletedSchema,
    errors: [400, 404],
  }),
};
