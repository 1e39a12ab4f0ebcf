import { describe, expect, it } from "vitest";
import type { FieldDefinition } from "../types";
import { applyMemory } from "./apply";
import { degradedPrinting, faintScore } from "./degraded";
import { fingerprintOf } from "./fingerprint";
import { teachExample } from "./teach";
import type { DocumentLayout, LayoutWord, MemoryExample } from "./types";

/** A receipt's header as OCR cuts it: every centred line a block of its own, one under the other. */
function receipt(lines: string[]): DocumentLayout {
  const words: LayoutWord[] = [];
  lines.forEach((line, index) => {
    let x = 0.5 - line.length * 0.004;
    for (const text of line.split(" ")) {
      const w = text.length * 0.008;
      words.push({ t: text, x, y: 0.1 + index * 0.02, w, h: 0.012, l: index, b: index });
      x += w + 0.006;
    }
  });
  return { pages: [{ n: 1, words }] };
}

const NAME = "KEDAI RUNCIT PUTRA SDN BHD";
const ADDRESS = "12, JALAN MERANTI 7/4,KAWASAN PERINDUSTRIAN MERANTI,81200 KOTA BAHRU,KELANTAN";
const compact = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");

describe("a faint printing of the taught text", () => {
  it("is the taught text when the letters OCR kept are the taught ones, in order", () => {
    expect(faintScore(compact("12, JalanMeran7/4KawsanPrdustrian Merant81200KotaBahruKelantn"), compact(ADDRESS))).not.toBeNull();
  });

  it("is not another address of the sender, nor the taught one short of a word or a line", () => {
    // Figures the taught text does not have.
    expect(faintScore(compact("17-G, JALAN MERANTI 7/4,KAWASAN PERINDUSTRIAN MERANTI"), compact(ADDRESS))).toBeNull();
    // A whole word left out.
    expect(faintScore(compact("12, JALAN MERANTI 7/4,KAWASAN MERANTI,81200 KOTA BAHRU,KELANTAN"), compact(ADDRESS))).toBeNull();
    // Another branch's word in place of the taught one.
    expect(faintScore(compact("KEDAI RUNCIT KUCHAI SDN BHD"), compact(NAME))).toBeNull();
  });

  it("is found over lines one under the other, the last one cut before what follows the address on its line", () => {
    const page = receipt([NAME, "12, JalanMeran7/4KawsanPrdustrian", "Merant81200KotaBahruKelantn Tel 09-7654321", "TAX INVOICE"]);
    expect(degradedPrinting(page, ADDRESS)?.raw).toBe("12, JalanMeran7/4KawsanPrdustrian Merant81200KotaBahruKelantn");
  });

  it("fills the field the engine left empty with the taught text, below trust, and replaces no other reading", () => {
    const fields: FieldDefinition[] = [{ name: "vendor_name", type: "text" }, { name: "vendor_address", type: "address" }];
    // The taught page's printing was misread beyond finding: the example keeps the text without a box.
    const taughtPage = receipt([NAME, "1Z JlnMrt 74 Kwsn", "PrdstrnMrnt 812 KtBhrKlntn"]);
    const example: MemoryExample = { id: "ex-1", documentId: "doc-1", taughtAt: "2026-01-01T00:00:00.000Z", fingerprint: fingerprintOf(taughtPage, NAME), evidence: teachExample({ layout: taughtPage, fields, data: { vendor_name: NAME, vendor_address: ADDRESS }, fieldMetadata: {} }) };
    const page = receipt([NAME, "12, JalanMeran7/4KawsanPrdustrian", "Merant81200KotaBahruKelantn", "TAX INVOICE"]);
    const read = (vendorAddress: string | null) => applyMemory({ layout: page, fields, data: { vendor_name: NAME, vendor_address: vendorAddress }, fieldMetadata: {}, matches: [{ example, similarity: 0.9 }] });
    const filled = read(null);
    expect(filled.data.vendor_address).toBe(ADDRESS);
    expect((filled.fieldMetadata.vendor_address as { confidence: number }).confidence).toBeLessThan(0.9);
    // The engine's reading of a piece of it is completed; another reading stands.
    expect(read("12, JalanMeran7/4KawsanPrdustrian").data.vendor_address).toBe(ADDRESS);
    expect(read("TAX INVOICE").data.vendor_address).toBe("TAX INVOICE");
  });
});
