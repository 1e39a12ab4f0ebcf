import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { DocumentFull } from "@/lib/contracts/documents";
import type { Field } from "@/lib/contracts/fields";
import type { ReviewDecision } from "@/lib/contracts/reviews";
import { documentReviewStages, documents } from "@/lib/db/schema";
import { AppError, conflict, forbidden } from "@/lib/services/errors";
import type { DbOrTx } from "@/lib/db/client";
import type { CheckProblem } from "@/lib/contracts/review-checks";
import { runApprovalChecks } from "@/lib/contracts/review-checks-run";
import { loadFieldRows } from "../fields/internal";
import { buildFieldTree } from "../fields/tree";
import type { ParserRow } from "../parsers/internal";
import type { DocumentRecord } from "../documents/to-document";
import { assertPermission, recordAudit, type ServiceContext } from "../context";
import { fullView, getDocumentInParser } from "../documents/internal";
import { loadReviewRows, setRowStatuses, type ReviewColumns } from "./flow";
import { actingReviewer, currentRow } from "./guard";
import { findMember } from "./internal";
import { emitDocumentEvent } from "../webhooks/emit";
import { teachFromDocument } from "../learning";
import { reevaluateAfter } from "./plan";
import { skipStraightThrough } from "./skip-straight-through";

/**
 * Two approvals of one stage sent together (a double click, two tabs, two servers) must not approve two stages,
 * even when the same person reviews the next one. `stageId` (the stage the caller saw) settles it exactly: a
 * document no longer at that stage is a 409. Without it, `receivedAt` (when the request arrived) catches what it
 * can: a stage the document reached after that instant cannot be the one the request was about, so also a 409.
 */
export type DecisionOptions = {
  receivedAt?: Date;
  stageId?: string;
  /** Reject: why (kept on the stage, in the audit and in the webhook's document). */
  reason?: string;
  /** Approve: an admin's reason for approving although the checks fail. */
  overrideReason?: string;
};

type Verdict = "approve" | "reject";
type DecisionInput = { parserId: string; documentId: string; reviewerId: string; verdict: Verdict; receivedAt: Date; stageId?: string; note?: string };

/** Which document, who decides (`input`), and the decision's options (when it arrived, which stage, a reason). */
type DecisionRequest = { parserId: string; documentId: string; input: ReviewDecision } & DecisionOptions;

export const approveReview = (ctx: ServiceContext, { parserId, documentId, input, ...options }: DecisionRequest) =>
  decide(ctx, {
    parserId,
    documentId,
    reviewerId: input.reviewerId,
    verdict: "approve",
    receivedAt: options.receivedAt ?? new Date(),
    stageId: options.stageId,
    note: options.overrideReason?.trim() || undefined,
  });

export const rejectReview = (ctx: ServiceContext, { parserId, documentId, input, ...options }: DecisionRequest) =>
  decide(ctx, {
    parserId,
    documentId,
    reviewerId: input.reviewerId,
    verdict: "reject",
    receivedAt: options.receivedAt ?? new Date(),
    stageId: options.stageId,
    note: options.reason?.trim() || undefined,
  });

/**
 * Approving needs the document's data to pass the parser's checks (required fields, value types, validation
 * rules): otherwise a 409 listing every problem. A team admin may approve anyway by giving a reason, which is
 * kept with the decision and in the audit.
 */
async function assertApprovable(
  tx: DbOrTx,
  { ctx, parser, tree, document, overrideReason }: { ctx: ServiceContext; parser: ParserRow; tree: Field[]; document: DocumentRecord; overrideReason: string | undefined },
): Promise<CheckProblem[]> {
  const problems = runApprovalChecks(tree, parser.validationRules, document.data);
  if (problems.length === 0) return [];
  if (overrideReason === undefined) {
    const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
    throw new AppError("CONFLICT", `This document cannot be approved yet: ${count} to fix first.`, {
      issues: problems.map((problem) => ({ path: problem.path, message: problem.message })),
    });
  }
  if (ctx.role !== "admin") throw forbidden("Only a team admin can approve a document whose checks fail");
  return problems;
}

/**
 * Approve: the current stage is approved; later stages are re-evaluated on the current data and the next
 * applicable one becomes current, assigned to its reviewer; after the last, the document is `approved`.
 * Reject: the current stage is rejected and the document `rejected`; later stages stay `pending`, never reached
 * (no `enteredAt`), until a reset rebuilds the review. The document's row is locked for the whole decision.
 */
async function decide(ctx: ServiceContext, input: DecisionInput): Promise<DocumentFull> {
  assertPermission(ctx, "reviews.write");
  const decided = await ctx.db.transaction(async (tx) => {
    const { parser, document } = await getDocumentInParser(tx, { access: ctx, parserId: input.parserId, documentId: input.documentId, forUpdate: true });
    const reviewer = await actingReviewer(tx, { ctx, reviewerId: input.reviewerId });
    const rows = await loadReviewRows(tx, document.id);
    const current = currentRow(document, rows);
    if ((input.stageId && input.stageId !== current.stageId) || (current.enteredAt && current.enteredAt > input.receivedAt)) {
      throw conflict("The review moved on: the stage this request was about has already been decided. Reload the document.");
    }
    if (current.assigneeId !== reviewer.id) {
      const assignee = current.assigneeId ? await findMember(tx, { teamId: ctx.teamId, userId: current.assigneeId }) : null;
      throw forbidden(
        assignee
          ? `Only the stage's assignee, ${assignee.name} (${assignee.email}), can ${input.verdict} it`
          : `The stage has no assignee; assign it to ${reviewer.name} first`,
      );
    }

    // Read once: the approval's checks and its teaching both need the parser's fields.
    const tree = input.verdict === "approve" ? buildFieldTree(await loadFieldRows(tx, parser.id)) : [];
    const overridden = input.verdict === "approve" ? await assertApprovable(tx, { ctx, parser, tree, document, overrideReason: input.note }) : [];

    const now = new Date();
    // Conditional on the row still waiting: with the lock this always holds, and without it only one could win.
    const [won] = await tx
      .update(documentReviewStages)
      .set(
        input.verdict === "approve"
          ? { status: "approved", approvedAt: now, decidedById: reviewer.id, note: overridden.length > 0 ? input.note : null }
          : { status: "rejected", rejectedAt: now, decidedById: reviewer.id, note: input.note ?? null },
      )
      .where(
        and(
          eq(documentReviewStages.documentId, document.id),
          eq(documentReviewStages.stageId, current.stageId),
          inArray(documentReviewStages.status, ["pending", "in_progress"]),
        ),
      )
      .returning({ stageId: documentReviewStages.stageId });
    if (!won) throw conflict("This stage was already decided by another request");

    let columns: ReviewColumns;
    if (input.verdict === "reject") {
      columns = { status: "rejected", reviewStatus: "rejected", currentStageId: null, assigneeId: null };
    } else {
      const { changes, nextStageId } = reevaluateAfter({ rows, position: current.position, data: document.data });
      await setRowStatuses(tx, { documentId: document.id, changes });
      const next = await skipStraightThrough(tx, { document: { ...document, teamId: ctx.teamId }, rows, nextStageId, changes });
      if (next) {
        await tx
          .update(documentReviewStages)
          .set({ status: "pending", enteredAt: now, assigneeId: next.reviewerId })
          .where(and(eq(documentReviewStages.documentId, document.id), eq(documentReviewStages.stageId, next.stageId)));
        columns = { status: "in_review", reviewStatus: "in_progress", currentStageId: next.stageId, assigneeId: next.reviewerId };
      } else {
        columns = { status: "approved", reviewStatus: "approved", currentStageId: null, assigneeId: null };
      }
    }
    const [updated] = await tx.update(documents).set(columns).where(eq(documents.id, document.id)).returning();
    await recordAudit(tx, {
      ctx,
      action: `review.${input.verdict}`,
      resourceType: "document",
      resourceId: document.id,
      before: { status: document.status, stageId: current.stageId, assigneeId: current.assigneeId },
      after: {
        status: columns.status,
        stageId: columns.currentStageId,
        assigneeId: columns.assigneeId,
        reviewerId: reviewer.id,
        decidedAt: now.toISOString(),
        ...(input.verdict === "reject" && input.note ? { reason: input.note } : {}),
        ...(overridden.length > 0 ? { overrideReason: input.note, overriddenProblems: overridden.map((problem) => problem.message) } : {}),
      },
    });
    // An approval confirms the document's values: it teaches the parser (the latest confirmation replaces the earlier).
    if (input.verdict === "approve") await teachFromDocument(tx, { document: updated!, taughtBy: "approval", fieldTree: tree });
    // Moving on to the next stage is no event of its own: approved means the last stage approved it.
    if (columns.status === "approved" || columns.status === "rejected") await emitDocumentEvent(tx, { document: updated!, type: `document.${columns.status}` });
    return updated!;
  });
  return fullView(ctx.db, decided);
}
