import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import {
  DocumentDataViewSchema,
  DocumentFullSchema,
  DocumentListSchema,
  DocumentRefSchema,
  ListDocumentsQuerySchema,
  SearchDocumentsSchema,
  type DocumentDataView,
} from "@/lib/contracts/documents";
import type { ServiceContext } from "@/lib/services/context";
import { getDocument, getDocumentData, listDocuments, searchDocuments, type DocumentRef } from "@/lib/services/documents";
import { described, DOCUMENT_ID, ids, PARSER_ID } from "../input";
import { addTool, type McpDeps } from "../tool";

export const MAX_WAIT_SECONDS = 60;
const POLL_INTERVAL_MS = 1_000;

/** The list filters, described for an agent; list_documents and search_documents share them. */
export const FILTERS = {
  status: "Only documents in this status: uploading, queued, processing, processed, failed, skipped, in_review, approved or rejected",
  folderId: "Only documents in this folder (list_folders)",
  assigneeId: "Only documents assigned to this reviewer (a member's user id)",
  reviewStageId: "Only documents pending or in progress at this review stage",
  externalId: "Only documents with exactly this external id",
  createdFrom: "Created on or after this ISO 8601 date-time with offset, such as 2025-01-31T00:00:00Z",
  createdTo: "Created on or before this ISO 8601 date-time with offset",
  sort: "Order: createdAt.desc (default), createdAt.asc, updatedAt.desc, updatedAt.asc, name.asc or name.desc",
  page: "Page number, from 1",
  limit: "Documents per page, 1–100 (default 50)",
};

export function registerDocumentTools(server: McpServer, deps: McpDeps): void {
  addTool(server, deps, {
    name: "get_document_data",
    title: "Get a document's extracted data (waits for processing)",
    description:
      "The extracted data of one document, by documentId or externalId, with per-field confidence and source boxes in metadata.field_metadata. While the document is still being processed this waits up to waitSeconds, checking every second; if it is still processing then, metadata.status is `processing` and data is empty: call again.",
    input: DocumentRefSchema.safeExtend(
      described(
        {
          parserId: ids.parserId,
          ...DocumentRefSchema.shape,
          waitSeconds: z.int().min(0).max(MAX_WAIT_SECONDS).default(20),
        },
        {
          parserId: PARSER_ID,
          documentId: `${DOCUMENT_ID}. Give exactly one of documentId and externalId`,
          externalId: "The external id given at upload (the newest document with it). Give exactly one of documentId and externalId",
          waitSeconds: `How long to wait for processing to finish, 0–${MAX_WAIT_SECONDS} seconds (default 20); 0 answers at once. Keep it below your client's request timeout`,
        },
      ),
    ),
    output: DocumentDataViewSchema,
    permission: "documents.read",
    annotations: { readOnlyHint: true },
    run: ({ ctx, signal, args: { parserId, waitSeconds, ...ref } }) => waitForData(ctx, { parserId, ref, waitSeconds, signal }),
  });

  addTool(server, deps, {
    name: "get_document",
    title: "Get a document",
    description:
      "One document in full: status, folder, review (current stage, assignee, stages), extracted data with its metadata, and a short-lived link to the file. Use it before approve_document or reject_document to see the current stage.",
    input: z.strictObject(described({ parserId: ids.parserId, documentId: ids.documentId }, { parserId: PARSER_ID, documentId: DOCUMENT_ID })),
    output: DocumentFullSchema,
    permission: "documents.read",
    annotations: { readOnlyHint: true },
    run: ({ ctx, args }) => getDocument(ctx, { parserId: args.parserId, documentId: args.documentId }),
  });

  addTool(server, deps, {
    name: "list_documents",
    title: "List a parser's documents",
    description: "A page of the parser's documents (newest first by default), without their data, filtered by status, folder, reviewer, stage, external id and creation date, or searched by name. To filter on extracted values use search_documents.",
    input: z.strictObject(
      described(
        // The query's page and limit are coerced from strings; an agent sends numbers, as search does.
        { parserId: ids.parserId, ...ListDocumentsQuerySchema.shape, page: SearchDocumentsSchema.shape.page, limit: SearchDocumentsSchema.shape.limit },
        { parserId: PARSER_ID, q: "Search the document name and external id (case-insensitive, partial)", ...FILTERS },
      ),
    ),
    output: DocumentListSchema,
    permission: "documents.read",
    annotations: { readOnlyHint: true },
    run: ({ ctx, args: { parserId, ...query } }) => listDocuments(ctx, { parserId, query }),
  });

  addTool(server, deps, {
    name: "search_documents",
    title: "Search documents by extracted values",
    description:
      "Like list_documents, but `q` also searches the extracted values, and `filters` compare extracted values: [{field: a field name or table column path such as items.sku, operator: eq | neq | contains | gt | gte | lt | lte | exists, value}], all must match. Example: [{field: \"total\", operator: \"gt\", value: 1000}].",
    input: z.strictObject(
      described(
        { parserId: ids.parserId, ...SearchDocumentsSchema.shape },
        {
          parserId: PARSER_ID,
          q: "Search the document name, external id and extracted values (case-insensitive, partial)",
          ...FILTERS,
          folderId: "Only documents in this folder (list_folders); null: only documents in no folder",
          filters:
            "Conditions on extracted values, all of which must match (at most 20): {field, operator: eq | neq | contains | gt | gte | lt | lte | exists, value} (gt/lt compare numbers and ISO dates; exists takes true or false)",
        },
      ),
    ),
    output: DocumentListSchema,
    permission: "documents.read",
    annotations: { readOnlyHint: true },
    run: ({ ctx, args: { parserId, ...body } }) => searchDocuments(ctx, { parserId, body }),
  });
}

/** Polls the data view until the document leaves processing, the wait is over or the client cancels. */
async function waitForData(
  ctx: ServiceContext,
  input: { parserId: string; ref: DocumentRef; waitSeconds: number; signal: AbortSignal },
): Promise<DocumentDataView> {
  const deadline = Date.now() + input.waitSeconds * 1000;
  for (;;) {
    const view = await getDocumentData(ctx, { parserId: input.parserId, ref: input.ref });
    const remaining = deadline - Date.now();
    if (view.metadata.status !== "processing" || remaining <= 0 || input.signal.aborted) return view;
    await sleep(Math.min(POLL_INTERVAL_MS, remaining), undefined, { signal: input.signal }).catch(() => undefined);
  }
}
