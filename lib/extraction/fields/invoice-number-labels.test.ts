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
    // The number beside the bare "Number" is read; nothing of the item's line.
    expect(invoiceNumber(lines)).toBe("12345");
    expect(invoiceNumber(lines.slice(1))).toBe(null);
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

describe("a short number after a label that names a number", () => {
  it("reads one or two digits after a label with a number word, a colon set apart or a glued sign", () => {
    expect(invoiceNumber(["Numéro de facture : 1", "", "Date : 20-11-2018"])).toBe("1");
    expect(invoiceNumber(["Receipt No: 66 for the date of 2019-11-29"])).toBe("66");
    expect(invoiceNumber(["Invoice No.:#2836"])).toBe("2836");
    expect(invoiceNumber(["Customer: ACME              InvoiceNo.   5"])).toBe("5");
  });

  it("reads no short number after the document's bare title, nor one under a number's label", () => {
    expect(invoiceNumber(["Invoice 2 of 3"])).toBe(null);
    expect(invoiceNumber(["Invoice No.", "1"])).toBe(null);
  });

  it("reads the labels of tickets, Vietnamese and Dominican invoices and the Portuguese title", () => {
    expect(invoiceNumber(["Numéro de Ticket : 31"])).toBe("31");
    expect(invoiceNumber(["HÓA ĐƠN SỐ: 1060"])).toBe("1060");
    expect(invoiceNumber(["FATURA # 0018"])).toBe("0018");
    expect(invoiceNumber(["NCF: B0100001434", "Vencimiento NCF: 31/12/2026"])).toBe("B0100001434");
    expect(invoiceNumber(["factuur nummer      factuur datum", "001                21/03/2024"])).toBe("001");
  });
});

describe("Spanish, Peruvian and Polish due dates and totals", () => {
  const first = (text: string[], concept: string, kind: "id" | "date" | "amount") => findLabelledCandidates(documentLines({ pages: textToPages(text.join("\n")) }), concept, kind, "dmy")[0]?.value ?? null;

  it("reads due dates under the short Spanish and the Polish labels", () => {
    expect(first(["Vencimiento: 28/7/2024"], "due_date", "date")).toBe("2024-07-28");
    expect(first(["FECHA DE VENC: 17/03/2022"], "due_date", "date")).toBe("2022-03-17");
    expect(first(["Señor(es) : Universo          Fecha Venc.        : 01-06-2024"], "due_date", "date")).toBe("2024-06-01");
    expect(first(["Termin zapłaty      2015-03-04"], "due_date", "date")).toBe("2015-03-04");
  });

  it("reads a Peruvian taxable base and IGV", () => {
    const page = ["          GRAVADA     S/             211.86", "               IGV    S/              38.14", "             TOTAL    S/             250.00"];
    expect(first(page, "subtotal_amount", "amount")).toBe(211.86);
    expect(first(page, "tax_amount", "amount")).toBe(38.14);
  });
});

describe("a totals row's amount past a sign or symbol in its own column", () => {
  const first = (text: string[], concept: string) => findLabelledCandidates(documentLines({ pages: textToPages(text.join("\n")) }), concept, "amount", "dmy")[0]?.value ?? null;

  it("skips an operator in brackets, a colon set apart and a currency symbol", () => {
    expect(first(["SUBTOTAL          (=)          $27.166", "TOTAL             (=)          $32.328"], "subtotal_amount")).toBe(27166);
    expect(first(["Sub Total     :        Rs.      800.00"], "subtotal_amount")).toBe(800);
    expect(first(["TOTAL     S/      250.00"], "total_amount")).toBe(250);
  });

  it("still stops at the next label of the row", () => {
    expect(first(["Sub Total     :     Discount:     40.00"], "subtotal_amount")).toBe(null);
  });
});

describe("a Vietnamese bill's total", () => {
  it("reads 'Tổng tiền' as the total, not the line items above it", () => {
    const lines = documentLines({ pages: textToPages(["1   CẮT GỘI     199000", "2   UỐN         349000", "Tổng tiền: 1071000đ"].join("\n")) });
    expect(findLabelledCandidates(lines, "total_amount", "amount", "dmy")[0]?.value).toBe(1071000);
  });
});

describe("a number of one or two digits", () => {
  it("is read after a label that names the number in one word or by its id", () => {
    expect(invoiceNumber(["Datum: 26.10.2021", "Rechnungsnummer: 6"])).toBe("6");
    expect(invoiceNumber(["Invoice ID:        12"])).toBe("12");
    expect(invoiceNumber(["Factuurnummer 17"])).toBe("17");
  });

  it("is read after a number sign glued to it", () => {
    expect(invoiceNumber(["ACME                                INVOICE #1", "                                    Date: 03/17/2026"])).toBe("1");
  });

  it("is not read after the document's bare name, nor from a position column under the label", () => {
    expect(invoiceNumber(["Invoice 7"])).toBe(null);
    expect(invoiceNumber(["Rechnungsnummer:", "1   Widget   2   10,00"])).toBe(null);
  });
});

describe("a bare number sign as the number's label", () => {
  it("reads the number after a sign that starts its phrase, beside or under it, when no label names the invoice", () => {
    expect(invoiceNumber(["ACME Ltd                                  Factura electrónica", "Av. Central 1                             N°: 001-001-0000021"])).toBe("001-001-0000021");
    expect(invoiceNumber(["6 janvier 2026", "N° : 617"])).toBe("617");
    expect(invoiceNumber(["NAME INC.                    #:            ADO1098S0ADKL"])).toBe("ADO1098S0ADKL");
    expect(invoiceNumber(["Número:                     Data:                     Vencimento:", "FAT309203                   26/11/2025                26/12/2025"])).toBe("FAT309203");
  });

  it("leaves it to a label that names the invoice", () => {
    expect(invoiceNumber(["Invoice No: INV-77", "", "No.: 123456789"])).toBe("INV-77");
  });

  it("reads no sign inside a phrase, no sign without its colon, and no short number", () => {
    expect(invoiceNumber(["Tel No.: 0398291601"])).toBe(null);
    expect(invoiceNumber(["No.   Description   Qty", "A-1001   Widget   2"])).toBe(null);
    expect(invoiceNumber(["No.: 7"])).toBe(null);
  });

  it("reads a bare sign only in the upper half of the first page", () => {
    const filler = Array.from({ length: 60 }, (_, i) => `Line ${String.fromCharCode(65 + (i % 26))} of the terms`);
    expect(invoiceNumber(["ACME Ltd", "No.: 123456789", ...filler])).toBe("123456789");
    expect(invoiceNumber(["ACME Ltd", ...filler, "No.: 123456789"])).toBe(null);
  });
});
