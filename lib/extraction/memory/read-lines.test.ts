import { describe, expect, it } from "vitest";
import { MemoryExportSchema } from "@/lib/contracts/learning";
import type { FieldDefinition } from "../types";
import { applyMemory } from "./apply";
import { fingerprintOf } from "./fingerprint";
import { teachExample } from "./teach";
import type { DocumentLayout, LayoutWord, MemoryExample } from "./types";

/** A receipt's header as OCR cuts it: every centred line a block of its own, one under the other. */
function receipt(lines: string[], top = 0.1): DocumentLayout {
  const words: LayoutWord[] = [];
  lines.forEach((line, index) => {
    let x = 0.5 - line.length * 0.004;
    for (const text of line.split(" ")) {
      const w = text.length * 0.008;
      words.push({ t: text, x, y: top + index * 0.02, w, h: 0.012, l: index, b: index });
      x += w + 0.006;
    }
  });
  return { pages: [{ n: 1, words }] };
}

const FIELDS: FieldDefinition[] = [
  { name: "vendor_name", type: "text" },
  { name: "vendor_address", type: "address" },
];
const HEADER = ["99 SPEED MART S/B", "LOT P.T. 2811, JALAN ANGSA,", "TAMAN BERKELEY", "41150 KLANG, SELANGOR"];
const ADDRESS = "LOT P.T. 2811, JALAN ANGSA, TAMAN BERKELEY 41150 KLANG, SELANGOR";

function taughtOn(layout: DocumentLayout, address: string): MemoryExample {
  const data = { vendor_name: "99 SPEED MART S/B", vendor_address: address };
  return { id: "ex-1", documentId: "doc-1", taughtAt: "2026-01-01T00:00:00.000Z", fingerprint: fingerprintOf(layout, data.vendor_name), evidence: teachExample({ layout, fields: FIELDS, data, fieldMetadata: {} }) };
}

describe("multi-line values", () => {
  it("are taught across lines that OCR put in blocks of their own, cut where the print breaks lines", () => {
    const example = taughtOn(receipt([...HEADER, "1225-DENGKIL", "GST ID NO : 000181747712"]), `${ADDRESS} 1225-DENGKIL`);
    const evidence = example.evidence.fields.vendor_address!;
    expect(evidence.lines).toBe(4);
    expect(evidence.lineTexts).toEqual(["LOT P.T. 2811, JALAN ANGSA,", "TAMAN BERKELEY", "41150 KLANG, SELANGOR", "1225-DENGKIL"]);
  });

  it("keep the taught lines as confirmed and read the one line that differs as printed (a chain store's branch)", () => {
    const example = taughtOn(receipt([...HEADER, "1225-DENGKIL", "GST ID NO : 000181747712"]), `${ADDRESS} 1225-DENGKIL`);
    // Another branch, lower on the page, with an OCR slip in the first line.
    const later = receipt(["99 SPEED MART S/B", "LOT P.T. 2B11, JALAN ANGSA", "TAMAN BERKELEY", "41150 KLANG, SELANGOR", "1237-TMN INDAH PERDANA", "GST ID NO : 000181747712"], 0.2);
    const outcome = applyMemory({ layout: later, fields: FIELDS, data: { vendor_name: null, vendor_address: "LOT P.T. 2B11, JALAN ANGSA" }, fieldMetadata: {}, matches: [{ example, similarity: 0.9 }] });
    expect(outcome.data.vendor_address).toBe(`${ADDRESS} 1237-TMN INDAH PERDANA`);
  });

  it("are not read line by line where most taught lines are not printed (another store's address)", () => {
    const example = taughtOn(receipt([...HEADER, "1225-DENGKIL", "GST ID NO : 000181747712"]), `${ADDRESS} 1225-DENGKIL`);
    const other = receipt(["99 SPEED MART S/B", "LOT P.T. 33198, BATU 4", "JALAN KAPAR, MUKIM KAPAR", "42100 KLANG, SELANGOR", "1558-TMN PUSAT KEPONG", "GST ID NO : 000181747712"]);
    const outcome = applyMemory({ layout: other, fields: FIELDS, data: { vendor_name: null, vendor_address: null }, fieldMetadata: {}, matches: [{ example, similarity: 0.9 }] });
    // Read below the taught label instead: the whole four lines as printed, none of the taught ones.
    expect(outcome.data.vendor_address).toBe("LOT P.T. 33198, BATU 4 JALAN KAPAR, MUKIM KAPAR 42100 KLANG, SELANGOR 1558-TMN PUSAT KEPONG");
  });

  it("leave the engine's reading of a branch line the taught receipt did not print, though its reviewer cut the taught one", () => {
    // Taught without the branch line its receipt printed ("1132-PJ SS6"); the next receipt prints another branch.
    const example = taughtOn(receipt([...HEADER, "1132-PJ SS6", "GST ID NO : 000181747712"]), ADDRESS);
    const later = receipt([...HEADER, "1237-TMN INDAH PERDANA", "GST ID NO : 000181747712"], 0.2);
    const engineValue = `${ADDRESS} 1237-TMN INDAH PERDANA`;
    const outcome = applyMemory({ layout: later, fields: FIELDS, data: { vendor_name: null, vendor_address: engineValue }, fieldMetadata: {}, matches: [{ example, similarity: 0.9 }] });
    expect(outcome.data.vendor_address).toBe(engineValue);
    expect(outcome.applied).not.toContain("vendor_address");
  });

  it("cut again a line the taught receipt printed and its reviewer cut", () => {
    const example = taughtOn(receipt([...HEADER, "POSTED AT KLANG", "GST ID NO : 000181747712"]), ADDRESS);
    const later = receipt([...HEADER, "POSTED AT KLANG", "GST ID NO : 000181747712"], 0.2);
    const outcome = applyMemory({ layout: later, fields: FIELDS, data: { vendor_name: null, vendor_address: `${ADDRESS} POSTED AT KLANG` }, fieldMetadata: {}, matches: [{ example, similarity: 0.9 }] });
    expect(outcome.data.vendor_address).toBe(ADDRESS);
  });

  it("survive export and import with the rest of the evidence", () => {
    const example = taughtOn(receipt([...HEADER, "1225-DENGKIL"]), `${ADDRESS} 1225-DENGKIL`);
    // A learnt table keeps where each cell sits from its row's reference cell (`dy`, `reference`) too, and the
    // values reviewers filled in on every row that no row prints (`constants`).
    const tables = { line_items: { page: 1, columns: [{ name: "amount", type: "number" as const, x0: 0.7, x1: 0.8, header: ["amount"], dy: 0 }], rowCount: 2, headerY: 0.3, reference: "amount", constants: { quantity: 1 }, footer: { words: ["gesamtbeitrag"], figureRight: 0.8 } } };
    const parsed = MemoryExportSchema.parse({ format: "quarry-parser-memory", version: 1, exportedAt: "2026-01-01T00:00:00.000Z", examples: [{ taughtBy: "correction", taughtAt: example.taughtAt, fingerprint: example.fingerprint, evidence: { ...example.evidence, tables } }] });
    expect(parsed.examples[0]!.evidence.fields.vendor_address!.lineTexts).toHaveLength(4);
    expect(parsed.examples[0]!.evidence.tables.line_items).toMatchObject({ reference: "amount", columns: [{ dy: 0 }], constants: { quantity: 1 }, footer: { words: ["gesamtbeitrag"], figureRight: 0.8 } });
    // Which printing of a label printed more than once (`rank`) is kept too.
    const ranked = { ...example.evidence.fields.vendor_address!, anchor: { words: ["Name:"], page: 1, box: { x: 0.1, y: 0.3, w: 0.05, h: 0.01 }, side: "right" as const, dx: 0.4, dy: 0, rank: 1 } };
    const withRank = MemoryExportSchema.parse({ format: "quarry-parser-memory", version: 1, exportedAt: "2026-01-01T00:00:00.000Z", examples: [{ taughtBy: "correction", taughtAt: example.taughtAt, fingerprint: example.fingerprint, evidence: { fields: { vendor_address: ranked }, tables: {} } }] });
    expect(withRank.examples[0]!.evidence.fields.vendor_address!.anchor!.rank).toBe(1);
  });
});
