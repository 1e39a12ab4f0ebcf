import "server-only";
import { and, eq } from "drizzle-orm";
import type { DocumentFull } from "@/lib/contracts/documents";
import { documentReviewStages, documents } from "@/lib/db/schema";
import { forbidden } from "@/lib/services/errors";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { fullView, getDocumentInParser } from "../documents/internal";
import { loadReviewRows } from "./flow";
import { currentRow } from "./guard";
import { canReview, findMember } from "./internal";

/**
 * Assigns the document's current stage to a team member who may review (403 otherwise); only while the document
 * is in review (409 otherwise). How long it has waited at the stage does not restart. A caller who is a reviewer
 * may assign only a document that is unassigned or assigned to them (take it, or hand it on); admins any.
 */
export async function assignReviewer(ctx: ServiceContext, { parserId, documentId, input }: { parserId: string; documentId: string; input: { reviewerId: string } }): Promise<DocumentFull> {
  assertPermission(ctx, "reviews.write");
  const assigned = await ctx.db.transaction(async (tx) => {
    const { document } = await getDocumentInParser(tx, { access: ctx, parserId, documentId, forUpdate: true });
    const assignee = await findMember(tx, { teamId: ctx.teamId, userId: input.reviewerId });
    if (!assignee) throw forbidden(`reviewerId ${input.reviewerId} is not a member of this team`);
    if (!canReview(assignee.role)) throw forbidden(`${assignee.name} is a ${assignee.role} and cannot review documents`);
    const current = currentRow(document, await loadReviewRows(tx, document.id));
    if (ctx.role === "reviewer" && current.assigneeId !== null && current.assigneeId !== ctx.actor.userId) {
      throw forbidden("This document is assigned to someone else; a reviewer can only reassign documents assigned to them or to nobody");
    }
    await tx
      .update(documentReviewStages)
      .set({ assigneeId: assignee.id })
      .where(and(eq(documentReviewStages.documentId, document.id), eq(documentReviewStages.stageId, current.stageId)));
    const [updated] = await tx.update(documents).set({ assigneeId: assignee.id }).where(eq(documents.id, document.id)).returning();
    await recordAudit(tx, {
      ctx,
      action: "review.assign",
      resourceType: "document",
      resourceId: document.id,
      before: { stageId: current.stageId, assigneeId: current.assigneeId },
      after: { stageId: current.stageId, assigneeId: assignee.id },
    });
    return updated!;
  });
  return fullView(ctx.db, assigned);
}
