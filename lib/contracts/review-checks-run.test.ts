import { describe, expect, it } from "vitest";
import { ValidationRuleSchema, type ValidationRuleInput } from "./review-checks";
import { fieldsOfRule, renameFieldInRule, runApprovalChecks, type CheckableField } from "./review-checks-run";

const fields: CheckableField[] = [
  { name: "invoiceNumber", type: "text", required: true },
  { name: "currency", type: "text" },
  { name: "subtotal", type: "currency" },
  { name: "tax", type: "currency" },
  { name: "total", type: "currency", required: true },
  { name: "items", type: "table", columns: [{ name: "description", type: "text", required: true }, { name: "amount", type: "currency" }] },
];
const rules = (...inputs: ValidationRuleInput[]) => inputs.map((input) => ValidationRuleSchema.parse(input));
const good = { invoiceNumber: "INV-1", currency: "EUR", subtotal: 100, tax: 20, total: 120, items: [{ description: "A", amount: 60 }, { description: "B", amount: 40 }] };

describe("runApprovalChecks", () => {
  it("passes a document whose values hold together", () => {
    const all = rules(
      { kind: "sum_equals", terms: ["subtotal", "tax"], target: "total" },
      { kind: "sum_equals", terms: ["items.amount"], target: "subtotal" },
      { kind: "regex", field: "invoiceNumber", pattern: "^INV-\\d+$" },
      { kind: "range", field: "total", min: 0, max: 10_000 },
      { kind: "one_of", field: "currency", values: ["EUR", "USD"] },
    );
    expect(runApprovalChecks(fields, all, good)).toEqual([]);
  });

  it("lists empty required fields and required table cells", () => {
    const problems = runApprovalChecks(fields, [], { ...good, invoiceNumber: " ", total: null, items: [{ description: "", amount: 1 }] });
    expect(problems.map((problem) => problem.message)).toEqual([
      "invoiceNumber is required but empty",
      "total is required but empty",
      "items row 1: description is required but empty",
    ]);
  });

  it("lists values that do not fit their type", () => {
    expect(runApprovalChecks(fields, [], { ...good, tax: "twenty" })).toEqual([{ path: "tax", message: "tax: expected a number" }]);
  });

  it("passes the engine's figures on a parser whose fields are all text, stored as numbers or as text", () => {
    const textFields: CheckableField[] = [
      { name: "total", type: "text", required: true },
      { name: "subtotal", type: "text" },
      { name: "line_items", type: "table", columns: [{ name: "quantity", type: "text" }, { name: "amount", type: "text", required: true }] },
    ];
    const all = rules({ kind: "sum_equals", terms: ["line_items.amount"], target: "subtotal" }, { kind: "range", field: "total", min: 0 });
    const asNumbers = { total: 1234.5, subtotal: 1234.5, line_items: [{ quantity: 10, amount: 950 }, { quantity: 1, amount: 284.5 }] };
    const asText = { total: "1234.50", subtotal: "1234.50", line_items: [{ quantity: "10", amount: "950.00" }, { quantity: "1", amount: "284.50" }] };
    expect(runApprovalChecks(textFields, all, asNumbers)).toEqual([]);
    expect(runApprovalChecks(textFields, all, asText)).toEqual([]);
    expect(runApprovalChecks(textFields, all, { ...asText, subtotal: "1200.00" })[0]?.path).toBe("subtotal");
  });

  it("checks arithmetic within the tolerance", () => {
    const sums = rules({ kind: "sum_equals", terms: ["subtotal", "tax"], target: "total", tolerance: 0.05 });
    expect(runApprovalChecks(fields, sums, { ...good, total: 120.04 })).toEqual([]);
    expect(runApprovalChecks(fields, sums, { ...good, total: 121 })).toEqual([
      { path: "total", message: "subtotal + tax = 120, but total is 121 (a difference of 1)" },
    ]);
    const lines = rules({ kind: "sum_equals", terms: ["items.amount"], target: "subtotal" });
    expect(runApprovalChecks(fields, lines, { ...good, subtotal: 90 })[0]?.message).toBe("the items › amount values = 100, but subtotal is 90 (a difference of 10)");
  });

  it("leaves a sum with an empty part to the required check", () => {
    const sums = rules({ kind: "sum_equals", terms: ["subtotal", "tax"], target: "total" });
    expect(runApprovalChecks(fields, sums, { ...good, tax: null })).toEqual([]);
  });

  it("checks patterns, ranges and allowed values, with the rule's own message when it has one", () => {
    const all = rules(
      { kind: "regex", field: "invoiceNumber", pattern: "^INV-\\d+$" },
      { kind: "range", field: "total", max: 100, message: "Totals above 100 need a purchase order" },
      { kind: "one_of", field: "currency", values: ["USD"] },
      { kind: "required", field: "tax" },
    );
    const problems = runApprovalChecks(fields, all, { ...good, invoiceNumber: "X-1", tax: null });
    expect(problems.map((problem) => problem.message)).toEqual([
      "invoiceNumber “X-1” is not in the expected format",
      "Totals above 100 need a purchase order",
      "currency “EUR” is not one of: USD",
      "tax must be filled in",
    ]);
  });

  it("refuses a pattern that is no regular expression", () => {
    expect(ValidationRuleSchema.safeParse({ kind: "regex", field: "a", pattern: "(" }).success).toBe(false);
  });
});

describe("rules and field names", () => {
  it("names the fields a rule reads and follows a rename", () => {
    const [sum] = rules({ kind: "sum_equals", terms: ["items.amount", "tax"], target: "total" });
    expect(fieldsOfRule(sum!)).toEqual(["items", "tax", "total"]);
    expect(renameFieldInRule(sum!, "items", "lines")).toMatchObject({ terms: ["lines.amount", "tax"], target: "total" });
    const [regex] = rules({ kind: "regex", field: "invoiceNumber", pattern: "x" });
    expect(renameFieldInRule(regex!, "invoiceNumber", "number")).toMatchObject({ field: "number" });
  });
});
