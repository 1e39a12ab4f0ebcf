import { describe, expect, it } from "vitest";
import { ValidationRuleSchema } from "@/lib/contracts/review-checks";
import { fieldUses, usesOf } from "./field-uses";

describe("fieldUses", () => {
  it("lists stage conditions, approval checks and splitting per field, case-insensitively", () => {
    const uses = fieldUses({
      stages: [{ name: "Large amounts", rules: [{ id: "r", type: "simple", field: "total", condition: "extracted_value", operator: "greater_than", value: "10000", name: "total greater than 10000", editable: true }] }],
      checks: { validationRules: [ValidationRuleSchema.parse({ kind: "sum_equals", terms: ["subtotal", "tax"], target: "Total" })] },
      partitionKey: "items.sku",
    });
    expect(usesOf(uses, "total")).toEqual(["the condition of review stage “Large amounts” (total greater than 10000)", "an approval check (subtotal + tax = Total)"]);
    expect(usesOf(uses, "items")).toEqual(["document splitting (the partition key)"]);
    expect(usesOf(uses, "vendor")).toEqual([]);
  });
});
