import { describe, expect, it } from "vitest";
import { extractDocument, type FieldDefinition } from "../index";
import { printedPdf, type PrintedLine } from "../tables/test-pdf";
import { parseCurrency, findCurrencies } from "../normalise/currency";
import { isNameLike } from "./parties";

const FIELDS: FieldDefinition[] = [
  { name: "invoice_number", type: "text", description: "Invoice number" },
  { name: "vendor_name", type: "text", description: "Vendor name" },
  { name: "customer_name", type: "text", description: "Customer name" },
  { name: "vendor_vat_id", type: "text", description: "Vendor VAT id" },
  { name: "currency", type: "text", description: "Currency" },
];

async function read(lines: PrintedLine[]) {
  return (await extractDocument({ bytes: await printedPdf([lines]), mimeType: "application/pdf", fields: FIELDS })).data;
}

describe("party and number labels of other languages", () => {
  it("reads a Russian bill's number after '№', its buyer without the tax number and its roubles", async () => {
    const text = [
      "Счет на оплату № 58 от 12 мая 2025 г.",
      "Поставщик: ООО Северный Ветер, ИНН 7701234567, г Москва",
      "Покупатель: ИП Соколова Мария Петровна, ИНН 500100732259, г Тверь",
      "Монтаж оборудования 2 шт 4 500,00 9 000,00",
      "Всего на сумму 9 000,00 руб.",
    ].join("\n");
    const data = (await extractDocument({ bytes: new TextEncoder().encode(text), mimeType: "text/plain", fields: FIELDS })).data;
    expect(data.invoice_number).toBe("58");
    expect(data.customer_name).toBe("ИП Соколова Мария Петровна");
    expect(data.vendor_name).not.toBe("ИП Соколова Мария Петровна");
    expect(data.currency).toBe("RUB");
  });

  it("takes the name under 'Dados do Cliente' as the buyer and never the heading as the seller", async () => {
    const data = await read([
      { y: 800, cells: [["Dados do Cliente", 330]] },
      { y: 785, cells: [["Marta Quissico", 330]] },
      { y: 770, cells: [["Brightforge", 170], ["NUIT: 400123987", 330]] },
      { y: 755, cells: [["NUIT: 400555111", 170], ["Beira", 330]] },
      { y: 740, cells: [["Rua da Praia 12, Beira", 170]] },
      { y: 690, cells: [["Descrição", 40], ["Quantidade", 250], ["Preço Unitário", 350], ["Total", 480]] },
      { y: 670, cells: [["Tinta branca 20L", 40], ["4", 260], ["900.00", 350], ["3600.00 MZN", 470]] },
    ]);
    expect(data.customer_name).toBe("Marta Quissico");
    expect(data.vendor_name).not.toBe("Dados do Cliente");
    expect(data.currency).toBe("MZN");
  });

  it("never takes a unit under an item table's heading as the buyer under a heading with no line in its column", async () => {
    const data = await read([
      { y: 800, cells: [["FERRETERIA DEL NORTE S.A. de C.V.", 150]] },
      { y: 760, cells: [["CLIENTE", 200], ["FOLIO FISCAL", 430]] },
      { y: 745, cells: [["N° de Folio: 7", 40], ["AB12-CD34-EF56-GH78", 430]] },
      { y: 730, cells: [["XAXX010101000", 40]] },
      { y: 715, cells: [["COMERCIAL DEL BAJIO", 40]] },
      { y: 660, cells: [["CLAVE", 40], ["CANTIDAD", 110], ["UM", 200], ["DESCRIPCION", 280], ["PRECIO", 420], ["IMPORTE", 500]] },
      { y: 640, cells: [["3", 40], ["4", 120], ["piezas", 200], ["tornillos", 280], ["40.00", 420], ["160.00", 500]] },
    ]);
    expect(data.customer_name).not.toBe("piezas");
    expect(data.customer_name).not.toBe("FOLIO FISCAL");
    expect(data.invoice_number).not.toBe("AB12-CD34-EF56-GH78");
    expect(data.invoice_number).not.toBe("XAXX010101000");
  });

  it("reads the buyer under 'CUSTOMER ADDRESS', not the next block's heading right of it", async () => {
    const data = await read([
      { y: 800, cells: [["Riverside Dental", 40]] },
      { y: 785, cells: [["9 High Street", 40]] },
      { y: 750, cells: [["Transaction No: 8821734", 40], ["Date: 03/02/2022", 330]] },
      { y: 720, cells: [["CUSTOMER ADDRESS", 40], ["APPOINTMENT INFO", 220]] },
      { y: 705, cells: [["Tom Baker", 40], ["Check-up", 220]] },
      { y: 690, cells: [["10 Low Road", 40]] },
    ]);
    expect(data.customer_name).toBe("Tom Baker");
    expect(data.invoice_number).toBe("8821734");
  });

  it("reads a landlord after 'Bailleur :' and no sentence as the tenant", async () => {
    const data = await read([
      { y: 800, cells: [["QUITTANCE DE LOYER", 200]] },
      { y: 770, cells: [["Bailleur : Paul Lenoir", 40]] },
      { y: 750, cells: [["Je soussigné(e) Paul Lenoir, propriétaire du logement situé au 4 Rue des Lilas, Bâtiment B", 40]] },
      { y: 735, cells: [["75011 Paris, déclare avoir reçu la somme de 700,00 € au titre du loyer.", 40]] },
    ]);
    expect(data.vendor_name).toBe("Paul Lenoir");
    expect(data.customer_name ?? null).not.toMatch(/soussign/);
  });

  it("reads a GST registration number as the seller's tax id", async () => {
    const data = await read([
      { y: 800, cells: [["KEDAI RUNCIT MAJU SDN BHD", 40]] },
      { y: 785, cells: [["GST Reg. No: 001234567890", 40]] },
      { y: 760, cells: [["TOTAL", 40], ["RM 12.50", 300]] },
    ]);
    expect(data.vendor_vat_id).toBe("001234567890");
  });
});

describe("a bank-details grid at the top of the page", () => {
  it("never takes the bank's name over its 'Beneficiary bank' label as the seller", async () => {
    const data = await read([
      { y: 810, cells: [["Northern Trust Bank", 40], ["SWIFT", 330], ["NTBKGB22", 420]] },
      { y: 795, cells: [["Beneficiary bank", 40], ["Account", 330], ["40802810200005568272", 420]] },
      { y: 770, cells: [["Harbour Lights Studio Ltd", 40]] },
      { y: 755, cells: [["Beneficiary", 40]] },
      { y: 720, cells: [["Invoice No: 4471", 40]] },
    ]);
    expect(data.vendor_name).not.toBe("Northern Trust Bank");
  });

  it("reads no Russian bank grid's label as a name", () => {
    expect(isNameLike("БИК")).toBe(false);
    expect(isNameLike("Сч. №")).toBe(false);
    expect(isNameLike("ИП Смирнов Олег Иванович")).toBe(true);
  });
});

describe("currency words and marks", () => {
  it("reads a currency's name right of its label only", () => {
    expect(parseCurrency("Guarani")).toBe("PYG");
    expect(parseCurrency("рубль")).toBe("RUB");
    expect(findCurrencies("Idioma oficial: Guarani").length).toBe(0);
  });

  it("reads 'Q' before an amount with cents as quetzales, not a quarter", () => {
    expect(parseCurrency("Q 6,599.00")).toBe("GTQ");
    expect(findCurrencies("Q1 2024 report").length).toBe(0);
    expect(findCurrencies("Q 3").length).toBe(0);
  });

  it("prefers a printed '$' to a 'Q' before an amount, which may abbreviate a quantity", async () => {
    const text = ["Corner Hardware Store", "Q 2.00 Hinges 4.00", "Total $ 4.00"].join("\n");
    const data = (await extractDocument({ bytes: new TextEncoder().encode(text), mimeType: "text/plain", fields: FIELDS })).data;
    expect(data.currency).toBe("USD");
  });

  it("reads codes and roubles printed after amounts", () => {
    expect(parseCurrency("23600.00 MZN")).toBe("MZN");
    expect(parseCurrency("163 100,00 руб.")).toBe("RUB");
    expect(parseCurrency("MZN")).toBeNull();
  });
});
