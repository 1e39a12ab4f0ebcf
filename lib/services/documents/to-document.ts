import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import type { DocumentDataView, DocumentFull, DocumentRow, Review } from "@/lib/contracts/documents";
import type { Folder } from "@/lib/contracts/folders";
import type { DbOrTx } from "@/lib/db/client";
import { documentReviewStages, documents, reviewStages, users, type DocumentStatus } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { signedFileUrl } from "@/lib/storage";

/**
 * The document DTOs every documents service shares (list, search, get, update, upload, reprocess, reviews,
 * webhooks): the compact row, the full view, the data view, and the review object of DESIGN §1.5.
 * Build reviews for a page of documents with `loadReviews` (three queries, whatever the page size).
 */
export type DocumentRecord = typeof documents.$inferSelect;

const PROCESSED: ReadonlySet<DocumentStatus> = new Set(["processed", "in_review", "approved", "rejected"]);
/** Statuses in which extraction has not finished: the data view shows `processing` and no data. */
const IN_FLIGHT: ReadonlySet<DocumentStatus> = new Set(["uploading", "queued", "processing"]);

export const isProcessedStatus = (status: DocumentStatus) => PROCESSED.has(status);
export const isFailedStatus = (status: DocumentStatus) => status === "failed";

export const NOT_REQUIRED_REVIEW: Review = { isRequired: false, status: "not_required", assignee: null, currentStage: null, stages: [] };

type Person = { id: string; name: string; email: string };
type StageRow = {
  documentId: string;
  stageId: string;
  position: number;
  status: (typeof documentReviewStages.$inferSelect)["status"];
  assigneeId: string | null;
  approvedAt: Date | null;
  rejectedAt: Date | null;
  enteredAt: Date | null;
  note: string | null;
  name: string;
  reviewerInstructions: string | null;
};

/** Review objects keyed by document id; a document without stage rows gets `not_required`. */
export async function loadReviews(tx: DbOrTx, rows: readonly Pick<DocumentRecord, "id" | "reviewStatus" | "currentStageId" | "assigneeId">[]): Promise<Map<string, Review>> {
  const reviews = new Map<string, Review>();
  if (rows.length === 0) return reviews;
  const stageRows: StageRow[] = await tx
    .select({
      documentId: documentReviewStages.documentId,
      stageId: documentReviewStages.stageId,
      position: documentReviewStages.position,
      status: documentReviewStages.status,
      assigneeId: documentReviewStages.assigneeId,
      approvedAt: documentReviewStages.approvedAt,
      rejectedAt: documentReviewStages.rejectedAt,
      enteredAt: documentReviewStages.enteredAt,
      note: documentReviewStages.note,
      name: reviewStages.name,
      reviewerInstructions: reviewStages.reviewerInstructions,
    })
    .from(documentReviewStages)
    .innerJoin(reviewStages, eq(reviewStages.id, documentReviewStages.stageId))
    .where(
      inArray(
        documentReviewStages.documentId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(documentReviewStages.position));
  const personIds = new Set<string>();
  for (const row of rows) if (row.assigneeId) personIds.add(row.assigneeId);
  for (const stage of stageRows) if (stage.assigneeId) personIds.add(stage.assigneeId);
  const people = personIds.size
    ? await tx
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(inArray(users.id, [...personIds]))
    : [];
  const byId = new Map(people.map((person) => [person.id, person]));
  const byDocument = new Map<string, StageRow[]>();
  for (const stage of stageRows) byDocument.set(stage.documentId, [...(byDocument.get(stage.documentId) ?? []), stage]);
  for (const row of rows) reviews.set(row.id, buildReview({ row, stages: byDocument.get(row.id) ?? [], people: byId }));
  return reviews;
}

/** DESIGN §1.5: the stages the document goes through, in order, each with its own status and reviewer. */
export function buildReview(
  { row, stages, people }: { row: Pick<DocumentRecord, "reviewStatus" | "currentStageId" | "assigneeId">; stages: readonly StageRow[]; people: ReadonlyMap<string, Person> },
): Review {
  if (stages.length === 0) return NOT_REQUIRED_REVIEW;
  const person = (id: string | null) => (id ? (people.get(id) ?? null) : null);
  const ref = (stage: StageRow) => ({ id: stage.stageId, name: stage.name, reviewerInstructions: stage.reviewerInstructions, position: stage.position });
  const current = stages.find((stage) => stage.stageId === row.currentStageId);
  return {
    isRequired: true,
    status: row.reviewStatus,
    assignee: person(row.assigneeId),
    currentStage: current ? ref(current) : null,
    stages: [...stages]
      .sort((a, b) => a.position - b.position)
      .map((stage) => ({
        ...ref(stage),
        status: stage.status,
        assignee: person(stage.assigneeId),
        approvedAt: stage.approvedAt?.toISOString() ?? null,
        rejectedAt: stage.rejectedAt?.toISOString() ?? null,
        enteredAt: stage.enteredAt?.toISOString() ?? null,
        note: stage.note,
      })),
  };
}

export function toDocumentRow(row: DocumentRecord, review: Review = NOT_REQUIRED_REVIEW): DocumentRow {
  return {
    id: row.id,
    name: row.name,
    externalId: row.externalId,
    custom: row.custom,
    status: row.status,
    folderId: row.folderId,
    source: row.source,
    contentType: row.contentType,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isProcessed: isProcessedStatus(row.status),
    isFailed: isFailedStatus(row.status),
    pageCount: row.pageCount,
    review,
  };
}

/** A signed, hour-long link to the stored file, or null when the document has none (yet). */
export function documentFileUrl(row: Pick<DocumentRecord, "fileKey" | "name" | "contentType">): string | null {
  return row.fileKey ? signedFileUrl({ key: row.fileKey, name: row.name, contentType: row.contentType }) : null;
}

/** A signed link to the first page's image the pipeline stored (PDFs and images), or null when there is none. */
export function thumbnailUrl(row: Pick<DocumentRecord, "previewKey">): string | null {
  return row.previewKey ? signedFileUrl({ key: row.previewKey, name: "preview.webp", contentType: "image/webp" }) : null;
}

export function markdownUrl(row: Pick<DocumentRecord, "id" | "parserId" | "markdown">): string | null {
  return row.markdown ? `${env().publicBaseUrl}/api/v1/parsers/${row.parserId}/documents/${row.id}/markdown` : null;
}

/**
 * Where each value came from, as stored: the engine's own `{confidence, source: {page, x, y, w, h} | null, raw?}`
 * (tables add `rows`, one such object per cell) plus `corrected` once a person changed it. That is already the
 * API's shape, so it is passed through.
 */
export function toFieldMetadata(stored: DocumentRecord["fieldMetadata"]): Record<string, unknown> {
  return stored ?? {};
}

function baseMetadata(row: DocumentRecord, url: string | null) {
  return {
    id: row.id,
    name: row.name,
    externalId: row.externalId,
    custom: row.custom,
    url,
    status: row.status,
    isProcessed: isProcessedStatus(row.status),
    isFailed: isFailedStatus(row.status),
    thumbnail: thumbnailUrl(row),
    markdownUrl: markdownUrl(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    pageCount: row.pageCount,
  };
}

export function toDocumentFull({ row, review, folder }: { row: DocumentRecord; review: Review; folder: Folder | null }): DocumentFull {
  const url = documentFileUrl(row);
  return {
    ...toDocumentRow(row, review),
    url,
    folder,
    metadata: {
      ...baseMetadata(row, url),
      isApproved: row.status === "approved",
      isRejected: row.status === "rejected",
      field_metadata: toFieldMetadata(row.fieldMetadata),
      review,
    },
    data: row.data,
    error: row.error,
  };
}

/** Get Document Data: while extraction has not finished, `status: processing` and no data (spec). */
export function toDataView(row: DocumentRecord, assigneeEmail: string | null): DocumentDataView {
  const inFlight = IN_FLIGHT.has(row.status);
  return {
    data: inFlight ? {} : row.data,
    error: row.error,
    metadata: {
      ...baseMetadata(row, documentFileUrl(row)),
      status: inFlight ? "processing" : row.status,
      isApproved: row.status === "approved",
      assignee: assigneeEmail,
      field_metadata: inFlight ? {} : toFieldMetadata(row.fieldMetadata),
    },
  };
}

/**
 * What value search (`q`) matches: the lower-cased name, external id and every extracted value (table cells
 * included), one per line. The pipeline and every writer of name, externalId or data should store this.
 */
export function documentSearchText(row: Pick<DocumentRecord, "name" | "externalId" | "data">): string {
  const values: string[] = [row.name, row.externalId ?? ""];
  const walk = (value: unknown) => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === "object") Object.values(value).forEach(walk);
    else values.push(String(value));
  };
  walk(row.data);
  return values
    .filter((value) => value !== "")
    .join("\n")
    .toLowerCase();
}
