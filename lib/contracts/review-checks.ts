import { z } from "zod";
import { defineOperation, UuidSchema } from "./common";

/**
 * What a parser checks before a document may be approved, and the reasons its reviewers pick from when they
 * reject one. Rules name fields by path: `total` for a top-level field, `items.amount` for a table column (the
 * column's values summed, in arithmetic checks). Every rule may carry its own message, shown to reviewers as is.
 */
export const CHECK_KINDS = ["required", "regex", "range", "one_of", "sum_equals"] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

const FieldPathSchema = z
  .string()
  .trim()
  .min(1, "Choose a field")
  .max(201)
  .regex(/^[^.]+(\.[^.]+)?$/, "Name a field, or a table's column as table.column");

const common = {
  id: z.string().max(100).optional().describe("Kept when given; generated otherwise"),
  message: z.string().trim().max(300).optional().describe("What reviewers read when the check fails; a plain sentence is generated when omitted"),
};

export const ValidationRuleSchema = z
  .discriminatedUnion("kind", [
    z.strictObject({ ...common, kind: z.literal("required"), field: FieldPathSchema }),
    z.strictObject({
      ...common,
      kind: z.literal("regex"),
      field: FieldPathSchema,
      pattern: z
        .string()
        .min(1, "Enter a pattern")
        .max(500)
        .refine((pattern) => {
          try {
            new RegExp(pattern, "u");
            return true;
          } catch {
            return false;
          }
        }, "This pattern is not a valid regular expression"),
    }),
    z.strictObject({ ...common, kind: z.literal("range"), field: FieldPathSchema, min: z.number().optional(), max: z.number().optional() }),
    z.strictObject({ ...common, kind: z.literal("one_of"), field: FieldPathSchema, values: z.array(z.string().trim().min(1).max(200)).min(1, "List at least one value").max(200) }),
    z.strictObject({
      ...common,
      kind: z.literal("sum_equals"),
      terms: z.array(FieldPathSchema).min(1, "Add at least one value to sum").max(20).describe("Values added up; a table column sums its rows"),
      target: FieldPathSchema.describe("The value the sum must equal"),
      tolerance: z.number().min(0).max(1_000_000).default(0.01).describe("Largest difference still accepted (rounding)"),
    }),
  ])
  .meta({ id: "ValidationRule" });
export type ValidationRule = z.infer<typeof ValidationRuleSchema>;
export type ValidationRuleInput = z.input<typeof ValidationRuleSchema>;

export const REJECT_REASON_MAX = 200;
export const DEFAULT_REJECT_REASONS = ["Not a document of this kind", "Unreadable or incomplete", "Duplicate", "Wrong amounts"];

export const ReviewChecksSchema = z
  .object({
    validationRules: z.array(ValidationRuleSchema).describe("Checked, with required fields and value types, before approving"),
    rejectReasons: z.array(z.string()).describe("The reasons reviewers pick from when they reject (free text is always possible too)"),
  })
  .meta({ id: "ReviewChecks" });
export type ReviewChecks = z.infer<typeof ReviewChecksSchema>;

export const UpdateReviewChecksSchema = z.strictObject({
  validationRules: z.array(ValidationRuleSchema).max(100).optional(),
  rejectReasons: z.array(z.string().trim().min(1, "A reason cannot be empty").max(REJECT_REASON_MAX)).max(30).optional(),
});
export type UpdateReviewChecks = z.input<typeof UpdateReviewChecksSchema>;

/** One thing that blocks an approval: the value's path and a sentence for the reviewer. */
export const CheckProblemSchema = z.object({ path: z.string(), message: z.string() });
export type CheckProblem = z.infer<typeof CheckProblemSchema>;

const ParamsSchema = z.object({ parserId: UuidSchema });

export const reviewCheckOperations = {
  get: defineOperation({
    operationId: "getReviewChecks",
    method: "GET",
    path: "/parsers/{parserId}/review-checks",
    tag: "Reviews",
    summary: "Get the parser's approval checks and reject reasons",
    description:
      "Approving a document is refused (409, with `issues`) while a required field is empty, a value does not fit its field's type, or one of these rules fails.",
    permission: "reviews.read",
    params: ParamsSchema,
    response: ReviewChecksSchema,
    errors: [403, 404],
  }),
  update: defineOperation({
    operationId: "updateReviewChecks",
    method: "PATCH",
    path: "/parsers/{parserId}/review-checks",
    tag: "Reviews",
    summary: "Change the parser's approval checks and reject reasons",
    description: "Each key given replaces the stored list. Fields named by rules must exist (400 otherwise).",
    permission: "parsers.write",
    params: ParamsSchema,
    body: UpdateReviewChecksSchema,
    response: ReviewChecksSchema,
    errors: [400, 403, 404],
  }),
};
