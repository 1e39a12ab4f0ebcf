import { describe, expect, it } from "vitest";
import { ruleMatches, ruleName, ruleValueProblem, stageApplies } from "./rules";

const data = { vendor: "ACME Supplies Ltd", total: 1234.56, count: "42", invoiceDate: "2024-03-15", note: "  ", tags: [], zero: 0, paid: false };
const match = (field: string, operator: string, value = "") => ruleMatches({ field, operator, value }, data);

describe("rule evaluation", () => {
  it("equals / not_equals: case-insensitive text, or numbers when both sides are numbers", () => {
    expect(match("vendor", "equals", "acme supplies ltd")).toBe(true);
    expect(match("vendor", "equals", " ACME SUPPLIES LTD ")).toBe(true);
    expect(match("vendor", "equals", "ACME")).toBe(false);
    expect(match("total", "equals", "1234.560")).toBe(true);
    expect(match("total", "equals", "1,234.56")).toBe(true);
    expect(match("count", "equals", "42.0")).toBe(true);
    expect(match("zero", "equals", "0")).toBe(true);
    expect(match("paid", "equals", "FALSE")).toBe(true);
    expect(match("vendor", "not_equals", "globex")).toBe(true);
    expect(match("total", "not_equals", "1234.56")).toBe(false);
  });

  it("treats a missing, null, blank or empty field as empty", () => {
    for (const field of ["missing", "note", "tags"]) {
      expect(match(field, "is_empty")).toBe(true);
      expect(match(field, "is_not_empty")).toBe(false);
      expect(match(field, "equals", "")).toBe(true);
      expect(match(field, "equals", "x")).toBe(false);
      expect(match(field, "not_equals", "x")).toBe(true);
      expect(match(field, "greater_than", "0")).toBe(false);
      expect(match(field, "less_than", "0")).toBe(false);
      expect(match(field, "contains", "a")).toBe(false);
    }
    expect(match("zero", "is_empty")).toBe(false);
    expect(match("paid", "is_not_empty")).toBe(true);
    expect(ruleMatches({ field: "x", operator: "is_empty", value: "" }, { x: null })).toBe(true);
  });

  it("contains: case-insensitive substring", () => {
    expect(match("vendor", "contains", "supplies")).toBe(true);
    expect(match("vendor", "contains", "GLOBEX")).toBe(false);
    expect(match("total", "contains", "234")).toBe(true);
  });

  it("greater_than / less_than on numbers and ISO dates, never on text", () => {
    expect(match("total", "greater_than", "1000")).toBe(true);
    expect(match("total", "greater_than", "1234.56")).toBe(false);
    expect(match("total", "less_than", "2000")).toBe(true);
    expect(match("count", "greater_than", "9")).toBe(true); // numerically, not as text ("42" < "9")
    expect(match("invoiceDate", "greater_than", "2024-01-01")).toBe(true);
    expect(match("invoiceDate", "less_than", "2024-03-15T12:00:00Z")).toBe(true);
    expect(match("invoiceDate", "less_than", "2023-12-31")).toBe(false);
    expect(match("vendor", "greater_than", "100")).toBe(false);
    expect(match("vendor", "less_than", "zzz")).toBe(false);
  });

  it("never matches an unknown operator, and does not read inherited properties", () => {
    expect(match("vendor", "matches_regex", ".*")).toBe(false);
    expect(ruleMatches({ field: "constructor", operator: "is_not_empty", value: "" }, {})).toBe(false);
  });
});

describe("stageApplies", () => {
  const rule = (field: string, operator: string, value = "") => ({ field, operator, value });
  it("applies mandatory stages always, conditional ones when every rule matches", () => {
    expect(stageApplies({ reviewType: "mandatory", rules: [] }, {})).toBe(true);
    expect(stageApplies({ reviewType: "mandatory", rules: [rule("total", "greater_than", "1e9")] }, data)).toBe(true);
    expect(stageApplies({ reviewType: "conditional", rules: [] }, data)).toBe(false);
    expect(stageApplies({ reviewType: "conditional", rules: [rule("total", "greater_than", "100"), rule("vendor", "contains", "acme")] }, data)).toBe(true);
    expect(stageApplies({ reviewType: "conditional", rules: [rule("total", "greater_than", "100"), rule("vendor", "contains", "globex")] }, data)).toBe(false);
  });
});

describe("rule names and values", () => {
  it("names a rule from its field, operator and value", () => {
    expect(ruleName({ field: "total", operator: "greater_than", value: "100" })).toBe("total greater than 100");
    expect(ruleName({ field: "vendor", operator: "is_empty", value: "ignored" })).toBe("vendor is empty");
    expect(ruleName({ field: "vendor", operator: "not_equals", value: "ACME" })).toBe("vendor not equals ACME");
  });

  it("refuses a comparison value that is neither a number nor a date", () => {
    expect(ruleValueProblem({ operator: "greater_than", value: "100" })).toBeNull();
    expect(ruleValueProblem({ operator: "less_than", value: "2024-03-15" })).toBeNull();
    expect(ruleValueProblem({ operator: "greater_than", value: "lots" })).toMatch(/numbers or dates \(such as 100 or 2024-03-15\)/);
    expect(ruleValueProblem({ operator: "equals", value: "lots" })).toBeNull();
  });
});
