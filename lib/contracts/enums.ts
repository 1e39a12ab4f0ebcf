/** Value lists shared by the database schema, the contracts and the console; pure, so the browser may import them. */
export const REGIONS = ["us", "eu"] as const;
export type Region = (typeof REGIONS)[number];

export const ROLES = ["admin", "member", "reviewer"] as const;
export type Role = (typeof ROLES)[number];

/** Field types: the scalar ones, plus `table`, whose columns are fields themselves. */
export const SCALAR_FIELD_TYPES = ["text", "number", "date", "currency", "boolean", "email", "phone", "url", "address", "select"] as const;
export const FIELD_TYPES = [...SCALAR_FIELD_TYPES, "table"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Document statuses: the spec's eight, plus `skipped` for documents a document-type rule excluded. */
export const DOCUMENT_STATUSES = ["uploading", "queued", "processing", "processed", "failed", "skipped", "in_review", "approved", "rejected"] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
/** While a document has one of these, extraction is not over; every other status is final for a waiting client. */
export const EXTRACTING_STATUSES: ReadonlySet<string> = new Set<DocumentStatus>(["uploading", "queued", "processing"]);
export const FINAL_STATUSES = DOCUMENT_STATUSES.filter((status) => !EXTRACTING_STATUSES.has(status));

export const REVIEW_STATUSES = ["not_required", "pending", "in_progress", "approved", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const STAGE_STATUSES = ["pending", "in_progress", "approved", "rejected", "skipped"] as const;
export type StageStatus = (typeof STAGE_STATUSES)[number];

export const DOCUMENT_SOURCES = ["api", "url", "email", "console", "classifier", "split"] as const;
export type DocumentSource = (typeof DOCUMENT_SOURCES)[number];
