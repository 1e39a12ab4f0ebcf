import { describe, expect, it } from "vitest";
import { textToPages } from "../loaders/plain-text";
import { documentLines } from "./document-lines";
import { findLabelledCandidates } from "./find-labelled-value";

const invoiceNumber = (text: string[]) => findLabelledCandidates(documentLines({ pages: textToPages(text.join("\n")) }), "invoice_number", "id", "dmy")[0]?.value ?? null;

describe("the invoice number's label", () => {
  it("reads the number of a title line that names the document before its number sign", () => {
    expect(invoiceNumber(["Teilrechnung Bau (875) Nr. 210111 vom 30.05.2025", "", "Inhalt   freier Text zur Rechnung BT-22"])).toBe("210111");
  });

  it("does not take the document's name mentioned in a sentence for the number's label", () => {
    expect(invoiceNumber(["Kopftext für zusätzliche Beschreibungen zur Rechnung BT-22"])).toBe(null);
    expect(invoiceNumber(["Please find the invoice 2417 attached"])).toBe(null);
  });

  it("keeps the document's name joined to a number sign by a small word", () => {
    expect(invoiceNumber(["Nº de factura: A-2024-17"])).toBe("A-2024-17");
  });
});

describe("the document's name starting a phrase", () => {
  it("takes no number right of an item described with the document's name", () => {
    const lines = ["Date 2025        Number 12345", "", "5   Factura crema   2   1500   $3000"];
    expect(invoiceNumber(lines)).toBe(null);
  });

  it("reads no label's value under the document's name", () => {
    expect(invoiceNumber(["Example Invoice", "Leistungszeitraum: 05/2023"])).toBe(null);
  });

  it("reads a number typeset with a non-breaking hyphen with a plain one, and a label glued to its number sign", () => {
    expect(invoiceNumber(["Rechnungsnummer: 2023\u2011001"])).toBe("2023-001");
    expect(invoiceNumber(["Invoice#     223444"])).toBe("223444");
  });
});

describe("another label after a label on its line", () => {
  it("keeps that label's value from the first label", () => {
    const lines = documentLines({ pages: textToPages(["Maksuehdot:   14 pv netto Muistutusmaksu:   5,00", "Yhteensä   35,49"].join("\n")) });
    expect(findLabelledCandidates(lines, "subtotal_amount", "amount", "dmy").map((c) => c.value)).not.toContain(5);
    const dates = documentLines({ pages: textToPages(["Due 30 days   Invoice date: 12.01.2024"].join("\n")) });
    expect(findLabelledCandidates(dates, "due_date", "date", "dmy")[0]?.value ?? null).toBe(null);
  });

  it("still reads an amount after a currency code with a colon", () => {
    const lines = documentLines({ pages: textToPages(["Total amount in EUR: 100.00"].join("\n")) });
    expect(findLabelledCandidates(lines, "total_amount", "amount", "dmy")[0]?.value).toBe(100);
  });
});
