import { PDFDocument, StandardFonts, type PDFFont } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { extractDocument } from "../index";
import { lineItemsFields, printedPdf, type PrintedLine } from "./test-pdf";

let font: PDFFont;
beforeAll(async () => {
  font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
});
/** x at which `text` must start to end at `right` (9-point Helvetica, as printedPdf draws). */
const endingAt = (text: string, right: number) => right - font.widthOfTextAtSize(text, 9);

async function items(lines: PrintedLine[], ...columns: string[]) {
  const result = await extractDocument({ bytes: await printedPdf([lines]), mimeType: "application/pdf", fields: lineItemsFields(...columns) });
  return result.data.line_items;
}

describe("words near a column edge", () => {
  it("keeps a description's last word that reaches past the midpoint towards the quantity header", async () => {
    const long = "Support contract with remote monitoring and spare parts that";
    const lines: PrintedLine[] = [
      { y: 700, cells: [["Description", 50], ["Quantity", 330], ["Price", 420], ["Total", 500]] },
      { y: 680, cells: [["Toner cartridge", 50], ["2", endingAt("2", 370)], ["$30.00", endingAt("$30.00", 445)], ["$60.00", endingAt("$60.00", 525)]] },
      { y: 665, cells: [[long, endingAt(long, 322)], ["1", endingAt("1", 370)], ["$90.00", endingAt("$90.00", 445)], ["$90.00", endingAt("$90.00", 525)]] },
      { y: 640, cells: [["Subtotal", 420], ["$150.00", endingAt("$150.00", 525)]] },
    ];
    // The long description starts left of its header's edge only so that its end reaches 322.
    expect(await items(lines, "description", "quantity", "unit_price", "amount")).toEqual([
      { description: "Toner cartridge", quantity: 2, unit_price: 30, amount: 60 },
      { description: long, quantity: 1, unit_price: 90, amount: 90 },
    ]);
  });

  it("keeps a centred description's first word that falls in the number column before it", async () => {
    const centred = (text: string, middle: number): [string, number] => [text, middle - font.widthOfTextAtSize(text, 9) / 2];
    const lines: PrintedLine[] = [
      { y: 700, cells: [["No", 60], centred("Item", 220), ["Qty", 360], ["Rate", 430], ["Amount", 500]] },
      { y: 680, cells: [["1", 62], centred("RO Water Can 10L", 220), ["100", endingAt("100", 375)], ["10", endingAt("10", 450)], ["1000", endingAt("1000", 530)]] },
      { y: 665, cells: [["2", 62], centred("Carbonated Water bottle Case 500ML", 220), ["100", endingAt("100", 375)], ["250", endingAt("250", 450)], ["25000", endingAt("25000", 530)]] },
      { y: 640, cells: [["Subtotal:", 430], ["26000", endingAt("26000", 530)]] },
    ];
    expect(await items(lines, "position", "description", "quantity", "unit_price", "amount")).toEqual([
      { position: "1", description: "RO Water Can 10L", quantity: 100, unit_price: 10, amount: 1000 },
      { position: "2", description: "Carbonated Water bottle Case 500ML", quantity: 100, unit_price: 250, amount: 25000 },
    ]);
  });

  it("gives a right-aligned quantity that crosses into the price column back to the quantity", async () => {
    // Quantities end at 378, well right of their header ("Qty" 340–355): a one-digit one centres past the midpoint.
    const lines: PrintedLine[] = [
      { y: 700, cells: [["Description", 60], ["Qty", 340], ["Unit Price", 395], ["Amount", 470]] },
      { y: 680, cells: [["Workflow implementation", 60], ["12", endingAt("12", 378)], ["$85.00", endingAt("$85.00", 440)], ["$1,020.00", endingAt("$1,020.00", 520)]] },
      { y: 665, cells: [["Validation module", 60], ["6", endingAt("6", 378)], ["$85.00", endingAt("$85.00", 440)], ["$510.00", endingAt("$510.00", 520)]] },
      { y: 650, cells: [["Technical documentation", 60], ["4", endingAt("4", 378)], ["$85.00", endingAt("$85.00", 440)], ["$340.00", endingAt("$340.00", 520)]] },
      { y: 625, cells: [["Subtotal", 395], ["$1,870.00", endingAt("$1,870.00", 520)]] },
    ];
    expect(await items(lines, "description", "quantity", "unit_price", "amount")).toEqual([
      { description: "Workflow implementation", quantity: 12, unit_price: 85, amount: 1020 },
      { description: "Validation module", quantity: 6, unit_price: 85, amount: 510 },
      { description: "Technical documentation", quantity: 4, unit_price: 85, amount: 340 },
    ]);
  });

  it("reads a quantity printed against the description, left of its header, and a code header a word space from the price header", async () => {
    const lines: PrintedLine[] = [
      { y: 700, cells: [["QTY", 50], ["Description", 160], ["Item Code", 260], ["Unit Price", endingAt("Unit Price", 350) + 3], ["Amount", 470]] },
      { y: 680, cells: [["1", endingAt("1", 156)], ["Premium subscription", 160], ["E233V", 260], ["6.99", endingAt("6.99", 360)], ["6.99", endingAt("6.99", 500)]] },
      { y: 665, cells: [["2", endingAt("2", 156)], ["Streaming plan", 160], ["TG546", 260], ["23.99", endingAt("23.99", 360)], ["47.98", endingAt("47.98", 500)]] },
      { y: 640, cells: [["Subtotal", 350], ["54.97", endingAt("54.97", 500)]] },
    ];
    // "Item Code" ends at 296.4, "Unit Price" starts a word space later: two columns, not one named by the code.
    expect(await items(lines, "item_code", "description", "quantity", "unit_price", "amount")).toEqual([
      { quantity: 1, description: "Premium subscription", item_code: "E233V", unit_price: 6.99, amount: 6.99 },
      { quantity: 2, description: "Streaming plan", item_code: "TG546", unit_price: 23.99, amount: 47.98 },
    ]);
  });

  it("leaves a unit after the quantity, and a number a description starts with at its header, where they are", async () => {
    const lines: PrintedLine[] = [
      { y: 700, cells: [["Description", 50], ["Qty", 300], ["Amount", 480]] },
      { y: 680, cells: [["Automation development", 50], ["40 h", 300], ["EUR 3,200.00", endingAt("EUR 3,200.00", 530)]] },
      { y: 665, cells: [["2 x network adapters", 50], ["1", 300], ["EUR 89.50", endingAt("EUR 89.50", 530)]] },
      { y: 640, cells: [["Total:", 400], ["EUR 3,289.50", endingAt("EUR 3,289.50", 530)]] },
    ];
    expect(await items(lines, "description", "quantity", "unit", "amount")).toEqual([
      { description: "Automation development", quantity: 40, unit: "h", amount: 3200 },
      { description: "2 x network adapters", quantity: 1, amount: 89.5 },
    ]);
  });
});

describe("a description glued to its quantity", () => {
  it("gives the quantity the digits glued to a description's last word when the row's arithmetic then holds", async () => {
    const glued = "Coffee and Espresso Maker1";
    const lines: PrintedLine[] = [
      { y: 700, cells: [["Pos", 40], ["Product", 80], ["Qty", endingAt("Qty", 230)], ["Price", endingAt("Price", 300)], ["Total", endingAt("Total", 380)]] },
      { y: 680, cells: [["1", 40], ["Desk lamp", 80], ["2", endingAt("2", 230)], ["45.00", endingAt("45.00", 300)], ["90.00", endingAt("90.00", 380)]] },
      // The description runs up to the quantity and is printed glued to it: the text layer holds one word "Maker1".
      { y: 665, cells: [["2", 40], [glued, endingAt(glued, 230)], ["159.99", endingAt("159.99", 300)], ["159.99", endingAt("159.99", 380)]] },
      // A word ending in digits whose split the arithmetic does not confirm stays whole.
      { y: 650, cells: [["3", 40], ["Fast charger USB3", endingAt("Fast charger USB3", 230)], ["12.00", endingAt("12.00", 300)], ["24.00", endingAt("24.00", 380)]] },
      { y: 625, cells: [["Total", 300], ["273.99", endingAt("273.99", 380)]] },
    ];
    const read = (await items(lines, "position", "description", "quantity", "unit_price", "amount")) as Array<Record<string, unknown>>;
    expect(read[1]).toEqual({ position: "2", description: "Coffee and Espresso Maker", quantity: 1, unit_price: 159.99, amount: 159.99 });
    expect(read[2]?.quantity).not.toBe(3);
  });
});
