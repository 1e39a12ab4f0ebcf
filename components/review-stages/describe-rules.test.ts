import { describe, expect, it } from "vitest";
import { describeRule, describeRules } from "./describe-rules";

describe("describeRule", () => {
  it("leaves numbers bare and quotes text", () => {
    expect(describeRule({ field: "total", operator: "greater_than", value: "1000" })).toBe("total is greater than 1000");
    expect(describeRule({ field: "vendor", operator: "contains", value: "ACME Corp" })).toBe("vendor contains “ACME Corp”");
    expect(describeRule({ field: "vendor", operator: "equals", value: "" })).toBe("vendor equals “”");
  });
  it("drops the value of operators that ignore it", () => {
    expect(describeRule({ field: "poNumber", operator: "is_empty", value: "ignored" })).toBe("poNumber is empty");
    expect(describeRule({ field: "poNumber", operator: "is_not_empty", value: "" })).toBe("poNumber is not empty");
  });
});

describe("describeRules", () => {
  it("joins rules with and, since every one must match", () => {
    expect(
      describeRules([
        { field: "total", operator: "greater_than", value: "1000" },
        { field: "currency", operator: "not_equals", value: "EUR" },
      ]),
    ).toBe("total is greater than 1000 and currency does not equal “EUR”");
    expect(describeRules([])).toBe("");
  });
});
