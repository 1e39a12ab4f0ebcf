import { PDFDocument, StandardFonts, type PDFFont } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { extractDocument } from "../index";
import { brokenWords, countWords, joinBrokenWords } from "./broken-words";
import { closesSection, doubleCountedItems, nestedUnder } from "./item-hierarchy";
import { lineItemsFields, printedPdf, type PrintedLine } from "./test-pdf";
import type { Word } from "../types";

const FIELDS = lineItemsFields("position", "description", "quantity", "unit_price", "amount");
const header: PrintedLine = { y: 700, cells: [["Pos", 50], ["Description", 90], ["Qty", 330], ["Price", 400], ["Amount", 480]] };
const item = (y: number, pos: string, description: string, qty: string, price: string, amount: string): PrintedLine => ({
  y,
  cells: [[pos, 50], [description, 90], [qty, 330], [price, 400], [amount, 480]],
});

async function lineItems(lines: PrintedLine[]): Promise<unknown> {
  const result = await extractDocument({ bytes: await printedPdf([lines]), mimeType: "application/pdf", fields: FIELDS });
  return result.data.line_items;
}

describe("items counted twice by groups and bundles", () => {
  it("tells outline numbers nested under another", () => {
    expect(nestedUnder("01.01.02", "01.01")).toBe(true);
    expect(nestedUnder("1.2", "1")).toBe(true);
    expect(nestedUnder("12", "1")).toBe(false);
    expect(nestedUnder("1.", "1")).toBe(false);
    expect(nestedUnder("02.01", "01")).toBe(false);
  });

  it("leaves out a group's line whose amount its members add up to, and a bundle's unpriced contents", () => {
    const group = [
      { position: "01.01", amount: 2100 },
      { position: "01.01.01", amount: 700 },
      { position: "01.01.02", amount: 1400 },
      { position: "01.02", amount: 1500 },
    ];
    expect([...doubleCountedItems(group)]).toEqual([0]);
    const bundle = [
      { position: "01", amount: 45000 },
      { position: "01.01", amount: 0 },
      { position: "01.02", amount: 0 },
      { position: "02", amount: 12 },
    ];
    expect([...doubleCountedItems(bundle)].sort()).toEqual([1, 2]);
    // Members that do not add up to the line above are items of their own, and so is every line without numbers.
    expect(doubleCountedItems([{ position: "1", amount: 100 }, { position: "1.1", amount: 60 }]).size).toBe(0);
    expect(doubleCountedItems([{ position: null, amount: 100 }, { position: null, amount: 60 }, { position: null, amount: 40 }]).size).toBe(0);
  });

  it("closes a section at a subtotal of its items' sum only", () => {
    const items = (...amounts: number[]) => amounts.map((amount) => ({ position: null, amount }));
    expect(closesSection(1050, items(600, 450))).toBe(true);
    expect(closesSection(1000, items(600, 450))).toBe(false);
    expect(closesSection(1050, [])).toBe(false);
    // A group's line and its members count once.
    const group = [{ position: "1", amount: 300 }, { position: "1.1", amount: 100 }, { position: "1.2", amount: 200 }, { position: "2", amount: 50 }];
    expect(closesSection(350, group)).toBe(true);
  });

  it("reads on past a section's subtotal followed straight by the next section's items", async () => {
    const rows = await lineItems([
      header,
      item(680, "0101", "Laser printer", "2", "300.00", "600.00"),
      item(668, "0102", "Ink printer", "3", "150.00", "450.00"),
      item(650, "01", "Subtotal hardware", "1", "1,050.00", "1,050.00"),
      { y: 640, cells: [["Hardware total", 90]] },
      item(622, "0201", "Toner", "3", "120.00", "360.00"),
      item(610, "0202", "Paper", "10", "9.00", "90.00"),
      item(592, "02", "Subtotal accessories", "1", "450.00", "450.00"),
      { y: 560, cells: [["Total", 400], ["1,500.00", 480]] },
    ]);
    expect(rows).toEqual([
      { position: "101", description: "Laser printer", quantity: 2, unit_price: 300, amount: 600 },
      { position: "102", description: "Ink printer", quantity: 3, unit_price: 150, amount: 450 },
      { position: "201", description: "Toner", quantity: 3, unit_price: 120, amount: 360 },
      { position: "202", description: "Paper", quantity: 10, unit_price: 9, amount: 90 },
    ]);
  });

  it("still ends the table at a subtotal with taxes and totals under it", async () => {
    const rows = await lineItems([
      header,
      item(680, "1", "Desk lamp", "2", "20.00", "40.00"),
      { y: 660, cells: [["Subtotal", 400], ["40.00", 480]] },
      item(648, "", "VAT 20%", "", "40.00", "8.00"),
      { y: 636, cells: [["Total", 400], ["48.00", 480]] },
    ]);
    expect(rows).toEqual([{ position: "1", description: "Desk lamp", quantity: 2, unit_price: 20, amount: 40 }]);
  });

  it("reads a bundle as its priced line, not its unpriced contents, and a group as its members", async () => {
    const rows = await lineItems([
      header,
      item(680, "01", "Fall protection set", "10", "4,500.00", "45,000.00"),
      item(662, "01.01", "Harness", "10", "0.00", "0.00"),
      item(650, "01.02", "Helmet", "10", "0.00", "0.00"),
      item(632, "02", "Site clearance", "300", "7.00", "2,100.00"),
      item(620, "02.01", "Clear the site", "100", "7.00", "700.00"),
      item(608, "02.02", "Dispose of waste", "200", "7.00", "1,400.00"),
      { y: 580, cells: [["Total", 400], ["47,100.00", 480]] },
    ]);
    expect(rows).toEqual([
      { position: "1", description: "Fall protection set", quantity: 10, unit_price: 4500, amount: 45000 },
      { position: "02.01", description: "Clear the site", quantity: 100, unit_price: 7, amount: 700 },
      { position: "02.02", description: "Dispose of waste", quantity: 200, unit_price: 7, amount: 1400 },
    ]);
  });
});

describe("descriptions over more than one line", () => {
  it("keeps the second line of a description whose line total prints on it", async () => {
    const rows = await lineItems([
      header,
      item(680, "1", "Motor liability SF25 class 18", "1", "67.22", ""),
      { y: 670, cells: [["Region R9", 90], ["67.22", 480]] },
      item(650, "2", "Comprehensive cover class 21", "1", "117.65", ""),
      { y: 640, cells: [["Region R4", 90], ["117.65", 480]] },
      { y: 610, cells: [["Total", 400], ["184.87", 480]] },
    ]);
    expect(rows).toEqual([
      { position: "1", description: "Motor liability SF25 class 18 Region R9", quantity: 1, unit_price: 67.22, amount: 67.22 },
      { position: "2", description: "Comprehensive cover class 21 Region R4", quantity: 1, unit_price: 117.65, amount: 117.65 },
    ]);
  });

  /** Greedy wrapping at spaces, and a word wider than the column cut where it reaches the edge, as renderers do. */
  function wrap(text: string, width: number, font: PDFFont, size: number): string[] {
    const lines: string[] = [];
    let line = "";
    const fits = (t: string) => font.widthOfTextAtSize(t, size) <= width;
    for (const word of text.split(" ")) {
      let rest = word;
      const joined = line === "" ? rest : `${line} ${rest}`;
      if (fits(joined)) {
        line = joined;
        continue;
      }
      if (line !== "") lines.push(line);
      line = "";
      while (!fits(rest)) {
        let cut = rest.length - 1;
        while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    if (line !== "") lines.push(line);
    return lines;
  }

  it("joins a word the column cut without a hyphen, and keeps the spaces of lines wrapped at a space", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595, 842]);
    const descriptions = [
      "Pflasterdecke aus Pflastersteinen aus Beton, ungebundene Bauweise",
      "Staudenmischbepflanzung inkl. Gerüststräucher pflanzen, wässern",
      "Frostschutzschicht aus Mineralgemisch verdichten",
    ];
    const draw = (text: string, x: number, y: number) => page.drawText(text, { x, y, size: 9, font });
    draw("Description", 90, 700);
    draw("Qty", 330, 700);
    draw("Price", 400, 700);
    draw("Amount", 480, 700);
    let y = 680;
    descriptions.forEach((description, i) => {
      wrap(description, 95, font, 9).forEach((line, k) => draw(line, 90, y - k * 10));
      draw("10", 330, y);
      draw(`${i + 2}.00`, 400, y);
      draw(`${(i + 2) * 10}.00`, 480, y);
      y -= 10 * wrap(description, 95, font, 9).length + 12;
    });
    draw("Total", 400, y - 10);
    draw("90.00", 480, y - 10);
    const result = await extractDocument({ bytes: await doc.save(), mimeType: "application/pdf", fields: lineItemsFields("description", "quantity", "unit_price", "amount") });
    const rows = result.data.line_items as Array<{ description: string }>;
    expect(rows.map((r) => r.description)).toEqual(descriptions);
  });

  it("joins only a line of one word that reaches the width the other lines wrap at", () => {
    const word = (text: string, x: number, y: number): Word => ({ text, box: { x, y, w: text.length * 0.01, h: 0.01 }, confidence: 1 });
    const cells = [
      [word("Staudenmischbepflanzu", 0.1, 0.1), word("ng", 0.1, 0.12), word("inkl.", 0.13, 0.12)],
      [word("Mineralgemisch", 0.1, 0.2), word("0/45", 0.265, 0.2), word("Verdichtung", 0.1, 0.22), word("mind.", 0.22, 0.22)],
      [word("Seitenstreifen", 0.1, 0.3), word("vorbereiten", 0.1, 0.32)],
    ];
    // The first cell's single word ends at 0.31, the widest other line at 0.305 (within a character's width).
    expect(brokenWords(cells)).toEqual([[{ head: "Staudenmischbepflanzu", tail: "ng" }], [], []]);
    expect(joinBrokenWords("Staudenmischbepflanzu ng inkl.", [{ head: "Staudenmischbepflanzu", tail: "ng" }])).toBe("Staudenmischbepflanzung inkl.");
    // Alone, nothing tells the column's width.
    expect(brokenWords(cells.slice(0, 1))).toEqual([[]]);
    // A next part the page prints elsewhere as a word of its own is that word, wrapped at a space.
    const page = countWords([...cells.flat(), word("ng", 0.5, 0.5)]);
    expect(brokenWords(cells, page)).toEqual([[], [], []]);
  });
});
