import { z } from "zod";
import { defineOperation, UuidSchema } from "./common";
import { DocumentStatusSchema } from "./documents";
import { DECISION_NOTE_MAX } from "./reviews";

/**
 * Decisions on several queue documents at once. Each document goes through exactly what its single decision
 * does (the same checks, assignee rule, stage guard, audit and webhooks); one that fails is reported with the
 * reason and left as it was, the others go ahead.
 */
export const BULK_REVIEW_ACTIONS = ["approve", "reject", "assign"] as const;
export type BulkReviewAction = (typeof BULK_REVIEW_ACTIONS)[number];
export const BULK_REVIEW_MAX = 100;

export const BulkReviewSchema = z
  .strictObject({
    action: z.enum(BULK_REVIEW_ACTIONS).describe("`approve` and `reject` act as the caller (who must be each stage's assignee); `assign` hands each current stage to `reviewerId`"),
    documents: z
      .array(
        z.strictObject({
          documentId: UuidSchema,
          stageId: UuidSchema.optional().describe("The stage the caller saw; a document that has moved on from it is not decided"),
        }),
      )
      .min(1, "Choose at least one document")
      .max(BULK_REVIEW_MAX, `At most ${BULK_REVIEW_MAX} documents at once`),
    reason: z.string().trim().max(DECISION_NOTE_MAX, `At most ${DECISION_NOTE_MAX} characters`).optional().describe("Reject: why (required)"),
    reviewerId: UuidSchema.optional().describe("Assign: the member who reviews (required)"),
  })
  .superRefine((body, ctx) => {
    if (body.action === "reject" && !body.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: "Say why these documents are rejected" });
    if (body.action === "assign" && !body.reviewerId) ctx.addIssue({ code: "custom", path: ["reviewerId"], message: "Choose whom to assign them to" });
  });
export type BulkReview = z.infer<typeof BulkReviewSchema>;

export const BulkReviewResultSchema = z
  .object({
    succeeded: z.int(),
    failed: z.int(),
    results: z.array(
      z.object({
        documentId: UuidSchema,
        ok: z.boolean(),
        status: DocumentStatusSchema.nullable().describe("The document's status after the decision; null when it failed"),
        message: z.string().nullable().describe("Why it was not done, in words a person reads"),
        issues: z.array(z.object({ path: z.string(), message: z.string() })).optional().describe("Approve: the checks the document fails"),
      }),
    ),
  })
  .meta({ id: "BulkReviewResult" });
export type BulkReviewResult = z.infer<typeof BulkReviewResultSchema>;

export const reviewBulkOperations = {
  decide: defineOperation({
    operationId: "bulkReviewDecision",
    method: "POST",
    path: "/review-queue/decisions",
    tag: "Reviews",
    summary: "Approve, reject or assign several documents",
    description:
      "Each document is decided as its single route would decide it: approve needs the caller to be the stage's assignee and the data to pass the parser's checks (no override here: a failing document is reported with its `issues`), reject needs a `reason`, assign a `reviewerId`. Answers 200 with one result per document, in order; a document of another team, or one the caller cannot see, is reported as not found.",
    permission: "reviews.write",
    body: BulkReviewSchema,
    response: BulkReviewResultSchema,
    errors: [400, 403],
  }),
};
