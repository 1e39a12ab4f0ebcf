import { describe, expect, it } from "vitest";
import { extractDocument } from "../index";
import { lineItemsFields, printedPdf } from "./test-pdf";

describe("headings centred over wide columns of left-aligned cells", () => {
  it("reads an item number far left of its centred heading and names starting left of theirs", async () => {
    // Each column's cells start at its left edge; each heading is centred over its column.
    const item = (y: number, code: string, name: string, qty: string, amount: string) => ({ y, cells: [[code, 40], [name, 250], [qty, 380], [amount, 440]] as Array<[string, number]> });
    const bytes = await printedPdf([
      [
        { y: 700, cells: [["ProduktNr", 120], ["Name", 300], ["Anzahl", 395], ["Gesamtpreis", 470]] },
        item(682, "6", "Superior watch", "1", "3.200,00 €"),
        item(667, "10", "Premium clock", "2", "7.600,00 €"),
        item(652, "22", "Connected band", "1", "1.700,00 €"),
        { y: 630, cells: [["Gesamtpreis inkl. MwSt.: 12.500,00 €", 100]] },
      ],
    ]);
    const result = await extractDocument({ bytes, mimeType: "application/pdf", fields: lineItemsFields("item_code", "description", "quantity", "amount") });
    expect(result.data.line_items).toEqual([
      { item_code: "6", description: "Superior watch", quantity: 1, amount: 3200 },
      { item_code: "10", description: "Premium clock", quantity: 2, amount: 7600 },
      { item_code: "22", description: "Connected band", quantity: 1, amount: 1700 },
    ]);
  });

  it("leaves a table of left-aligned headings over their cells as it was", async () => {
    const bytes = await printedPdf([
      [
        { y: 700, cells: [["Code", 40], ["Description", 100], ["Qty", 330], ["Amount", 450]] },
        { y: 682, cells: [["A-100", 40], ["Desk lamp", 100], ["1", 330], ["30.00", 450]] },
        { y: 667, cells: [["B-200", 40], ["Office chair", 100], ["2", 330], ["240.00", 450]] },
        { y: 640, cells: [["Total", 330], ["270.00", 450]] },
      ],
    ]);
    const result = await extractDocument({ bytes, mimeType: "application/pdf", fields: lineItemsFields("item_code", "description", "quantity", "amount") });
    expect(result.data.line_items).toEqual([
      { item_code: "A-100", description: "Desk lamp", quantity: 1, amount: 30 },
      { item_code: "B-200", description: "Office chair", quantity: 2, amount: 240 },
    ]);
  });
  it("reads a description printed around its numbers, its middle line starting with a number left of the centred heading", async () => {
    // "P. Unitario" / "IVA (Q)" stack the price's heading over three lines around the header's main line.
    const item = (y: number, no: string) => [
      { y: y + 11, cells: [["LAPTOP X15 RYZEN 5 8GB 512GB SSD", 120]] as Array<[string, number]> },
      { y, cells: [[no, 45], ["2", 80], ["15.6 W11H Garantia: 12 meses S/N:", 120], ["6817.0", 340], ["954.0", 420], ["12680", 500]] as Array<[string, number]> },
      { y: y - 11, cells: [["R3NR0001, R3NR0002", 120]] as Array<[string, number]> },
    ];
    const bytes = await printedPdf([
      [
        { y: 712, cells: [["P. Unitario Con", 330]] },
        { y: 705, cells: [["No", 40], ["Cantidad", 70], ["Descripción", 190], ["Descuento (Q)", 400], ["Total (Q)", 490]] },
        { y: 698, cells: [["IVA (Q)", 345]] },
        ...item(672, "1"),
        ...item(632, "2"),
        { y: 605, cells: [["Totales", 200], ["954.00", 420], ["12680.00", 500]] },
      ],
    ]);
    const result = await extractDocument({ bytes, mimeType: "application/pdf", fields: lineItemsFields("position", "description", "quantity", "unit_price", "amount") });
    const description = "LAPTOP X15 RYZEN 5 8GB 512GB SSD 15.6 W11H Garantia: 12 meses S/N: R3NR0001, R3NR0002";
    expect(result.data.line_items).toEqual([
      { position: "1", description, quantity: 2, unit_price: 6817, amount: 12680 },
      { position: "2", description, quantity: 2, unit_price: 6817, amount: 12680 },
    ]);
  });
  it("leaves equal quantities printed past a narrow 'Qty' heading in the quantity column", async () => {
    const bytes = await printedPdf([
      [
        { y: 700, cells: [["Item", 77], ["Description", 175], ["Qty", 374], ["Unit Price", 408], ["Line Total", 470]] },
        { y: 682, cells: [["CONS-001", 77], ["Data engineering consulting", 175], ["8", 397], ["150.00", 437], ["1,200.00", 489]] },
        { y: 667, cells: [["CONS-002", 77], ["Architecture review", 175], ["1", 397], ["500.00", 437], ["500.00", 497]] },
        { y: 640, cells: [["Subtotal", 323], ["1,700.00", 478]] },
      ],
    ]);
    const result = await extractDocument({ bytes, mimeType: "application/pdf", fields: lineItemsFields("item_code", "description", "quantity", "unit_price", "amount") });
    expect(result.data.line_items).toEqual([
      { item_code: "CONS-001", description: "Data engineering consulting", quantity: 8, unit_price: 150, amount: 1200 },
      { item_code: "CONS-002", description: "Architecture review", quantity: 1, unit_price: 500, amount: 500 },
    ]);
  });
});
