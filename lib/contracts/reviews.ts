import { z } from "zod";
import { defineOperation, displayNameSchema, displayTextSchema, PageQuerySchema, PaginationSchema, TimestampSchema, UuidSchema } from "./common";
import { DocumentFullSchema, DocumentParamsSchema, DocumentStatusSchema, PersonSchema } from "./documents";
import { StraightThroughSchema } from "./straight-through";
import { ListValueSchema } from "./list-values";

/**
 * Review stages of a parser, the decisions on a document's current stage (approve, reject, reset, assign),
 * the parser's reviewers and the reviewer's queue across parsers. The flow is DESIGN §1.5.
 */
export const REVIEW_TYPES = ["mandatory", "conditional"] as const;
export type ReviewType = (typeof REVIEW_TYPES)[number];

/** Operators of a simple rule; each compares the field's extracted value with the rule's `value`. */
export const RULE_OPERATORS = ["equals", "not_equals", "contains", "is_empty", "is_not_empty", "greater_than", "less_than"] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];
/** Operators that ignore `value`. */
export const VALUELESS_OPERATORS: readonly RuleOperator[] = ["is_empty", "is_not_empty"];

export const RULE_OPERATOR_LABELS: Record<RuleOperator, string> = {
  equals: "equals",
  not_equals: "does not equal",
  contains: "contains",
  is_empty: "is empty",
  is_not_empty: "is not empty",
  greater_than: "is greater than",
  less_than: "is less than",
};

export const STAGE_INSTRUCTIONS_MAX = 500;

export const SimpleRuleSchema = z
  .object({
    id: z.string(),
    type: z.literal("simple"),
    field: z.string().describe("A field name of the parser (a top-level, non-table field)"),
    condition: z.literal("extracted_value"),
    operator: z.enum(RULE_OPERATORS),
    value: z.string(),
    name: z.string(),
    editable: z.boolean(),
  })
  .meta({ id: "ReviewStageRule" });
export type SimpleRule = z.infer<typeof SimpleRuleSchema>;

export const SimpleRuleRequestSchema = z
  .strictObject({
    id: z.string().max(100).optional().describe("Kept when given (to update a rule in place); generated otherwise"),
    type: z.literal("simple").default("simple").describe("Only simple rules are supported"),
    field: z.string().trim().min(1, "A rule needs a field").max(100).describe("A field name of the parser"),
    condition: z.literal("extracted_value").default("extracted_value"),
    operator: z
      .enum(RULE_OPERATORS)
      .default("equals")
      .describe(
        "`equals` / `not_equals` (case-insensitive text, or numbers), `contains` (case-insensitive), `is_empty`, `is_not_empty`, `greater_than` / `less_than` (numbers, or ISO dates)",
      ),
    value: z.string().max(500).default("").describe("Ignored by `is_empty` and `is_not_empty`"),
    name: displayTextSchema(200).optional().describe("A label for the rule; generated from field, operator and value when omitted"),
    editable: z.boolean().default(true),
  })
  .meta({ id: "ReviewStageRuleRequest" });
export type SimpleRuleRequest = z.input<typeof SimpleRuleRequestSchema>;

export const ReviewStageSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    reviewerInstructions: z.string().nullable(),
    position: z.int().min(1),
    reviewType: z.enum(REVIEW_TYPES),
    reviewer: PersonSchema.nullable(),
    rules: z.array(SimpleRuleSchema).describe("Conditional stages apply when every rule matches the extracted data"),
    straightThrough: StraightThroughSchema.describe("Skip the stage without a person when every required value is confident enough and every check passes"),
    activeDocumentCount: z.int().describe("Documents pending or in progress at this stage; while above 0 the stage cannot be deleted"),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  })
  .meta({ id: "ReviewStage" });
export type ReviewStage = z.infer<typeof ReviewStageSchema>;

const stageKeys = {
  name: displayNameSchema(100),
  reviewerInstructions: z.string().max(STAGE_INSTRUCTIONS_MAX, `At most ${STAGE_INSTRUCTIONS_MAX} characters`).nullable(),
  position: z.int().min(1).describe("1 is the first stage; other stages shift to keep positions contiguous"),
  reviewType: z.enum(REVIEW_TYPES).describe("`mandatory`: every document; `conditional`: documents whose data matches every rule"),
  reviewerId: UuidSchema.nullable().describe("A member of the team who reviews this stage; null leaves it unassigned"),
  rules: z.array(SimpleRuleRequestSchema).max(20),
  straightThrough: StraightThroughSchema,
};

export const CreateReviewStageSchema = z.strictObject({
  name: stageKeys.name.optional().describe("Defaults to `Stage N`"),
  reviewerInstructions: stageKeys.reviewerInstructions.optional(),
  position: stageKeys.position.optional().describe("Defaults to after the last stage"),
  reviewType: stageKeys.reviewType.optional().describe("Defaults to `mandatory`"),
  reviewerId: stageKeys.reviewerId.optional(),
  rules: stageKeys.rules.optional(),
  straightThrough: stageKeys.straightThrough.optional().describe("Defaults to off (`enabled: false`, `minConfidence: 0.95`)"),
});
export type CreateReviewStage = z.input<typeof CreateReviewStageSchema>;

export const UpdateReviewStageSchema = z.strictObject({
  name: stageKeys.name.optional(),
  reviewerInstructions: stageKeys.reviewerInstructions.optional(),
  position: stageKeys.position.optional(),
  reviewType: stageKeys.reviewType.optional(),
  reviewerId: stageKeys.reviewerId.optional(),
  rules: stageKeys.rules.optional(),
  straightThrough: stageKeys.straightThrough.optional(),
});
export type UpdateReviewStage = z.input<typeof UpdateReviewStageSchema>;

export const ReviewStagesParamsSchema = z.object({ parserId: UuidSchema });
export const ReviewStageParamsSchema = z.object({ parserId: UuidSchema, stageId: UuidSchema });

export const ReviewDecisionSchema = z.strictObject({
  reviewerId: UuidSchema.describe("The team member acting; must be the document's current assignee (reset: see the operation)"),
});
export type ReviewDecision = z.infer<typeof ReviewDecisionSchema>;

export const AssignReviewerSchema = z.strictObject({
  reviewerId: UuidSchema.describe("A member of the team who may review (admin or reviewer role)"),
});

export const ReviewersSchema = z.object({ data: z.array(PersonSchema) });

/** The reviewer's queue: documents waiting at a stage, oldest first, across every parser of the team. */
export const ReviewQueueQuerySchema = PageQuerySchema.extend({
  assignee: z
    .union([z.literal("me"), z.literal("any"), z.literal("unassigned"), UuidSchema])
    .default("me")
    .describe("`me` (default), `any`, `unassigned`, or a member's id"),
  parserId: UuidSchema.optional(),
  stageId: UuidSchema.optional(),
});
export type ReviewQueueQuery = z.infer<typeof ReviewQueueQuerySchema>;

export const ReviewQueueItemSchema = z
  .object({
    documentId: UuidSchema,
    name: z.string(),
    status: DocumentStatusSchema,
    pageCount: z.int(),
    parser: z.object({ id: UuidSchema, name: z.string() }),
    stage: z.object({ id: z.string(), name: z.string(), position: z.int(), stageCount: z.int().describe("Stages of this document's review") }),
    assignee: PersonSchema.nullable(),
    enteredStageAt: TimestampSchema.describe("When the document reached its current stage"),
    waitingSeconds: z.int().describe("How long it has waited at its current stage"),
    values: z.array(ListValueSchema).describe("The extracted values the caller chose as list columns for this document's parser (preferences `listColumns`), in that order; when none are chosen, the parser's first required values (at most three; its first two values when none is required)"),
  })
  .meta({ id: "ReviewQueueItem" });
export type ReviewQueueItem = z.infer<typeof ReviewQueueItemSchema>;

export const ReviewQueueSchema = z.object({
  data: z.array(ReviewQueueItemSchema),
  pagination: PaginationSchema,
  stages: z
    .array(z.object({ stageId: z.string(), stageName: z.string(), parserId: UuidSchema, parserName: z.string(), count: z.int(), oldestEnteredAt: TimestampSchema }))
    .describe("Every stage with waiting documents under the same assignee and parser filters (not the stage filter), for a by-stage view"),
});
export type ReviewQueue = z.infer<typeof ReviewQueueSchema>;

/**
 * Optional on approve and reject (an addition to the spec's body-only request, hence a query parameter): the stage
 * the caller looked at. When the document has moved on from it, the decision is a 409 instead of deciding the next
 * stage, so a double click, a retry or two tabs never approve two stages with one intent.
 */
export const ReviewDecisionQuerySchema = z.object({
  stageId: UuidSchema.optional().describe(
    "The stage being decided (the document's `review.currentStage.id` as the caller saw it). If the document is no longer at that stage: 409",
  ),
});
export type ReviewDecisionQuery = z.infer<typeof ReviewDecisionQuerySchema>;

export const DECISION_NOTE_MAX = 500;

/** Approve's query: the stage, and an admin's reason to approve although the parser's checks fail. */
export const ApproveQuerySchema = ReviewDecisionQuerySchema.extend({
  overrideReason: z
    .string()
    .trim()
    .min(1, "Give a reason for approving despite the failed checks")
    .max(DECISION_NOTE_MAX, `At most ${DECISION_NOTE_MAX} characters`)
    .optional()
    .describe("Team admins only: approve although the checks fail (required fields, value types, validation rules), for this reason; kept in the audit and on the stage's `note`"),
});

/** Reject's query: the stage, and why (kept on the stage's `note`, in the audit and in the webhook's document). */
export const RejectQuerySchema = ReviewDecisionQuerySchema.extend({
  reason: z.string().trim().max(DECISION_NOTE_MAX, `At most ${DECISION_NOTE_MAX} characters`).optional().describe("Why the document is rejected"),
});

/** How long after a decision its maker may still undo it (the console offers it from the decision's toast). */
export const UNDO_WINDOW_SECONDS = 60;

const decisionOperation = (operationId: string, action: "approve" | "reject" | "reset" | "undo", summary: string, description: string, errors: number[]) => ({
  operationId,
  method: "POST" as const,
  path: `/parsers/{parserId}/documents/{documentId}/review/${action}`,
  tag: "Reviews",
  summary,
  description,
  permission: "reviews.write" as const,
  params: DocumentParamsSchema,
  body: ReviewDecisionSchema,
  response: DocumentFullSchema,
  errors,
});


export const reviewOperations = {
  listStages: defineOperation({
    operationId: "listReviewStages",
    method: "GET",
    path: "/parsers/{parserId}/review-stages",
    tag: "Reviews",
    summary: "List review stages",
    description: "The parser's stages in order (position 1 first).",
    permission: "reviews.read",
    params: ReviewStagesParamsSchema,
    response: z.object({ data: z.array(ReviewStageSchema) }),
    errors: [403, 404],
  }),
  createStage: defineOperation({
    operationId: "createReviewStage",
    method: "POST",
    path: "/parsers/{parserId}/review-stages",
    tag: "Reviews",
    summary: "Create a review stage",
    description:
      "All keys optional. Rules are simple rules only (`condition: extracted_value`) over the parser's field names. A reviewer who is not a member of the team is a 400. The new stage applies to documents extracted from now on.",
    permission: "parsers.write",
    params: ReviewStagesParamsSchema,
    body: CreateReviewStageSchema,
    response: ReviewStageSchema,
    successStatus: 201,
    errors: [400, 403, 404],
  }),
  getStage: defineOperation({
    operationId: "getReviewStage",
    method: "GET",
    path: "/parsers/{parserId}/review-stages/{stageId}",
    tag: "Reviews",
    summary: "Get a review stage",
    permission: "reviews.read",
    params: ReviewStageParamsSchema,
    response: ReviewStageSchema,
    errors: [403, 404],
  }),
  updateStage: defineOperation({
    operationId: "updateReviewStage",
    method: "PATCH",
    path: "/parsers/{parserId}/review-stages/{stageId}",
    tag: "Reviews",
    summary: "Update or move a review stage",
    description: "Same keys as create, all optional. Moving a stage shifts the others to keep positions contiguous.",
    permission: "parsers.write",
    params: ReviewStageParamsSchema,
    body: UpdateReviewStageSchema,
    response: ReviewStageSchema,
    errors: [400, 403, 404],
  }),
  deleteStage: defineOperation({
    operationId: "deleteReviewStage",
    method: "DELETE",
    path: "/parsers/{parserId}/review-stages/{stageId}",
    tag: "Reviews",
    summary: "Delete a review stage",
    description: "A stage with documents pending or in progress at it is a 409. Deleting affects future documents only: past decisions stay in their reviews.",
    permission: "parsers.write",
    params: ReviewStageParamsSchema,
    response: z.object({ success: z.boolean(), id: z.string() }),
    errors: [403, 404, 409],
  }),
  reviewers: defineOperation({
    operationId: "listReviewers",
    method: "GET",
    path: "/parsers/{parserId}/reviewers",
    tag: "Reviews",
    summary: "List reviewers",
    description: "Members of the team who may review the parser's documents (admins and reviewers), by name.",
    permission: "reviews.read",
    params: ReviewStagesParamsSchema,
    response: ReviewersSchema,
    errors: [403, 404],
  }),
  approve: defineOperation({
    ...decisionOperation(
      "approveReview",
      "approve",
      "Approve the current stage",
      "`reviewerId` must be the document's current assignee, else 403. Moves to the next applicable stage (conditional stages re-evaluated on the current data) or ends `approved`. Two concurrent approvals of the same stage: one wins, the other is a 409; send `?stageId=` to make that hold even when the same person reviews the next stage. A document whose data fails the parser's checks (a required field empty, a value not of its field's type, a validation rule) is a 409 with every problem in `issues`; a team admin may approve it anyway with `?overrideReason=`.",
      [400, 403, 404, 409],
    ),
    query: ApproveQuerySchema,
  }),
  reject: defineOperation({
    ...decisionOperation(
      "rejectReview",
      "reject",
      "Reject the current stage",
      "`reviewerId` must be the document's current assignee, else 403. Ends the review `rejected`. `?reason=` records why.",
      [400, 403, 404, 409],
    ),
    query: RejectQuerySchema,
  }),
  undo: defineOperation({
    ...decisionOperation(
      "undoReviewDecision",
      "undo",
      "Undo my last decision",
      `Within ${UNDO_WINDOW_SECONDS} seconds of approving or rejecting a stage, the person who decided it (\`reviewerId\`) may take the decision back: the stage waits for a decision again. Too late, someone else's decision, or a later stage already decided: 409.`,
      [403, 404, 409],
    ),
  }),
  reset: defineOperation(
    decisionOperation(
      "resetReview",
      "reset",
      "Reset to review",
      "Only an `approved` or `rejected` document (else 409). `reviewerId` must be a team admin or a reviewer assigned to one of the document's stages, else 403. Review starts again at the first applicable stage.",
      [403, 404, 409],
    ),
  ),
  assign: defineOperation({
    operationId: "assignReviewer",
    method: "POST",
    path: "/parsers/{parserId}/documents/{documentId}/review/assign",
    tag: "Reviews",
    summary: "Assign the current stage to a reviewer",
    description: "`reviewerId` must be a team member who may review (403 otherwise). A document not in review is a 409.",
    permission: "reviews.write",
    params: DocumentParamsSchema,
    body: AssignReviewerSchema,
    response: DocumentFullSchema,
    errors: [403, 404, 409],
  }),
  queue: defineOperation({
    operationId: "getReviewQueue",
    method: "GET",
    path: "/review-queue",
    tag: "Reviews",
    summary: "The review queue",
    description:
      "Documents waiting at a review stage across the team's parsers, oldest first by when they reached their stage, with how long each has waited. `assignee=me` needs a signed-in user or a key (the key's creator).",
    permission: "reviews.read",
    query: ReviewQueueQuerySchema,
    response: ReviewQueueSchema,
  }),
};
