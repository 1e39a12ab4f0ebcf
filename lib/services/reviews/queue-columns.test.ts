import { describe, expect, it } from "vitest";
import { defaultQueueColumns } from "./queue-columns";

const field = (name: string, position: number, options: { required?: boolean; type?: string; parentId?: string } = {}) => ({
  name,
  position,
  type: options.type ?? "text",
  required: options.required ?? false,
  parentId: options.parentId ?? null,
});

describe("the queue's default columns", () => {
  it("are the parser's first required values, in field order, at most three", () => {
    const fields = [field("total", 4, { required: true }), field("vendor", 1), field("poNumber", 2, { required: true }), field("date", 3, { required: true }), field("iban", 5, { required: true })];
    expect(defaultQueueColumns(fields)).toEqual(["poNumber", "date", "total"]);
  });

  it("are its first two values when none is required, never a table or a column", () => {
    const fields = [field("items", 0, { type: "table", required: true }), field("sku", 0, { parentId: "items", required: true }), field("vendor", 1), field("total", 2), field("date", 3)];
    expect(defaultQueueColumns(fields)).toEqual(["vendor", "total"]);
  });
});
