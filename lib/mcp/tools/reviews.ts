import "server-only";
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { DocumentFullSchema } from "@/lib/contracts/documents";
import { AssignReviewerSchema, ReviewDecisionQuerySchema } from "@/lib/contracts/reviews";
import { approveReview, assignReviewer, rejectReview, resetReview } from "@/lib/services/reviews";
import { described, DOCUMENT_ID, ids, PARSER_ID } from "../input";
import { addTool, type McpDeps } from "../tool";

/**
 * Review decisions as the connected user: the REST body's `reviewerId` is always the user the OAuth connection
 * belongs to, so an agent acts with its user's rights and never in another member's name.
 */
const documentInput = { parserId: ids.parserId, documentId: ids.documentId };
const documentDescriptions = { parserId: PARSER_ID, documentId: DOCUMENT_ID };
const STAGE_ID =
  "The stage being decided: the document's review.currentStage.id as you saw it (get_document). If the document has moved on from it, the decision is refused instead of deciding the next stage";

export function registerReviewTools(server: McpServer, deps: McpDeps): void {
  const decisionInput = z.strictObject(
    described({ ...documentInput, stageId: ReviewDecisionQuerySchema.shape.stageId }, { ...documentDescriptions, stageId: STAGE_ID }),
  );
  const receivedAt = () => new Date();

  addTool(server, deps, {
    name: "approve_document",
    title: "Approve a document's current review stage",
    description:
      "Approves the document's current review stage as you (you must be the stage's assignee). The document moves to the next applicable stage, or ends `approved` after the last. Answers with the full document.",
    input: decisionInput,
    output: DocumentFullSchema,
    permission: "reviews.write",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    run: ({ ctx, args }) => approveReview(ctx, { parserId: args.parserId, documentId: args.documentId, input: { reviewerId: ctx.actor.userId }, receivedAt: receivedAt(), stageId: args.stageId }),
  });

  addTool(server, deps, {
    name: "reject_document",
    title: "Reject a document",
    description: "Rejects the document's current review stage as you (you must be the stage's assignee); the document ends `rejected`. Answers with the full document.",
    input: decisionInput,
    output: DocumentFullSchema,
    permission: "reviews.write",
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false },
    run: ({ ctx, args }) => rejectReview(ctx, { parserId: args.parserId, documentId: args.documentId, input: { reviewerId: ctx.actor.userId }, receivedAt: receivedAt(), stageId: args.stageId }),
  });

  addTool(server, deps, {
    name: "reset_document",
    title: "Send a decided document back to review",
    description:
      "Resets an approved or rejected document to its first applicable review stage, as you (a team admin, or someone who was assigned or decided one of its stages). Answers with the full document.",
    input: z.strictObject(described(documentInput, documentDescriptions)),
    output: DocumentFullSchema,
    permission: "reviews.write",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    run: ({ ctx, args }) => resetReview(ctx, { parserId: args.parserId, documentId: args.documentId, input: { reviewerId: ctx.actor.userId } }),
  });

  addTool(server, deps, {
    name: "assign_reviewer",
    title: "Assign a document's current stage to a reviewer",
    description: "Assigns the document's current review stage to a team member who may review (admin or reviewer role); omit reviewerId to take it yourself. Answers with the full document.",
    input: z.strictObject(
      described(
        { ...documentInput, reviewerId: AssignReviewerSchema.shape.reviewerId.optional() },
        { ...documentDescriptions, reviewerId: "The member's user id; omitted: you, the connected user" },
      ),
    ),
    output: DocumentFullSchema,
    permission: "reviews.write",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    run: ({ ctx, args }) => assignReviewer(ctx, { parserId: args.parserId, documentId: args.documentId, input: { reviewerId: args.reviewerId ?? ctx.actor.userId } }),
  });
}
