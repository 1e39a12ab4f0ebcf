import { describe, expect, it } from "vitest";
import { extractDocument, loadDocument, type FieldDefinition } from "../../../lib/extraction";
import { generateDocument, type GenerateOptions } from "./generate";
import { brandText, logoText } from "./header-noise";

const FIELDS: FieldDefinition[] = [
  { name: "customer_name", type: "text", description: "Customer name" },
  { name: "vendor_name", type: "text", description: "Vendor name" },
];

describe("header noise", () => {
  it("writes the seller's initials as its logo, legal form and joining words left out", () => {
    expect(logoText("Verlumix Digital GmbH")).toBe("VD");
    expect(logoText("Herrera & Ortega S.A.")).toBe("HO");
    expect(logoText("Pelnor SA")).toBe("PELN");
  });

  it("changes nothing when no layout asks for it, and draws it cleanly when every one does", async () => {
    const plain: GenerateOptions = { seed: "noise", layouts: 6, receiptShare: 0 };
    const noisy: GenerateOptions = { ...plain, distractors: 1 };
    const a = await generateDocument(plain, "pdf", 0);
    const b = await generateDocument({ ...plain, distractors: 0 }, "pdf", 0);
    expect(Buffer.from(b.bytes).equals(Buffer.from(a.bytes))).toBe(true);
    for (let i = 0; i < 6; i += 1) {
      const doc = await generateDocument(noisy, "pdf", i);
      expect(doc.layout.kind === "invoice" && doc.layout.headerNoise?.kinds.length).toBeGreaterThan(0);
      expect(doc.layoutIssues).toEqual([]);
    }
  });

  it("lets the engine read the seller and the buyer under the noise", async () => {
    const options: GenerateOptions = { seed: "noise-read", layouts: 8, receiptShare: 0, distractors: 1 };
    let right = 0;
    for (let i = 0; i < 8; i += 1) {
      const doc = await generateDocument(options, "pdf", i);
      const { data } = await extractDocument({ bytes: doc.bytes, mimeType: "application/pdf", fields: FIELDS });
      if (data.vendor_name === doc.gt.fields.vendor_name) right += 1;
      // A buyer's name is never given as the seller's.
      expect(data.vendor_name).not.toBe(doc.gt.fields.customer_name);
    }
    expect(right).toBeGreaterThanOrEqual(7);
  });

  it("draws the name shapes only when asked: a brand over the legal name, a buyer's block without its heading", async () => {
    expect(brandText("Verlumix Digital GmbH")).toBe("VERLUMIX");
    expect(brandText("Herrera & Ortega S.A.")).toBe("HERRERA");
    const plain: GenerateOptions = { seed: "noise", layouts: 12, receiptShare: 0, distractors: 1 };
    const shaped: GenerateOptions = { ...plain, nameShapes: true };
    const a = await generateDocument(plain, "pdf", 0);
    const b = await generateDocument({ ...plain, nameShapes: false }, "pdf", 0);
    expect(Buffer.from(b.bytes).equals(Buffer.from(a.bytes))).toBe(true);
    let brands = 0;
    for (let i = 0; i < 12; i += 1) {
      const doc = await generateDocument(shaped, "pdf", i);
      const noise = doc.layout.kind === "invoice" ? doc.layout.headerNoise : undefined;
      expect(doc.layoutIssues).toEqual([]);
      if (!noise?.brand) continue;
      brands += 1;
      const name = String(doc.gt.fields.vendor_name);
      const model = await loadDocument(doc.bytes, "application/pdf", { mode: "fast" });
      const lines = model.pages[0]!.blocks.flatMap((block) => block.lines.map((line) => line.text.trim()));
      // The brand line, then the legal name still printed and still the ground truth.
      expect(lines.indexOf(brandText(name))).toBeGreaterThanOrEqual(0);
      expect(lines.some((line) => line.includes(name))).toBe(true);
    }
    expect(brands).toBeGreaterThan(0);
  });
});
