import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { BulkReview, BulkReviewResult } from "@/lib/contracts/review-bulk";
import type { DocumentFull } from "@/lib/contracts/documents";
import { documents } from "@/lib/db/schema";
import { AppError } from "@/lib/services/errors";
import { assertPermission, type ServiceContext } from "../context";
import { assignReviewer } from "./assign";
import { approveReview, rejectReview } from "./decide";

type Result = BulkReviewResult["results"][number];

/**
 * Several queue decisions, one document at a time through the single decision (its own transaction, checks,
 * audit and webhook), so a bulk decision can never do what the single one would refuse. A failure is kept with
 * its message and the next document goes ahead; unknown failures are not swallowed.
 */
export async function bulkReviewDecision(ctx: ServiceContext, { body, receivedAt = new Date() }: { body: BulkReview; receivedAt?: Date }): Promise<BulkReviewResult> {
  assertPermission(ctx, "reviews.write");
  const ids = [...new Set(body.documents.map((item) => item.documentId))];
  const owned = await ctx.db
    .select({ id: documents.id, parserId: documents.parserId })
    .from(documents)
    .where(and(eq(documents.teamId, ctx.teamId), inArray(documents.id, ids), isNull(documents.deletedAt)));
  const parserOf = new Map(owned.map((row) => [row.id, row.parserId]));

  const results: Result[] = [];
  for (const item of body.documents) {
    const parserId = parserOf.get(item.documentId);
    if (!parserId) {
      results.push({ documentId: item.documentId, ok: false, status: null, message: "Document not found" });
      continue;
    }
    try {
      const decided = await decideOne(ctx, { body, target: { parserId, documentId: item.documentId, stageId: item.stageId, receivedAt } });
      results.push({ documentId: item.documentId, ok: true, status: decided.status, message: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ documentId: item.documentId, ok: false, status: null, message: error.message, ...(error.extra.issues ? { issues: error.extra.issues } : {}) });
    }
  }
  const succeeded = results.filter((result) => result.ok).length;
  return { succeeded, failed: results.length - succeeded, results };
}

function decideOne(
  ctx: ServiceContext,
  { body, target }: { body: BulkReview; target: { parserId: string; documentId: string; stageId?: string; receivedAt: Date } },
): Promise<DocumentFull> {
  const me = { reviewerId: ctx.actor.userId };
  const options = { receivedAt: target.receivedAt, stageId: target.stageId };
  switch (body.action) {
    case "approve":
      return approveReview(ctx, { parserId: target.parserId, documentId: target.documentId, input: me, ...options });
    case "reject":
      return rejectReview(ctx, { parserId: target.parserId, documentId: target.documentId, input: me, ...options, reason: body.reason });
    case "assign":
      return assignReviewer(ctx, { parserId: target.parserId, documentId: target.documentId, input: { reviewerId: body.reviewerId! } });
  }
}
