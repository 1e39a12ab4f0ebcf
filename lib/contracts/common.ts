import { z } from "zod";
import type { Permission } from "@/lib/contracts/permissions";
// Plain words for every validation message (API answers and console forms share these contracts).
import "./plain-errors";

/** Shared pieces of every resource contract: ids, timestamps, pagination, the error envelope, operations. */
export const UuidSchema = z.uuid();
export const DateTimeSchema = z.iso.datetime({ offset: true });
export const TimestampSchema = DateTimeSchema;

/**
 * Display names cannot spoof. Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069)
 * reorder how the text around them is shown, so `invoice\u202Efdp.exe` reads "invoiceexe.pdf"; C0 and C1
 * controls (and DEL) are invisible, or drive a terminal that prints the name. A name is one line: tabs, line
 * breaks and the Unicode line and paragraph separators become one space; the rest are removed. Only names are
 * cleaned: a stored file keeps its bytes.
 */
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
const CONTROLS = /[\u0000-\u001F\u007F-\u009F]/g;

export function cleanDisplayName(value: string): string {
  return value.replace(LINE_BREAKS, " ").replace(BIDI_CONTROLS, "").replace(CONTROLS, "");
}

/**
 * A document's name from an uploaded file's name (multipart, URL import, e-mail attachment): cleaned like any
 * display name; one with nothing left is "document". The file's bytes are not touched.
 */
export function cleanFileName(name: string): string {
  return cleanDisplayName(name).trim() || "document";
}

/**
 * The schema of every display name a caller gives (parsers, fields, folders, documents, classifiers, stages, keys,
 * members, teams): cleaned as above, then trimmed and bounded. `.overwrite` keeps the type a plain string, so the
 * OpenAPI document still describes it as one.
 */
export function displayNameSchema(max: number, required = "Name is required") {
  return z.string().overwrite(cleanDisplayName).trim().min(1, required).max(max);
}

/** Optional one-line display text that may be empty (a webhook's description): cleaned and trimmed, never required. */
export function displayTextSchema(max: number) {
  return z.string().overwrite(cleanDisplayName).trim().max(max);
}

export const PageQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export const PaginationSchema = z.object({
  page: z.int(),
  limit: z.int(),
  total: z.int(),
  pageCount: z.int(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination: PaginationSchema });
}

export function pagination(query: PageQuery, total: number): Pagination {
  return { page: query.page, limit: query.limit, total, pageCount: Math.ceil(total / query.limit) };
}

export const ErrorBodySchema = z
  .object({
    error: z.literal(true),
    message: z.string(),
    code: z.string().optional(),
    notFound: z.array(z.object({ type: z.string(), value: z.string() })).optional(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: "Error" });

export const SuccessSchema = z.object({ success: z.boolean() });

export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/**
 * One API operation: the single description the route handler validates with, the OpenAPI document is
 * generated from, and the typed client calls.
 */
export type Operation<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> = {
  operationId: string;
  method: HttpMethod;
  /** Relative to /api/v1, with `{param}` placeholders. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** Null only for the few public operations; everything else needs a key and this permission. */
  permission: Permission | "authenticated" | null;
  params?: P;
  query?: Q;
  body?: B;
  response?: R;
  successStatus?: number;
  /** A file response instead of JSON: its content types (text types are strings in OpenAPI, others binary). */
  produces?: string[];
  /** The schema of the `application/json` variant of a file response. */
  jsonFile?: z.ZodType;
  /** A non-JSON request body (multipart uploads), described directly as OpenAPI's JSON Schema. */
  formBody?: { contentType: "multipart/form-data"; schema: Record<string, unknown> };
  errors?: number[];
};

/** Keeps the operation's literal type, so handlers and the client know exactly which parts it has. */
export function defineOperation<O extends Operation>(operation: O): O {
  return operation;
}
