import { describe, expect, it } from "vitest";
import { buildPage, type RawWord } from "../layout/build-page";
import type { FieldDefinition, PageModel } from "../types";
import { extractTableField } from "./extract-table";

const FIELD: FieldDefinition = {
  name: "line_items",
  type: "table",
  columns: ["position", "item_code", "description", "quantity", "unit", "unit_price", "tax_rate", "amount"].map((name) => ({ name, type: name === "description" || name === "item_code" || name === "unit" ? "text" : "number" })),
};

/** A cell: its text and x in points; numbers are given by their right edge, as tables print them. */
type Cell = [text: string, x: number, align?: "right"];

const CHAR_W = 5;
const SIZE = 10;

/** Words of one printed line at baseline y (points from the top), laid out as a PDF's text layer would give them. */
function line(y: number, ...cells: Cell[]): RawWord[] {
  return cells.flatMap(([text, x, align]) => {
    let cursor = align === "right" ? x - text.length * CHAR_W : x;
    return text.split(" ").map((t) => {
      const word = { text: t, x: cursor, y, w: t.length * CHAR_W, h: SIZE, confidence: 1 };
      cursor += (t.length + 1) * CHAR_W;
      return word;
    });
  });
}

function model(...pages: RawWord[][][]): PageModel {
  return { pages: pages.map((lines, i) => buildPage(i + 1, 595, 842, "text-layer", lines.flat())) };
}

const rows = (m: PageModel) => extractTableField(m, FIELD, { advanced: false }).rows;

const letterhead = [line(60, ["Example Supplies Ltd", 50]), line(74, ["12 Harbour Road, Springfield", 50]), line(120, ["Invoice 2024-117", 50], ["Date 03.05.2024", 400])];

describe("line items without a header row", () => {
  it("reads a table of three items from typed, aligned cells", () => {
    const items = [
      line(200, ["1", 50], ["Steel bracket, galvanised", 70], ["4", 330, "right"], ["12.50", 420, "right"], ["20 %", 470, "right"], ["50.00", 545, "right"]),
      line(216, ["2", 50], ["Hex bolt M8 x 40", 70], ["100", 330, "right"], ["0.35", 420, "right"], ["20 %", 470, "right"], ["35.00", 545, "right"]),
      line(232, ["3", 50], ["Mounting rail 2 m", 70], ["2", 330, "right"], ["18.90", 420, "right"], ["20 %", 470, "right"], ["37.80", 545, "right"]),
      line(264, ["Subtotal", 380], ["122.80", 545, "right"]),
      line(280, ["VAT 20 %", 380], ["24.56", 545, "right"]),
      line(296, ["Total", 380], ["147.36", 545, "right"]),
    ];
    expect(rows(model([...letterhead, ...items]))).toEqual([
      { position: "1", description: "Steel bracket, galvanised", quantity: 4, unit_price: 12.5, tax_rate: 20, amount: 50 },
      { position: "2", description: "Hex bolt M8 x 40", quantity: 100, unit_price: 0.35, tax_rate: 20, amount: 35 },
      { position: "3", description: "Mounting rail 2 m", quantity: 2, unit_price: 18.9, tax_rate: 20, amount: 37.8 },
    ]);
  });

  it("finds the amount by arithmetic when it is not the rightmost number, and reads units", () => {
    const items = [
      line(200, ["Cable tray", 50], ["3 pcs", 300, "right"], ["9,90", 380, "right"], ["29,70", 460, "right"], ["19 %", 545, "right"]),
      line(216, ["Cable ties (100)", 50], ["1 pcs", 300, "right"], ["4,20", 380, "right"], ["4,20", 460, "right"], ["19 %", 545, "right"]),
    ];
    expect(rows(model([...letterhead, ...items]))).toEqual([
      { description: "Cable tray", quantity: 3, unit: "pcs", unit_price: 9.9, amount: 29.7, tax_rate: 19 },
      { description: "Cable ties (100)", quantity: 1, unit: "pcs", unit_price: 4.2, amount: 4.2, tax_rate: 19 },
    ]);
  });

  it("joins multi-line descriptions and stops at identifier lines", () => {
    const items = [
      line(200, ["Consulting services", 50], ["8", 330, "right"], ["95.00", 420, "right"], ["760.00", 545, "right"]),
      line(213, ["Workshop preparation and", 50]),
      line(226, ["follow-up report", 50]),
      line(242, ["Travel expenses", 50], ["1", 330, "right"], ["84.60", 420, "right"], ["84.60", 545, "right"]),
      line(255, ["Serial: 99-1234", 50]),
      line(268, ["train ticket", 50]),
      line(300, ["Total", 380], ["844.60", 545, "right"]),
    ];
    expect(rows(model([...letterhead, ...items]))).toEqual([
      { description: "Consulting services Workshop preparation and follow-up report", quantity: 8, unit_price: 95, amount: 760 },
      { description: "Travel expenses", quantity: 1, unit_price: 84.6, amount: 84.6 },
    ]);
  });

  it("continues a table on a page without a repeated header", () => {
    const first = [
      ...letterhead,
      line(180, ["Pos", 50], ["Description", 70], ["Qty", 310], ["Unit price", 370], ["Amount", 505]),
      line(200, ["1", 50], ["Desk lamp", 70], ["2", 330, "right"], ["24.00", 420, "right"], ["48.00", 545, "right"]),
      line(216, ["2", 50], ["Office chair", 70], ["1", 330, "right"], ["189.00", 420, "right"], ["189.00", 545, "right"]),
      line(800, ["Page 1 of 2", 260]),
    ];
    const second = [
      line(60, ["Example Supplies Ltd", 50], ["Invoice 2024-117", 400]),
      line(100, ["3", 50], ["Filing cabinet", 70], ["1", 330, "right"], ["145.00", 420, "right"], ["145.00", 545, "right"]),
      line(116, ["4", 50], ["Paper A4, 500 sheets", 70], ["10", 330, "right"], ["4.50", 420, "right"], ["45.00", 545, "right"]),
      line(148, ["Total", 380], ["427.00", 545, "right"]),
      line(180, ["IBAN DE89 3704 0044 0532 0130 00", 50]),
    ];
    expect(rows(model(first, second))).toEqual([
      { position: "1", description: "Desk lamp", quantity: 2, unit_price: 24, amount: 48 },
      { position: "2", description: "Office chair", quantity: 1, unit_price: 189, amount: 189 },
      { position: "3", description: "Filing cabinet", quantity: 1, unit_price: 145, amount: 145 },
      { position: "4", description: "Paper A4, 500 sheets", quantity: 10, unit_price: 4.5, amount: 45 },
    ]);
  });

  it("finds nothing in a receipt's totals block, address block, dates and bank details", () => {
    const receipt = [
      line(40, ["QUICK MART SDN BHD", 60]),
      line(54, ["NO 12, JALAN MAJU 3", 60]),
      line(68, ["81300 SKUDAI JOHOR", 60]),
      line(82, ["TEL 07-556 1234", 60]),
      line(110, ["DATE 12/03/2019", 60], ["10:15", 200]),
      line(150, ["SUBTOTAL", 60], ["10.00", 220, "right"]),
      line(164, ["GST 6%", 60], ["0.60", 220, "right"]),
      line(178, ["ROUNDING", 60], ["0.00", 220, "right"]),
      line(192, ["TOTAL", 60], ["10.60", 220, "right"]),
      line(206, ["CASH", 60], ["20.00", 220, "right"]),
      line(220, ["CHANGE", 60], ["9.40", 220, "right"]),
      line(250, ["GST SUMMARY", 60], ["AMOUNT", 150], ["TAX", 200]),
      line(264, ["SR 6%", 60], ["10.00", 180, "right"], ["0.60", 220, "right"]),
      line(290, ["IBAN DE89 3704 0044 0532 0130 00", 60]),
      line(304, ["Account 1234 5678", 60], ["Sort code 12-34-56", 160]),
    ];
    expect(rows(model(receipt))).toEqual([]);
  });

  it("needs two aligned rows, or one that multiplies out", () => {
    const one = (amount: string) => [...letterhead, line(200, ["Annual maintenance", 50], ["3", 330, "right"], ["40.00", 420, "right"], [amount, 545, "right"])];
    expect(rows(model(one("120.00")))).toEqual([{ description: "Annual maintenance", quantity: 3, unit_price: 40, amount: 120 }]);
    expect(rows(model(one("125.00")))).toEqual([]);
  });

  it("takes lines of one amount each only when a line adds them up", () => {
    const lines = (third: string) => [
      ...letterhead,
      line(200, ["Liability cover", 50], ["50,00 €", 545, "right"]),
      line(214, ["Legal protection", 50], ["30,00 €", 545, "right"]),
      line(228, ["Annual premium", 50], [third, 545, "right"]),
    ];
    expect(rows(model(lines("80,00 €")))).toEqual([
      { description: "Liability cover", amount: 50 },
      { description: "Legal protection", amount: 30 },
    ]);
    expect(rows(model(lines("90,00 €")))).toEqual([]);
  });

  it("leaves a table with a recognised header to the header-based path", () => {
    const page = [
      ...letterhead,
      line(180, ["Description", 50], ["Qty", 310], ["Price", 385], ["Amount", 505]),
      line(200, ["Desk lamp", 50], ["2", 330, "right"], ["24.00", 420, "right"], ["48.00", 545, "right"]),
      line(216, ["Office chair", 50], ["1", 330, "right"], ["189.00", 420, "right"], ["189.00", 545, "right"]),
    ];
    const table = extractTableField(model(page), FIELD, { advanced: false });
    expect(table.rows).toHaveLength(2);
    expect(table.meta.rows[0]?.amount?.confidence).toBe(0.75);
  });
  it("reads a leading count and a short name as quantity and description, not a number and its unit", () => {
    const items = [
      line(200, ["2", 50], ["Milk", 70], ["1.20", 300, "right"], ["2.40", 400, "right"]),
      line(216, ["1", 50], ["Coffee beans", 70], ["8.90", 300, "right"], ["8.90", 400, "right"]),
      line(232, ["3", 50], ["Eggs", 70], ["0.30", 300, "right"], ["0.90", 400, "right"]),
      line(264, ["Total", 50], ["12.20", 400, "right"]),
    ];
    const read = rows(model([...letterhead, ...items]));
    expect(read.map((r) => r.description)).toEqual(["Milk", "Coffee beans", "Eggs"]);
    expect(read.map((r) => [r.quantity, r.amount])).toEqual([[2, 2.4], [1, 8.9], [3, 0.9]]);
    // A count with its unit and no name is no item.
    expect(rows(model([...letterhead, line(200, ["2", 50], ["pcs", 70], ["1.20", 300, "right"], ["2.40", 400, "right"]), line(216, ["3", 50], ["pcs", 70], ["0.30", 300, "right"], ["0.90", 400, "right"])]))).toEqual([]);
  });
  it("reads a unit column printed before the quantity as units, and joins item text set a little lower than its figures", () => {
    const items = [
      line(200, ["1", 50], ["Router 5G", 70], ["pcs", 300], ["15.000", 360, "right"], ["357.14", 440, "right"], ["5357.10", 545, "right"]),
      line(216, ["2", 50], ["pcs", 300], ["12.000", 360, "right"], ["11.50", 440, "right"], ["138.00", 545, "right"]),
      line(221, ["Info kiosk, 32 inch", 70]),
      line(237, ["3", 50], ["m", 300], ["8000.000", 360, "right"], ["0.50", 440, "right"], ["4000.00", 545, "right"]),
      line(242, ["UTP cable", 70]),
      line(270, ["Total", 380], ["9495.10", 545, "right"]),
    ];
    expect(rows(model([...letterhead, ...items]))).toEqual([
      { position: "1", description: "Router 5G", quantity: 15, unit: "pcs", unit_price: 357.14, amount: 5357.1 },
      { position: "2", description: "Info kiosk, 32 inch", quantity: 12, unit: "pcs", unit_price: 11.5, amount: 138 },
      { position: "3", description: "UTP cable", quantity: 8000, unit: "m", unit_price: 0.5, amount: 4000 },
    ]);
  });
  it("reads items that print their count with a times sign in running text, two lines at least", () => {
    const items = [
      line(200, ["Rice x 1 = 50.00", 50]),
      line(214, ["Sunflower oil x 2 = 240.00", 50]),
      line(228, ["Bread x3 90.00", 50]),
      line(242, ["2 x Espresso 7.00", 50]),
      line(270, ["Total x 1 = 387.00", 50]),
    ];
    expect(rows(model([...letterhead, ...items]))).toEqual([
      { description: "Rice", quantity: 1, amount: 50 },
      { description: "Sunflower oil", quantity: 2, amount: 240 },
      { description: "Bread", quantity: 3, amount: 90 },
      { description: "Espresso", quantity: 2, amount: 7 },
    ]);
    // One such line alone is a note, not a table, unless the amount printed under it is its own (totalled-times.test.ts).
    expect(rows(model([...letterhead, line(200, ["Delivery x 1 = 5.00", 50]), line(230, ["Total: 7.50", 50])]))).toEqual([]);
  });

  it("reads receipt lines of a price, a times sign and the count and the amount ('coca cola 3000 x6 =18000') when they multiply out", () => {
    const items = [
      line(200, ["coca cola", 50], ["3000", 150], ["x6", 180], ["=18000", 200]),
      line(214, ["plaquette oeuf", 50], ["2500", 150], ["x56", 180], ["=140000", 210]),
      line(240, ["TOTAL :158000", 50]),
    ];
    expect(rows(model([...letterhead, ...items]))).toEqual([
      { description: "coca cola", quantity: 6, unit_price: 3000, amount: 18000 },
      { description: "plaquette oeuf", quantity: 56, unit_price: 2500, amount: 140000 },
    ]);
    // Figures that do not multiply out (a phone number, a reference) are no items.
    const notes = [line(200, ["Depot Nord", 50], ["3000", 150], ["x6", 180], ["=1800", 200]), line(214, ["Depot Sud", 50], ["2500", 150], ["x5", 180], ["=1200", 210])];
    expect(rows(model([...letterhead, ...notes]))).toEqual([]);
  });
});
