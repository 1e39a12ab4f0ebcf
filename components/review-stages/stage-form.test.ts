import { describe, expect, it } from "vitest";
import type { ReviewStage } from "@/lib/contracts/reviews";
import { StageFormSchema, toStageForm, toStageRequest } from "./stage-form";

const reviewerId = "5a0f7a52-9d2e-4c43-8a3c-2f0d8c6f1e21";
const stage: ReviewStage = {
  id: "9b1d2f3e-1111-4a7e-9a53-5f3a3f1b2c11",
  name: "Large amounts",
  reviewerInstructions: null,
  position: 2,
  reviewType: "conditional",
  reviewer: { id: reviewerId, name: "Grace Hopper", email: "grace@initech.test" },
  rules: [{ id: "rule-1", type: "simple", field: "total", condition: "extracted_value", operator: "greater_than", value: "1000", name: "Total over 1000", editable: true }],
  straightThrough: { enabled: false, minConfidence: 0.95 },
  activeDocumentCount: 0,
  createdAt: "2026-03-04T10:00:00.000Z",
  updatedAt: "2026-03-04T10:00:00.000Z",
};

const parse = (input: unknown) => StageFormSchema.parse(input);

describe("toStageForm", () => {
  it("starts a new stage mandatory, unassigned, with the suggested name", () => {
    expect(toStageForm(undefined, { defaultName: "Stage 3" })).toEqual({ name: "Stage 3", reviewerInstructions: "", reviewType: "mandatory", reviewerId: null, rules: [], straightThrough: { enabled: false, minConfidence: 0.95 } });
  });
  it("loads a stage's reviewer and rules", () => {
    expect(toStageForm(stage, { defaultName: "x" })).toMatchObject({ reviewerId, reviewerInstructions: "", rules: [{ id: "rule-1", field: "total", operator: "greater_than", value: "1000" }] });
  });
});

describe("StageFormSchema", () => {
  it("asks a conditional stage for a rule", () => {
    const result = StageFormSchema.safeParse({ ...toStageForm(stage, { defaultName: "x" }), rules: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["rules"]);
  });
  it("holds instructions to 500 characters", () => {
    expect(StageFormSchema.safeParse({ ...toStageForm(undefined, { defaultName: "x" }), reviewerInstructions: "a".repeat(501) }).success).toBe(false);
    expect(StageFormSchema.safeParse({ ...toStageForm(undefined, { defaultName: "x" }), reviewerInstructions: "a".repeat(500) }).success).toBe(true);
  });
});

describe("toStageRequest", () => {
  it("keeps an unchanged rule's id and name", () => {
    const request = toStageRequest(parse(toStageForm(stage, { defaultName: "x" })), stage);
    expect(request.rules).toEqual([{ id: "rule-1", field: "total", operator: "greater_than", value: "1000", editable: true, name: "Total over 1000" }]);
    expect(request.reviewerInstructions).toBeNull();
    expect(request.reviewerId).toBe(reviewerId);
  });
  it("lets the API rename a changed rule", () => {
    const form = toStageForm(stage, { defaultName: "x" });
    const request = toStageRequest(parse({ ...form, rules: [{ ...form.rules[0], value: "5000" }] }), stage);
    expect(request.rules[0]).toEqual({ id: "rule-1", field: "total", operator: "greater_than", value: "5000", editable: true });
  });
  it("clears the value of operators that ignore it, and the rules of a mandatory stage", () => {
    const conditional = toStageRequest(parse({ ...toStageForm(undefined, { defaultName: "x" }), reviewType: "conditional", rules: [{ field: "poNumber", operator: "is_empty", value: "stale" }] }));
    expect(conditional.rules).toEqual([{ field: "poNumber", operator: "is_empty", value: "" }]);
    const mandatory = toStageRequest(parse({ ...toStageForm(stage, { defaultName: "x" }), reviewType: "mandatory" }), stage);
    expect(mandatory.rules).toEqual([]);
  });
  it("keeps instructions as written and treats blank ones as none", () => {
    expect(toStageRequest(parse({ ...toStageForm(undefined, { defaultName: "x" }), reviewerInstructions: "  Check the VAT.\n" })).reviewerInstructions).toBe("  Check the VAT.\n");
    expect(toStageRequest(parse({ ...toStageForm(undefined, { defaultName: "x" }), reviewerInstructions: "   " })).reviewerInstructions).toBeNull();
  });
});
