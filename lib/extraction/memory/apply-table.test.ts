import { describe, expect, it } from "vitest";
import type { FieldDefinition, TableMetadata } from "../types";
import { applyTable } from "./apply-table";
import { learnTable } from "./learn-table";
import type { DocumentLayout, LayoutWord, TableEvidence } from "./types";

const TABLE: FieldDefinition = { name: "line_items", type: "table", columns: [{ name: "code", type: "text" }, { name: "description", type: "text" }, { name: "amount", type: "number" }] };
const EVIDENCE: TableEvidence = {
  page: 1,
  rowCount: 2,
  headerY: 0.3,
  // Taught on a credit note whose table had a letter's sentence above it, not a header.
  columns: [
    { name: "code", type: "text", x0: 0.1, x1: 0.16, header: ["reklamation"] },
    { name: "description", type: "text", x0: 0.2, x1: 0.45, header: ["gutgeschrieben"] },
    { name: "amount", type: "number", x0: 0.8, x1: 0.86, header: [] },
  ],
};

const word = (t: string, x: number, y: number): LayoutWord => ({ t, x, y, w: t.length * 0.008, h: 0.01, l: Math.round(y * 1000), b: 0 });
const cell = (x: number, y: number, w: number) => ({ confidence: 0.8, source: { page: 1, x, y, w, h: 0.01 } });

/** An invoice of the same layout: no header either; the engine read each row but one description. */
function invoice(codeX: number): { layout: DocumentLayout; metadata: TableMetadata } {
  const layout: DocumentLayout = { pages: [{ n: 1, words: [word("A1", codeX, 0.4), word("Pens", 0.2, 0.4), word("12.00", 0.8, 0.4), word("B2", codeX, 0.45), word("Kommissionierer", 0.2, 0.45), word("9.50", 0.8, 0.45)] }] };
  const metadata: TableMetadata = { confidence: 0.8, source: null, rows: [{ code: cell(codeX, 0.4, 0.016), description: cell(0.2, 0.4, 0.032), amount: cell(0.8, 0.4, 0.04) }, { code: cell(codeX, 0.45, 0.016), amount: cell(0.8, 0.45, 0.032) }] };
  return { layout, metadata };
}
const rows = [{ code: "A1", description: "Pens", amount: 12 }, { code: "B2", description: null, amount: 9.5 }];

describe("learnt tables without a header", () => {
  it("are recognised by the engine's cells standing in the taught columns, and fill the cells it left empty", () => {
    const { layout, metadata } = invoice(0.1);
    expect(applyTable(layout, TABLE, EVIDENCE, rows, metadata)?.rows[1]).toEqual({ code: "B2", description: "Kommissionierer", amount: 9.5 });
  });

  it("say nothing where the engine's cells stand elsewhere (another layout)", () => {
    const { layout, metadata } = invoice(0.6);
    const moved = { ...metadata, rows: metadata.rows.map((row) => ({ ...row, amount: cell(0.5, row.amount!.source!.y, 0.04) })) };
    expect(applyTable(layout, TABLE, EVIDENCE, rows, moved)).toBeNull();
  });
});

describe("values the reviewer filled in on every row that no row prints", () => {
  const WITH_QUANTITY: FieldDefinition = { ...TABLE, columns: [...TABLE.columns!, { name: "quantity", type: "number" }] };

  it("are learnt from two or more rows with one same value found on at most half of them", () => {
    const layout: DocumentLayout = { pages: [{ n: 1, words: [word("Privathaftpflicht", 0.12, 0.5), word("50,00", 0.5, 0.5), word("Hausrat", 0.12, 0.52), word("20,00", 0.5, 0.52)] }] };
    const taught = learnTable(layout, WITH_QUANTITY, [{ description: "Privathaftpflicht", quantity: 1, amount: 50 }, { description: "Hausrat", quantity: 1, amount: 20 }]);
    expect(taught?.constants).toEqual({ quantity: 1 });
    // One row shows no convention; a printed value is read from its band, not assumed.
    expect(learnTable(layout, WITH_QUANTITY, [{ description: "Privathaftpflicht", quantity: 1, amount: 50 }])?.constants).toBeUndefined();
  });

  it("fill the cells the engine left empty, on another layout of the sender too, and nothing it read", () => {
    const { layout, metadata } = invoice(0.6);
    const moved = { ...metadata, rows: metadata.rows.map((row) => ({ ...row, amount: cell(0.5, row.amount!.source!.y, 0.04) })) };
    const outcome = applyTable(layout, WITH_QUANTITY, { ...EVIDENCE, constants: { quantity: 1 } }, [{ ...rows[0]!, quantity: 3 }, rows[1]!], moved);
    expect(outcome?.rows.map((row) => row.quantity)).toEqual([3, 1]);
    expect(outcome?.rows[1]?.description).toBeNull();
    expect(outcome?.metadata.rows[1]?.quantity).toEqual({ confidence: 0.6, source: null });
  });
});
