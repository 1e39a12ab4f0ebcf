import type { z } from "zod";
import { CreateReviewStageSchema, VALUELESS_OPERATORS, type CreateReviewStage, type ReviewStage, type SimpleRule } from "@/lib/contracts/reviews";
import { DEFAULT_STRAIGHT_THROUGH } from "@/lib/contracts/straight-through";

/**
 * The stage dialog's form: the contract's stage keys, every one present. Position is not here: the move
 * buttons change it. A conditional stage without rules would apply to every document, like a mandatory one,
 * so the form asks for a rule instead of saving something that reads differently from how it behaves.
 */
export const StageFormSchema = CreateReviewStageSchema.pick({ name: true, reviewerInstructions: true, reviewType: true, reviewerId: true, rules: true, straightThrough: true })
  .required()
  .superRefine((stage, ctx) => {
    if (stage.reviewType === "conditional" && stage.rules.length === 0) {
      ctx.addIssue({ code: "custom", path: ["rules"], message: "Add at least one rule, or make the stage mandatory." });
    }
  });
export type StageFormInput = z.input<typeof StageFormSchema>;
export type StageFormValues = z.output<typeof StageFormSchema>;

/** The form's top-level keys, for putting the API's issues on the right fields. */
export const STAGE_FORM_FIELDS = ["name", "reviewerInstructions", "reviewType", "reviewerId", "rules", "straightThrough"] as const;

export const EMPTY_RULE = { field: "", operator: "equals", value: "" } as const satisfies StageFormInput["rules"][number];

export function toStageForm(stage: ReviewStage | undefined, { defaultName }: { defaultName: string }): StageFormInput {
  if (!stage) return { name: defaultName, reviewerInstructions: "", reviewType: "mandatory", reviewerId: null, rules: [], straightThrough: { ...DEFAULT_STRAIGHT_THROUGH } };
  return {
    name: stage.name,
    reviewerInstructions: stage.reviewerInstructions ?? "",
    reviewType: stage.reviewType,
    reviewerId: stage.reviewer?.id ?? null,
    rules: stage.rules.map(({ id, field, operator, value }) => ({ id, field, operator, value })),
    straightThrough: { ...stage.straightThrough },
  };
}

/**
 * What the API gets. A mandatory stage sends no rules (what the list shows is what is stored); a rule keeps its
 * id, and its name only while field, operator and value are unchanged, so the API regenerates a name that no
 * longer describes the rule. Blank instructions are none.
 */
export function toStageRequest(values: StageFormValues, original?: ReviewStage): Required<Omit<CreateReviewStage, "position">> {
  const before = new Map<string, SimpleRule>((original?.rules ?? []).map((rule) => [rule.id, rule]));
  return {
    name: values.name,
    reviewerInstructions: values.reviewerInstructions?.trim() ? values.reviewerInstructions : null,
    reviewType: values.reviewType,
    reviewerId: values.reviewerId,
    straightThrough: values.straightThrough,
    rules:
      values.reviewType === "mandatory"
        ? []
        : values.rules.map((rule) => {
            const value = VALUELESS_OPERATORS.includes(rule.operator) ? "" : rule.value;
            const kept = rule.id ? before.get(rule.id) : undefined;
            const unchanged = kept && kept.field === rule.field && kept.operator === rule.operator && kept.value === value;
            return {
              ...(rule.id ? { id: rule.id } : {}),
              field: rule.field,
              operator: rule.operator,
              value,
              ...(kept ? { editable: kept.editable } : {}),
              ...(unchanged ? { name: kept.name } : {}),
            };
          }),
  };
}
