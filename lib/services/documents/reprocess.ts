import "server-only";
import { eq } from "drizzle-orm";
import type { UploadResultItem } from "@/lib/contracts/documents";
import { documents } from "@/lib/db/schema";
import { fileStore, signedFileUrl } from "@/lib/storage";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { getParserInTeam } from "../parsers/internal";
import { clearReview } from "../reviews/flow";
import { findByRef, type DocumentRef } from "./get";
import { enqueueExtraction, type ExtractionQueue } from "./queue-extraction";

/**
 * Runs a document through extraction again with the parser's current fields and settings (the document-type
 * rule included, so it may end `skipped`). Its old data is cleared at once: the data view shows an empty
 * `data` and `status: processing` until the new result is in, as the spec describes. A review in course or decided
 * is cleared with it: the new extraction starts the review again (DESIGN §1.5).
 */
const NO_REVIEW_COLUMNS = { reviewStatus: "not_required", currentStageId: null, assigneeId: null } as const;

export async function reprocessDocument(ctx: ServiceContext, { queue, parserId, ref }: { queue: ExtractionQueue; parserId: string; ref: DocumentRef }): Promise<UploadResultItem> {
  assertPermission(ctx, "documents.write");
  await getParserInTeam(ctx.db, { access: ctx, parserId });
  const document = await ctx.db.transaction(async (tx) => {
    const row = await findByRef(tx, { access: ctx, parserId, ref });
    // Its review was about the old data: it restarts, with the stages that apply, once the new extraction is in.
    await clearReview(tx, row.id);
    await tx
      .update(documents)
      .set({ status: "queued", data: {}, fieldMetadata: {}, markdown: null, error: null, processedAt: null, ...NO_REVIEW_COLUMNS })
      .where(eq(documents.id, row.id));
    await recordAudit(tx, { ctx, action: "document.reprocess", resourceType: "document", resourceId: row.id, before: { status: row.status, reviewStatus: row.reviewStatus } });
    return row;
  });
  const item = {
    id: document.id,
    documentId: document.id,
    name: document.name,
    url: document.fileKey ? signedFileUrl({ key: document.fileKey, name: document.name, contentType: document.contentType }) : null,
    isProcessed: false,
    pageCount: document.pageCount,
    externalId: document.externalId,
    custom: document.custom,
  };
  if (!document.fileKey || !(await fileStore().exists(document.fileKey))) {
    const message = "The stored file is missing, so the document cannot be processed again";
    await ctx.db.update(documents).set({ status: "failed", error: message }).where(eq(documents.id, document.id));
    return { ...item, status: "failed", message, operationName: "" };
  }
  const jobId = await enqueueExtraction(queue, document.id);
  return { ...item, status: "processing", message: `Extraction started again (job ${jobId})`, operationName: jobId };
}
