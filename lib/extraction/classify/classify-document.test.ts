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

describe("classifyDocument: compounds, cues and layout", () => {
  const types = [{ name: "Invoice" }, { name: "Receipt" }];

  it("reads German compounds and spaced-out titles as the type they contain", () => {
    expect(classifyDocument(model("Handelsrechnung (380) Nr. 4711\nLieferant GmbH"), types).label).toBe("Invoice");
    expect(classifyDocument(model("K O S T E N R E C H N U N G\nBeleg-Nr: 1"), types)).toMatchObject({ label: "Invoice", reason: expect.stringContaining("rechnung") });
  });

  it("counts a phrase once: 'tax invoice' is not also 'invoice'", () => {
    const once = classifyDocument(model("TAX INVOICE"), [{ name: "Invoice" }]);
    const twice = classifyDocument(model("TAX INVOICE\nINVOICE"), [{ name: "Invoice" }]);
    expect(once.reason).toContain('"tax invoice" ×1');
    expect(once.reason).not.toContain('"invoice" ×1');
    expect(twice.score).toBeGreaterThan(once.score);
  });

  it("lets payment cues decide a till slip titled 'Tax invoice'", () => {
    const slip = "SUPERMARKET SDN BHD\nTAX INVOICE\nCOUNTER 4 CASHIER: 11\nQTY ITEM AMOUNT\nCOFFEE 3.20\nCash 5.20\nChange 2.00\nGoods sold are not returnable";
    expect(classifyDocument(model(slip), types)).toMatchObject({ label: "Receipt", reason: expect.stringContaining("cues") });
    const invoice = "TAX INVOICE\nBill to: Example Ltd\nDue date: 2024-05-01\nPayment terms: 30 days\nIBAN: DE89370400440532013000";
    expect(classifyDocument(model(invoice), types).label).toBe("Invoice");
  });

  it("takes a narrow page as a till roll when nothing else is legible", () => {
    const page = { number: 1, width: 600, height: 1600, source: "ocr" as const, blocks: [] };
    expect(classifyDocument({ pages: [page] }, types)).toMatchObject({ label: "Receipt", reason: expect.stringContaining("narrow page") });
    expect(classifyDocument({ pages: [{ ...page, width: 595, height: 842 }] }, types).label).toBeNull();
  });

  it("gives labels without a built-in type no cues", () => {
    expect(classifyDocument(model("Cash 5.00\nChange 1.00\nIBAN DE89"), [{ name: "Letter" }]).label).toBeNull();
  });
});
