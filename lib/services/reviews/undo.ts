import "server-only";
import { and, asc, eq, gt } from "drizzle-orm";
import type { DocumentFull } from "@/lib/contracts/documents";
import { UNDO_WINDOW_SECONDS, type ReviewDecision } from "@/lib/contracts/reviews";
import { documentReviewStages, documents } from "@/lib/db/schema";
import { invalidState } from "@/lib/services/errors";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { fullView, getDocumentInParser } from "../documents/internal";
import { emitDocumentEvent } from "../webhooks/emit";
import { actingReviewer } from "./guard";

/**
 * Takes back the caller's last decision on a document, shortly after it was made (a mis-press, the wrong
 * document): the decided stage waits again, assigned as it was, and every later stage goes back to not reached.
 * Refused (409) when the decision is older than the window, was someone else's, or a later stage was decided
 * since. A document that had left review (approved, rejected) comes back in review, announced as on a reset.
 */
export async function undoDecision(
  ctx: ServiceContext,
  { parserId, documentId, input, now = new Date() }: { parserId: string; documentId: string; input: ReviewDecision; now?: Date },
): Promise<DocumentFull> {
  assertPermission(ctx, "reviews.write");
  const undone = await ctx.db.transaction(async (tx) => {
    const { document } = await getDocumentInParser(tx, { access: ctx, parserId, documentId, forUpdate: true });
    const reviewer = await actingReviewer(tx, { ctx, reviewerId: input.reviewerId });
    const rows = await tx.select().from(documentReviewStages).where(eq(documentReviewStages.documentId, document.id)).orderBy(asc(documentReviewStages.position));
    const decidedAt = (row: (typeof rows)[number]) => row.approvedAt ?? row.rejectedAt;
    const decided = rows.filter((row) => (row.status === "approved" || row.status === "rejected") && decidedAt(row));
    const last = decided.sort((a, b) => decidedAt(b)!.getTime() - decidedAt(a)!.getTime())[0];
    if (!last || last.decidedById !== reviewer.id) throw invalidState("There is no decision of yours on this document to undo");
    if (now.getTime() - decidedAt(last)!.getTime() > UNDO_WINDOW_SECONDS * 1000) {
      throw invalidState(`A decision can be undone for ${UNDO_WINDOW_SECONDS} seconds; this one is older. Reset the review instead.`);
    }
    if (rows.some((row) => row.position > last.position && (row.status === "approved" || row.status === "rejected"))) {
      throw invalidState("A later stage has been decided since; that decision has to be undone first");
    }
    // The later stages go back to not reached; approving again re-evaluates them on the data of that moment.
    await tx
      .update(documentReviewStages)
      .set({ status: "pending", enteredAt: null, assigneeId: null })
      .where(and(eq(documentReviewStages.documentId, document.id), gt(documentReviewStages.position, last.position)));
    await tx
      .update(documentReviewStages)
      .set({ status: "in_progress", approvedAt: null, rejectedAt: null, decidedById: null, note: null })
      .where(and(eq(documentReviewStages.documentId, document.id), eq(documentReviewStages.stageId, last.stageId)));
    const columns = { status: "in_review" as const, reviewStatus: "in_progress" as const, currentStageId: last.stageId, assigneeId: last.assigneeId };
    const [updated] = await tx.update(documents).set(columns).where(eq(documents.id, document.id)).returning();
    await recordAudit(tx, {
      ctx,
      action: "review.undo",
      resourceType: "document",
      resourceId: document.id,
      before: { status: document.status, stageId: document.currentStageId, undoneStageId: last.stageId, undoneDecision: last.status },
      after: { status: columns.status, stageId: last.stageId, assigneeId: last.assigneeId, reviewerId: reviewer.id },
    });
    if (document.status !== "in_review") await emitDocumentEvent(tx, { document: updated!, type: "document.in_review" });
    return updated!;
  });
  return fullView(ctx.db, undone);
}
