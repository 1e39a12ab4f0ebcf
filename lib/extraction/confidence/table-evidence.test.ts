import { describe, expect, it } from "vitest";
import type { FieldDefinition, TableMetadata } from "../types";
import { supportGroup } from "./support";
import { fillTableEvidence } from "./table-evidence";

const ITEMS: FieldDefinition = {
  name: "line_items",
  type: "table",
  columns: [
    { name: "description", type: "text" },
    { name: "quantity", type: "number" },
    { name: "amount", type: "number" },
  ],
};

const box = (y: number, h: number) => ({ page: 1, x: 0.1, y, w: 0.2, h });
const cell = (y: number, h: number, raw: string) => ({ confidence: 0.75, source: box(y, h), raw, evidence: { strategy: "table-header", score: 0.75 } });

describe("table cell evidence", () => {
  it("marks a text cell taller than its row's numbers as wrapped, and keeps it in a group of its own", () => {
    const rows = [
      { description: "Olive Oil delivered in a re-usable glass container", quantity: 2, amount: 20 },
      { description: "Bread", quantity: 1, amount: 3 },
    ];
    const meta: TableMetadata = {
      confidence: 0.75,
      source: null,
      rows: [
        { description: cell(0.3, 0.028, "Olive Oil delivered in a re-usable glass container"), quantity: cell(0.3, 0.012, "2"), amount: cell(0.3, 0.012, "20.00") },
        { description: cell(0.35, 0.012, "Bread"), quantity: cell(0.35, 0.012, "1"), amount: cell(0.35, 0.012, "3.00") },
      ],
    };
    fillTableEvidence(ITEMS, rows, meta, [23]);
    const wrapped = meta.rows[0]!.description!.evidence!;
    const oneLine = meta.rows[1]!.description!.evidence!;
    expect(wrapped).toMatchObject({ kind: "cell-text", wrapped: true, agreement: 1 });
    expect(oneLine).toMatchObject({ kind: "cell-text", wrapped: false });
    // Numbers never carry it: they do not wrap.
    expect(meta.rows[0]!.amount!.evidence!.wrapped).toBeUndefined();
    expect(supportGroup(wrapped)).toBe("table-header|cell-text+wrapped|text");
    expect(supportGroup(oneLine)).toBe("table-header|cell-text|text");
    // The amounts add up to the 23 the document reads: that vouches for the numbers, not for a description's words.
    expect(supportGroup(meta.rows[0]!.amount!.evidence!)).toBe("table-header|cell-number+checked|text");
  });
});
