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

describe("the number's label in other languages", () => {
  it("reads the number right of the title Faktura, and the Japanese and Chinese labels", () => {
    expect(invoiceNumber(["Faktura - danovy doklad                     2022001", "", "Dodavatel"])).toBe("2022001");
    expect(invoiceNumber(["〒 123-4567                  請求書番号:      20251205-1"])).toBe("20251205-1");
    expect(invoiceNumber(["請款單編號 : INV-20250601-001 | 開立日期 : 2025/5/21"])).toBe("INV-20250601-001");
  });

  it("takes no number of an item described with the title's word", () => {
    expect(invoiceNumber(["3   Faktura korekta   2   1500"])).toBe(null);
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

describe("labels in Polish, Finnish, Swedish, Portuguese, Turkish and Czech", () => {
  const first = (text: string[], concept: string, kind: "id" | "date" | "amount") => findLabelledCandidates(documentLines({ pages: textToPages(text.join("\n")) }), concept, kind, "dmy")[0]?.value ?? null;

  it("reads a Polish invoice's number, dates and amount to pay", () => {
    const page = ["Faktura VAT nr PL/417/01/2026", "Data wystawienia :     2026-01-12", "Termin płatności :     2026-01-26", "Do zapłaty:    259,33 PLN"];
    expect(first(page, "invoice_number", "id")).toBe("PL/417/01/2026");
    expect(first(page, "invoice_date", "date")).toBe("2026-01-12");
    expect(first(page, "due_date", "date")).toBe("2026-01-26");
    expect(first(page, "amount_due", "amount")).toBe(259.33);
  });

  it("reads Finnish, Swedish, Portuguese, Turkish and Czech labels", () => {
    expect(first(["Laskun numero:   5061", "Eräpäivä:   31.01.2008"], "invoice_number", "id")).toBe("5061");
    expect(first(["Laskun numero:   5061", "Eräpäivä:   31.01.2008"], "due_date", "date")).toBe("2008-01-31");
    expect(first(["Förfallodatum:   2024-03-31"], "due_date", "date")).toBe("2024-03-31");
    expect(first(["Data de emissão:   05/03/2024"], "invoice_date", "date")).toBe("2024-03-05");
    expect(first(["Ödenecek Tutar   1.250,00"], "amount_due", "amount")).toBe(1250);
    expect(first(["Datum splatnosti:   15.04.2024"], "due_date", "date")).toBe("2024-04-15");
  });
});

describe("a customer under its heading with the line's own label", () => {
  it("drops the short label before the name", async () => {
    const { cleanName } = await import("./parties");
    expect(cleanName("Nazwa: Hymel Jadwiga")).toBe("Hymel Jadwiga");
    expect(cleanName(": Hymel Jadwiga Sp. z o.o.")).toBe("Hymel Jadwiga Sp. z o.o.");
  });
});

describe("buyer headings in other languages", () => {
  it("are headings, never a party's name", async () => {
    const { isPartyHeading } = await import("./party-headings");
    expect(isPartyHeading("Nabywca")).toBe(true);
    expect(isPartyHeading("Asiakas")).toBe(true);
    expect(isPartyHeading("Faktura VAT")).toBe(true);
  });
});

describe("a label whose own phrase ends in a colon", () => {
  it("is one label ('Bestellung Nr. Kunde:'), its value right of it", () => {
    const lines = documentLines({ pages: textToPages(["Bestellung Nr. Kunde:        BT-13"].join("\n")) });
    expect(findLabelledCandidates(lines, "purchase_order", "id", "dmy")[0]?.value).toBe("BT-13");
  });
});

describe("numbers that belong to another label", () => {
  it("takes no phone or fax number right of the document's title for its number", () => {
    for (const label of ["Fax.", "Tel:", "Tlfno:", "Teléfono", "Phone"]) {
      for (const digits of ["958252636", "0211 4455", "555-0199"]) {
        expect(invoiceNumber([`FACTURA          ${label} ${digits}`])).toBe(null);
      }
    }
    expect(invoiceNumber(["FACTURA          Nº 2023-118"])).toBe("2023-118");
  });

  it("reads no invoice number under a heading of the invoice's total", () => {
    for (const heading of ["Total Factura", "Importe factura", "Total Invoice"]) {
      for (const total of ["12.22", "12.219999999999999", "1480.5"]) {
        expect(invoiceNumber([`Importe   Iva   ${heading}`, "", `10.1   2.12   ${total}`])).toBe(null);
      }
    }
  });
});
