import { describe, expect, it } from "vitest";
import { textToPages } from "../loaders/plain-text";
import { classifyDocument } from "./classify-document";

const model = (text: string) => ({ pages: textToPages(text) });

describe("classifyDocument", () => {
  const labels = [{ name: "invoice" }, { name: "receipt" }, { name: "delivery note", instructions: "Shipping documents that say 'Lieferschein'" }];

  it("recognises a German invoice through built-in synonyms", () => {
    const result = classifyDocument(model("RECHNUNG\nRechnungsnummer: 123\nSumme 12,00 EUR"), labels);
    expect(result.label).toBe("invoice");
    expect(result.score).toBeGreaterThan(0.5);
    expect(result.reason).toContain("rechnung");
  });

  it("uses quoted instruction phrases", () => {
    const result = classifyDocument(model("Lieferschein Nr. 55\nWare: 3 Kartons"), labels);
    expect(result.label).toBe("delivery note");
  });

  it("returns no label with score 0 when nothing matches", () => {
    expect(classifyDocument(model("Lorem ipsum dolor sit amet"), labels)).toMatchObject({ label: null, score: 0 });
  });

  it("prefers the label named in the title area", () => {
    const result = classifyDocument(model("CASH RECEIPT\nThank you\nChange 2.00\nrefer to invoice 12"), labels);
    expect(result.label).toBe("receipt");
  });
});
