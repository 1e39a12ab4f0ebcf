import { describe, expect, it } from "vitest";
import { extractDocument, type FieldDefinition } from "../index";

const FIELDS: FieldDefinition[] = [
  { name: "invoice_number", type: "text", description: "Invoice number" },
  { name: "invoice_date", type: "date", description: "Invoice date" },
  { name: "due_date", type: "date", description: "Payment due date" },
  { name: "subtotal_amount", type: "number", description: "Net total" },
  { name: "tax_amount", type: "number", description: "Tax" },
  { name: "total_amount", type: "number", description: "Total amount due" },
  { name: "currency", type: "text", description: "Currency code" },
  { name: "vendor_vat_id", type: "text", description: "Seller VAT number" },
  { name: "customer_name", type: "text", description: "Customer" },
];

async function extract(text: string) {
  return (await extractDocument({ bytes: new TextEncoder().encode(text), mimeType: "text/plain", fields: FIELDS })).data;
}

describe("labels in several languages and layouts", () => {
  it("reads a US-style invoice", async () => {
    const data = await extract(
      [
        "Northwind Traders LLC                         INVOICE",
        "                                              Invoice #: 10442",
        "Bill To:                                      Date: 03/29/2024",
        "Contoso Inc.                                  Due Date: 04/28/2024",
        "",
        "Subtotal                                      $1,250.00",
        "Sales Tax (8%)                                $100.00",
        "Total Due                                     $1,350.00",
      ].join("\n"),
    );
    expect(data).toMatchObject({ invoice_number: "10442", invoice_date: "2024-03-29", due_date: "2024-04-28", subtotal_amount: 1250, tax_amount: 100, total_amount: 1350, currency: "USD", customer_name: "Contoso Inc." });
  });

  it("reads a French invoice", async () => {
    const data = await extract(
      [
        "ACME SARL",
        "N° TVA : FR40303265045",
        "Facture N° : F-2024-117          Date de facture : 5 février 2024",
        "Échéance : 6 mars 2024",
        "Total HT        1 000,00 €",
        "TVA 20 %          200,00 €",
        "Total TTC       1 200,00 €",
      ].join("\n"),
    );
    expect(data).toMatchObject({ invoice_number: "F-2024-117", invoice_date: "2024-02-05", due_date: "2024-03-06", subtotal_amount: 1000, tax_amount: 200, total_amount: 1200, currency: "EUR", vendor_vat_id: "FR40303265045" });
  });

  it("reads a German invoice with the value under its label", async () => {
    const data = await extract(
      [
        "Rechnungsnummer     Rechnungsdatum     Fällig am",
        "RE-7781             11. März 2024      25.03.2024",
        "",
        "USt-IdNr.: DE123456789",
        "Nettobetrag        84,03 EUR",
        "MwSt. 19 %         15,97 EUR",
        "Gesamtbetrag      100,00 EUR",
      ].join("\n"),
    );
    expect(data).toMatchObject({ invoice_number: "RE-7781", invoice_date: "2024-03-11", due_date: "2024-03-25", subtotal_amount: 84.03, tax_amount: 15.97, total_amount: 100, currency: "EUR", vendor_vat_id: "DE123456789" });
  });

  it("reads a Dutch invoice", async () => {
    const data = await extract(["Factuurnummer: 2024-0042", "Factuurdatum: 2 april 2024", "Totaal excl. BTW   € 50,00", "BTW 21%   € 10,50", "Totaal   € 60,50"].join("\n"));
    expect(data).toMatchObject({ invoice_number: "2024-0042", invoice_date: "2024-04-02", subtotal_amount: 50, tax_amount: 10.5, total_amount: 60.5, currency: "EUR" });
  });
});
