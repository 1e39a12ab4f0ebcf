import { describe, expect, it } from "vitest";
import { z } from "zod";
import { allOperations } from "./index";
import { FILE_TYPE_LABELS } from "./file-types";
import { RULE_OPERATORS } from "./reviews";

/**
 * No message a person reads may carry zod's own wording, an enum's raw spelling or a MIME type: every contract
 * of every operation is fed wrong input of each kind, and every message it answers with is checked.
 */
const RAW = [
  /Invalid input/i,
  /expected \w+, received/i,
  /Invalid option/i,
  /Invalid (UUID|string|enum|email|url)/i,
  /Too (small|big)/i,
  /must be a UUID/i,
  /"\w+"\|"\w+"/, // zod's `"a"|"b"` lists
  ...Object.keys(FILE_TYPE_LABELS).map((mime) => new RegExp(mime.replace(/[.+/]/g, "\\$&"))),
  ...RULE_OPERATORS.filter((operator) => operator.includes("_")).map((operator) => new RegExp(`\\b${operator}\\b`)),
];

const WRONG_INPUTS: unknown[] = [
  {},
  { name: 5, id: "x", parserId: "nope", reviewerId: "ron", fields: "none", extra: true },
  { name: "", permissions: ["everything"], position: -1 },
  [],
  // Bulk decisions, list columns and search extras (issue 23, item 6).
  { action: "explode", documents: [{ documentId: "x", stageId: 3 }], reason: 7, listColumns: { "not-a-parser": [1] }, fields: [""], snippets: "yes" },
  { action: "reject", documents: [] },
  { action: "assign", documents: Array.from({ length: 101 }, () => ({ documentId: "00000000-0000-4000-8000-000000000000" })), listColumns: { "00000000-0000-4000-8000-000000000000": ["a", "b", "c", "d", "e", "f", "g"] } },
];

function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe("validation messages in plain words", () => {
  it("words zod's built-in checks plainly", () => {
    expect(messages(z.object({ name: z.string() }), {})).toEqual(["is required"]);
    expect(messages(z.object({ count: z.number() }), { count: "x" })).toEqual(["should be a number"]);
    expect(messages(z.enum(["mandatory", "conditional"]), "sometimes")).toEqual(["should be one of: mandatory, conditional"]);
    expect(messages(z.uuid(), "ron")[0]).toContain("is not a valid id");
    expect(messages(z.string().min(1), "")).toEqual(["cannot be empty"]);
    expect(messages(z.strictObject({}), { colour: 1 })).toEqual(['Unrecognized key: "colour" is not part of this request']);
  });

  it("answers wrong input to every operation without raw zod, enum or MIME strings", () => {
    const seen: string[] = [];
    for (const operation of allOperations) {
      for (const schema of [operation.body, operation.query, operation.params].filter(Boolean) as z.ZodType[]) {
        for (const input of WRONG_INPUTS) seen.push(...messages(schema, input).map((message) => `${operation.operationId}: ${message}`));
      }
    }
    expect(seen.length).toBeGreaterThan(50);
    const raw = seen.filter((message) => RAW.some((pattern) => pattern.test(message)));
    expect(raw).toEqual([]);
  });
});
