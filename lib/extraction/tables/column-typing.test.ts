import { describe, expect, it } from "vitest";
import { extractDocument } from "../index";
import { lineItemsFields, printedPdf, type PrintedLine } from "./test-pdf";

async function items(lines: PrintedLine[], ...columns: string[]) {
  const result = await extractDocument({ bytes: await printedPdf([lines]), mimeType: "application/pdf", fields: lineItemsFields(...columns) });
  return result.data.line_items;
}

describe("columns typed by their content and neighbours", () => {
  it("reads an 'Item' column of codes beside a 'Description' column as the codes", async () => {
    const lines: PrintedLine[] = [
      { y: 700, cells: [["Item", 50], ["Description", 140], ["Qty", 360], ["Unit Price", 400], ["Line Total", 480]] },
      { y: 680, cells: [["SRV-001", 50], ["Data engineering consulting", 140], ["8", 368], ["150.00", 410], ["1,200.00", 490]] },
      { y: 665, cells: [["SRV-002", 50], ["Architecture review", 140], ["1", 368], ["500.00", 410], ["500.00", 495]] },
      { y: 640, cells: [["Total", 400], ["1,700.00", 490]] },
    ];
    expect(await items(lines, "item_code", "description", "quantity", "unit_price", "amount")).toEqual([
      { item_code: "SRV-001", description: "Data engineering consulting", quantity: 8, unit_price: 150, amount: 1200 },
      { item_code: "SRV-002", description: "Architecture review", quantity: 1, unit_price: 500, amount: 500 },
    ]);
  });

  it("reads no code from an 'Item' column of names, and the description from the 'Description' column beside it", async () => {
    const lines: PrintedLine[] = [
      { y: 700, cells: [["Item", 50], ["Description", 160], ["Qty", 360], ["Price", 420], ["Total", 490]] },
      { y: 680, cells: [["Front End Consultation", 50], ["Experience Review", 160], ["4", 365], ["150.00", 420], ["600.00", 490]] },
      { y: 655, cells: [["Total", 420], ["600.00", 490]] },
    ];
    expect(await items(lines, "item_code", "description", "quantity", "unit_price", "amount")).toEqual([
      { description: "Experience Review", quantity: 4, unit_price: 150, amount: 600 },
    ]);
  });

  it("reads the description from a 'Description' column printed beside an item-name column", async () => {
    const lines: PrintedLine[] = [
      { y: 700, cells: [["Item Name", 50], ["Description", 150], ["Qty", 360], ["Price", 420], ["Total", 490]] },
      { y: 680, cells: [["Keyboard", 50], ["Slim wireless keyboard", 150], ["2", 365], ["50.00", 420], ["100.00", 490]] },
      { y: 665, cells: [["Monitor", 50], ["27 inch display", 150], ["1", 365], ["200.00", 420], ["200.00", 490]] },
      { y: 640, cells: [["Total", 420], ["300.00", 490]] },
    ];
    expect(await items(lines, "description", "quantity", "unit_price", "amount")).toEqual([
      { description: "Slim wireless keyboard", quantity: 2, unit_price: 50, amount: 100 },
      { description: "27 inch display", quantity: 1, unit_price: 200, amount: 200 },
    ]);
  });

  it("takes a quantity from the column of numbers when a name column's heading also reads as a count", async () => {
    const lines: PrintedLine[] = [
      { y: 700, cells: [["Nombre", 30], ["Descripción", 150], ["Cantidad", 330], ["Precio", 400], ["Subtotal", 490]] },
      { y: 680, cells: [["Teclado", 30], ["Teclado inalámbrico", 150], ["2", 345], ["50,00", 405], ["100,00", 495]] },
      { y: 665, cells: [["Pantalla", 30], ["Pantalla de 27 pulgadas", 150], ["1", 345], ["200,00", 405], ["200,00", 495]] },
      { y: 640, cells: [["Total", 400], ["300,00", 495]] },
    ];
    expect(await items(lines, "description", "quantity", "unit_price", "amount")).toEqual([
      { description: "Teclado inalámbrico", quantity: 2, unit_price: 50, amount: 100 },
      { description: "Pantalla de 27 pulgadas", quantity: 1, unit_price: 200, amount: 200 },
    ]);
  });

  it("reads a 'Sum' column as the line amount, and a bare 'Sum' line under it as the table's end", async () => {
    const lines: PrintedLine[] = [
      { y: 700, cells: [["DESCRIPTION", 90], ["HOURS", 280], ["PRICE", 360], ["SUM", 440]] },
      { y: 680, cells: [["Workshop preparation", 50], ["2", 290], ["10", 370], ["20", 445]] },
      { y: 665, cells: [["Workshop", 50], ["1", 290], ["10", 370], ["10", 445]] },
      { y: 650, cells: [["SUM", 360], ["30", 445]] },
      { y: 630, cells: [["Please pay within two weeks", 50]] },
    ];
    expect(await items(lines, "description", "quantity", "unit_price", "amount")).toEqual([
      { description: "Workshop preparation", quantity: 2, unit_price: 10, amount: 20 },
      { description: "Workshop", quantity: 1, unit_price: 10, amount: 10 },
    ]);
  });

  it("reads numbers printed right of their left-aligned headings, each ending near the next heading", async () => {
    const lines: PrintedLine[] = [
      { y: 700, cells: [["DESCRIPTION", 60], ["QTY", 280], ["UNIT PRICE", 340], ["TOTAL", 450]] },
      { y: 680, cells: [["Silk scarf", 60], ["63837", 305], ["103.70", 410], ["6619896.90", 502]] },
      { y: 665, cells: [["Marble bike", 60], ["8224", 311], ["317.22", 410], ["2608817.28", 502]] },
      { y: 640, cells: [["TOTAL", 455], ["9228714.18", 502]] },
    ];
    expect(await items(lines, "description", "quantity", "unit_price", "amount")).toEqual([
      { description: "Silk scarf", quantity: 63837, unit_price: 103.7, amount: 6619896.9 },
      { description: "Marble bike", quantity: 8224, unit_price: 317.22, amount: 2608817.28 },
    ]);
  });

  it("reads a lone 'Price' column of a table without quantities or line amounts as the line amount", async () => {
    const lines: PrintedLine[] = [
      { y: 700, cells: [["Product", 50], ["Price", 420]] },
      { y: 680, cells: [["Graphics card", 50], ["R$ 1.000,00", 420]] },
      { y: 665, cells: [["Processor", 50], ["R$ 800,00", 420]] },
      { y: 640, cells: [["Total:", 360], ["R$ 1.800,00", 420]] },
    ];
    expect(await items(lines, "description", "quantity", "unit_price", "amount")).toEqual([
      { description: "Graphics card", amount: 1000 },
      { description: "Processor", amount: 800 },
    ]);
  });

  it("reads a bare 'Price' right of 'Unit Price' and 'Qty' as the line amount", async () => {
    const lines: PrintedLine[] = [
      { y: 700, cells: [["Item", 50], ["Unit Price", 300], ["Qty", 390], ["Price", 470]] },
      { y: 680, cells: [["Wireless keyboard", 50], ["700.0", 310], ["1", 395], ["700.0", 475]] },
      { y: 665, cells: [["Memory module 4GB", 50], ["2400.0", 305], ["2", 395], ["4800.0", 470]] },
      { y: 640, cells: [["Sub Total :", 390], ["5500.0", 470]] },
    ];
    expect(await items(lines, "description", "quantity", "unit_price", "amount")).toEqual([
      { description: "Wireless keyboard", unit_price: 700, quantity: 1, amount: 700 },
      { description: "Memory module 4GB", unit_price: 2400, quantity: 2, amount: 4800 },
    ]);
  });

  it("knows 'name', 'Item name', 'Number of days' and 'Type of work' headers, and splits a code cell from the name beside it", async () => {
    const lines: PrintedLine[] = [
      { y: 700, cells: [["Service: consulting", 50]] },
      { y: 688, cells: [["code", 50], ["name", 170], ["Number of days", 300], ["Price per day", 390], ["total", 490]] },
      { y: 670, cells: [["1", 55], ["Cafe", 110], ["5", 320], ["200.0", 400], ["1000.0", 490]] },
      { y: 655, cells: [["3", 55], ["Medialuna salada", 110], ["2", 320], ["150.0", 400], ["300.0", 495]] },
      { y: 630, cells: [["Total", 390], ["1300.0", 490]] },
    ];
    expect(await items(lines, "item_code", "description", "quantity", "unit_price", "amount")).toEqual([
      { item_code: "1", description: "Cafe", quantity: 5, unit_price: 200, amount: 1000 },
      { item_code: "3", description: "Medialuna salada", quantity: 2, unit_price: 150, amount: 300 },
    ]);
  });
});
