import "server-only";
import { eq } from "drizzle-orm";
import type { DocumentFull } from "@/lib/contracts/documents";
import type { ReviewDecision } from "@/lib/contracts/reviews";
import { documents } from "@/lib/db/schema";
import { forbidden, invalidState } from "@/lib/services/errors";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { fullView, getDocumentInParser } from "../documents/internal";
import { enterReview, loadReviewRows } from "./flow";
import { emitDocumentEvent } from "../webhooks/emit";
import { actingReviewer } from "./guard";

/**
 * Reset to review (spec): only an `approved` or `rejected` document (else 409). Allowed for a team admin, or for
 * someone who was assigned or decided one of the document's stages (else 403). The review is rebuilt from the
 * parser's current stages, conditional rules evaluated on the current data, and starts at the first applicable
 * stage; when none applies any more, that is a 409 and the document keeps its decision.
 */
export async function resetReview(ctx: ServiceContext, { parserId, documentId, input }: { parserId: string; documentId: string; input: ReviewDecision }): Promise<DocumentFull> {
  assertPermission(ctx, "reviews.write");
  const reset = await ctx.db.transaction(async (tx) => {
    const { document } = await getDocumentInParser(tx, { access: ctx, parserId, documentId, forUpdate: true });
    const reviewer = await actingReviewer(tx, { ctx, reviewerId: input.reviewerId });
    if (document.status !== "approved" && document.status !== "rejected") {
      throw invalidState(`Only an approved or rejected document can be reset to review; this one is ${document.status}`);
    }
    const rows = await loadReviewRows(tx, document.id);
    const involved = rows.some((row) => row.assigneeId === reviewer.id || row.decidedById === reviewer.id);
    if (reviewer.role !== "admin" && !involved) {
      throw forbidden(`${reviewer.name} neither is a team admin nor was assigned a stage of this document, so cannot reset it`);
    }
    const columns = await enterReview(tx, { document, now: new Date() });
    if (columns.status !== "in_review") throw invalidState("No review stage of the parser applies to this document now, so it cannot go back into review");
    const [updated] = await tx.update(documents).set(columns).where(eq(documents.id, document.id)).returning();
    await recordAudit(tx, {
      ctx,
      action: "review.reset",
      resourceType: "document",
      resourceId: document.id,
      before: { status: document.status, reviewStatus: document.reviewStatus },
      after: { status: columns.status, stageId: columns.currentStageId, assigneeId: columns.assigneeId, reviewerId: reviewer.id },
    });
    await emitDocumentEvent(tx, { document: updated!, type: "document.in_review" });
    return updated!;
  });
  return fullView(ctx.db, reset);
}
