import { describe, expect, it } from "vitest";
import type { FieldDefinition, FieldMetadata } from "../types";
import { applyMemory } from "./apply";
import { fingerprintOf } from "./fingerprint";
import { taughtHeadOnPage, taughtHeadWithOwnLine } from "./own-tail";
import { misreadingOf } from "./read-field";
import { teachExample } from "./teach";
import { longestEditRun } from "./text";
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
const NAME = "KEDAI RUNCIT (PUTRA) SDN BHD";
const ADDRESS_LINES = ["NO 14, JALAN MERANTI 3,", "TAMAN SERI INDAH", "52100 KEPONG, KUALA LUMPUR"];
const ADDRESS = ADDRESS_LINES.join(" ");

function taughtOn(layout: DocumentLayout, data: Record<string, string>): MemoryExample {
  return { id: "ex-1", documentId: "doc-1", taughtAt: "2026-01-01T00:00:00.000Z", fingerprint: fingerprintOf(layout, data.vendor_name ?? null), evidence: teachExample({ layout, fields: FIELDS, data, fieldMetadata: {} }) };
}

function read(layout: DocumentLayout, example: MemoryExample, data: Record<string, string | null>, fieldMetadata: Record<string, FieldMetadata> = {}) {
  return applyMemory({ layout, fields: FIELDS, data, fieldMetadata, matches: [{ example, similarity: 0.9 }] });
}

describe("a slip of OCR, told from another text", () => {
  it("counts the longest run of characters an alignment does not pair", () => {
    expect(longestEditRun("tampoi", "tampoi")).toBe(0);
    expect(longestEditRun("tampol", "tampoi")).toBe(1);
    expect(longestEditRun("mrdiyjohorsdnbhd", "mrdiymsdnbhd")).toBeGreaterThan(3);
  });

  it("takes scattered misread characters for the taught text, not another word or a missing line", () => {
    expect(misreadingOf("KEDAI RUNC1T (PUTRA) 5DN BHD", NAME)).toBe(true);
    expect(misreadingOf("KEDAI RUNCIT (JAYA) SDN BHD", NAME)).toBe(false);
    // Another branch's word whose few shared letters keep every run of differences short is still another word.
    expect(misreadingOf("KEDAI RUNCIT (KUCHAI) SDN BHD", "KEDAI RUNCIT (JOHOR) SDN BHD")).toBe(false);
    expect(misreadingOf("12, JALANTAMPOL 7/4, KAWASAN", "12, JALAN TAMPOI 7/4, KAWASAN")).toBe(true);
    expect(misreadingOf(ADDRESS_LINES.slice(0, 2).join(" "), ADDRESS)).toBe(false);
  });

  it("leaves the engine's reading of a name that another branch prints at the taught place", () => {
    const example = taughtOn(receipt([NAME, ...ADDRESS_LINES]), { vendor_name: NAME, vendor_address: ADDRESS });
    const branch = "KEDAI RUNCIT (JAYA) SDN BHD";
    const outcome = read(receipt([branch, ...ADDRESS_LINES]), example, { vendor_name: branch, vendor_address: ADDRESS });
    expect(outcome.data.vendor_name).toBe(branch);
  });
});

describe("the taught text read again", () => {
  it("is found on a later document although the taught page's printing of it was misread beyond recognition", () => {
    const example = taughtOn(receipt([NAME, "N0 l4. JALANMERAMT1 3", "TAMAMSER1NDAH", "5Z100KEP0NGKUALALUMPR"]), { vendor_name: NAME, vendor_address: ADDRESS });
    expect(example.evidence.fields.vendor_address!.box).toBeNull();
    const outcome = read(receipt(["12/03/2019 10:21", NAME, ...ADDRESS_LINES]), example, { vendor_name: NAME, vendor_address: `12/03/2019 10:21 ${ADDRESS}` });
    expect(outcome.data.vendor_address).toBe(ADDRESS);
  });

  it("keeps the engine's punctuation where the engine read the taught letters", () => {
    const example = taughtOn(receipt([NAME, ...ADDRESS_LINES]), { vendor_name: `${NAME}.`, vendor_address: ADDRESS });
    const printed = "KEDAI RUNCIT (PUTRA) SDN. BHD.";
    const outcome = read(receipt([printed, ...ADDRESS_LINES]), example, { vendor_name: printed, vendor_address: ADDRESS });
    expect(outcome.data.vendor_name).toBe(printed);
  });

  it("takes an address printed with many figures, one of them misread, for the taught address", () => {
    const lines = ["NO. 31G&33G, JALAN MERANTI X ,U7/X", "40170 TAMAN SERI"];
    const address = lines.join(" ");
    const example = taughtOn(receipt([NAME, ...lines]), { vendor_name: NAME, vendor_address: address });
    const outcome = read(receipt([NAME, "NO. 31G833G, JALAN MERANTI X ,U7/X", "40170 TAMAN SERI"]), example, { vendor_name: NAME, vendor_address: null });
    expect(outcome.data.vendor_address).toBe(address);
  });

  it("replaces the marks OCR glued between words in the engine's reading of the taught letters", () => {
    const example = taughtOn(receipt([NAME, ...ADDRESS_LINES]), { vendor_name: NAME, vendor_address: ADDRESS });
    const printed = "NO,14, JALAN MERANTI 3, TAMAN SERI INDAH 52100.KEPONG, KUALA LUMPUR";
    const outcome = read(receipt([NAME, "NO,14, JALAN MERANTI 3,", "TAMAN SERI INDAH", "52100.KEPONG, KUALA LUMPUR"]), example, { vendor_name: NAME, vendor_address: printed });
    expect(outcome.data.vendor_address).toBe(ADDRESS);
    // A name whose marks memory changed is below trust too: a mark may be the print's after all.
    const glued = "KEDAI RUNCIT (PUTRA) SDN.BHD";
    const name = read(receipt([glued, ...ADDRESS_LINES]), example, { vendor_name: glued, vendor_address: ADDRESS }, { vendor_name: { confidence: 0.95 } as FieldMetadata });
    expect(name.data.vendor_name).toBe(NAME);
    expect((name.fieldMetadata.vendor_name as { confidence: number }).confidence).toBeLessThan(0.9);
  });

  it("gives an address below the confidence that marks a value to trust", () => {
    const example = taughtOn(receipt([NAME, ...ADDRESS_LINES]), { vendor_name: NAME, vendor_address: ADDRESS });
    const outcome = read(receipt([NAME, ...ADDRESS_LINES]), example, { vendor_name: null, vendor_address: null });
    expect(outcome.data.vendor_address).toBe(ADDRESS);
    expect((outcome.fieldMetadata.vendor_address as { confidence: number }).confidence).toBeLessThan(0.9);
  });
});

describe("a document's own last line", () => {
  const taughtAddress = `${ADDRESS} 1076-CAWANGAN LAMA`;

  it("joins the taught head, misread by the engine, to the line the engine read after it", () => {
    expect(taughtHeadWithOwnLine(`NO 14, JALAN MERANT1 3, TAMAN SER1 INDAH 52100 KEPONG, KUALA LUMPUR 1245-DESA BARU`, taughtAddress)).toEqual({ value: `${ADDRESS} 1245-DESA BARU`, ownLine: "1245-DESA BARU" });
    // Not the taught head: a few words alike are not the taught address.
    expect(taughtHeadWithOwnLine("NO 14, JALAN LAIN 7, 40000 SHAH ALAM", taughtAddress)).toBeNull();
    // More than one line of its own.
    expect(taughtHeadWithOwnLine(`${ADDRESS} 1245-DESA BARU TEL 03-1234567 GST REG 000123456789 TAX INVOICE`, taughtAddress)).toBeNull();
  });

  it("is read from the page where the engine read nothing, the taught page's own printing having been misread", () => {
    const example = taughtOn(receipt([NAME, "N0 l4. JALANMERAMT1 3", "TAMAMSER1NDAH", "5Z100KEP0NGKUALALUMPR", "1076-CAWANGAN LAMA"]), { vendor_name: NAME, vendor_address: taughtAddress });
    const page = receipt([NAME, "NO 14, JALAN MERANT1 3,", "TAMAN SERI 1NDAH", "52100 KEPONG, KUALA LUMPUR", "1245-DESA BARU", "TAX INVOICE"]);
    expect(taughtHeadOnPage(page, taughtAddress)?.value).toBe(`${ADDRESS} 1245-DESA BARU`);
    const outcome = read(page, example, { vendor_name: NAME, vendor_address: null });
    expect(outcome.data.vendor_address).toBe(`${ADDRESS} 1245-DESA BARU`);
    expect((outcome.fieldMetadata.vendor_address as { confidence: number }).confidence).toBeLessThan(0.9);
  });
});

describe("an identifier read again", () => {
  const IDS: FieldDefinition[] = [
    { name: "vendor_iban", type: "text" },
    { name: "vendor_vat_id", type: "text" },
  ];
  function footer(iban: string, vat: string): DocumentLayout {
    const lines = ["Zahlung an", `IBAN ${iban} · BIC QWERDEFF123`, "Steuernummer", `NIF ${vat}`];
    return receipt(lines, 0.85);
  }

  it("is the taught one where the print cuts it into groups and the label's line prints more after it", () => {
    const taughtLayout = footer("DE12 3456 7890 1234 5678 90", "ESB12345678");
    const data = { vendor_iban: "DE12345678901234567890", vendor_vat_id: "ESB12345678" };
    const example: MemoryExample = { id: "ex-1", documentId: "doc-1", taughtAt: "2026-01-01T00:00:00.000Z", fingerprint: fingerprintOf(taughtLayout), evidence: teachExample({ layout: taughtLayout, fields: IDS, data, fieldMetadata: {} }) };
    const outcome = applyMemory({ layout: footer("DE12 3456 7890 1234 5678 90", "ESB12345678"), fields: IDS, data: { vendor_iban: null, vendor_vat_id: null }, fieldMetadata: {}, matches: [{ example, similarity: 0.9 }] });
    expect(outcome.data).toMatchObject(data);
  });
});

describe("the taught text printed again where the engine misread it", () => {
  it("takes that printing's marks, not the taught ones, and keeps the taught spacing", () => {
    const taughtName = "KEDAI RUNCIT (PUTRA) SDN BHD";
    // The reviewer typed the name without the dots the receipt prints; the next receipt prints it in the footer too.
    const example = taughtOn(receipt(["Kedai Runcit (Putra) Sdn. Bhd.", ...ADDRESS_LINES]), { vendor_name: taughtName, vendor_address: ADDRESS });
    const next = receipt(["Kedai Runc (Putra) Sdn. Bhd.", ...ADDRESS_LINES, "Thank you", "Kedai Runcit (Putra) Sdn. Bhd."]);
    const outcome = read(next, example, { vendor_name: "Kedai Runc (Putra) Sdn. Bhd.", vendor_address: null });
    expect(outcome.data.vendor_name).toBe("KEDAI RUNCIT (PUTRA) SDN. BHD.");
    expect(outcome.data.vendor_address).toBe(ADDRESS);
  });
});

