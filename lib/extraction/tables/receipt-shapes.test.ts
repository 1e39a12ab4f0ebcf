import { describe, expect, it } from "vitest";
import type { FieldDefinition } from "../types";
import { extractTableField } from "./extract-table";
import { line, pages, sizedLine } from "./test-pages";

const FIELD: FieldDefinition = {
  name: "line_items",
  type: "table",
  columns: ["position", "item_code", "description", "quantity", "unit", "unit_price", "tax_rate", "amount"].map((name) => ({ name, type: name === "description" || name === "item_code" || name === "unit" ? "text" : "number" })),
};

const rows = (...lines: ReturnType<typeof line>[]) => extractTableField(pages(lines), FIELD, { advanced: false }).rows;

const letterhead = [line(60, ["Example Store", 50]), line(74, ["12 Harbour Road, Springfield", 50]), line(120, ["Receipt 2024-117", 50], ["Date 03.05.2024", 400])];

/** Names and counts of a generated delivery list. */
const GOODS = ["Case - Camo", "Case - Herb Infused", "Hot Sauce Red", "Dry Rub", "Gift Box - Large"];

describe("receipts and lists without a table", () => {
  it("reads a delivery list without money, 'name - count' lines, three at least", () => {
    for (const count of [3, 4, 5]) {
      const list = GOODS.slice(0, count).map((name, k) => line(200 + k * 14, [`${name} - ${k + 2}`, 50]));
      expect(rows(...letterhead, line(170, ["The following products were delivered:", 50]), ...list, line(300, ["Total: $ 325.00", 50]))).toEqual(
        GOODS.slice(0, count).map((description, k) => ({ description, quantity: k + 2 })),
      );
    }
    // Two such lines are a note and its continuation; lines far apart or from other edges are no list.
    expect(rows(...letterhead, line(200, ["Room - 2", 50]), line(214, ["Floor - 3", 50]))).toEqual([]);
    expect(rows(...letterhead, line(200, ["Room - 2", 50]), line(260, ["Floor - 3", 50]), line(320, ["Wing - 4", 50]))).toEqual([]);
    expect(rows(...letterhead, line(200, ["Room - 2", 50]), line(214, ["Floor - 3", 120]), line(228, ["Wing - 4", 50]))).toEqual([]);
  });

  it("reads times-sign lines the amount under them confirms: one line alone, or whole prices times their counts", () => {
    // One line and the amount paid under it: its own amount.
    expect(rows(...letterhead, line(200, ["1 x Crema corpo", 50], ["€ 6,10", 450]), line(240, ["Importo pagato", 250], ["€ 6,10", 450]))).toEqual([
      { description: "Crema corpo", quantity: 1, amount: 6.1 },
    ]);
    // Whole prices with the currency after them, a note under the first: 2 × 550 + 1 × 400 = 1500, so they are unit prices.
    expect(
      rows(...letterhead, line(200, ["2 x Classic Beef Burger - 550 PKR", 50]), line(213, ["Removals: Tomato, Onion", 50]), line(226, ["1 x Loaded Fries - 400 PKR", 50]), line(250, ["Total: 1500 PKR", 350])),
    ).toEqual([
      { description: "Classic Beef Burger Removals: Tomato, Onion", quantity: 2, unit_price: 550 },
      { description: "Loaded Fries", quantity: 1, unit_price: 400 },
    ]);
    // Summed as printed: 2 × Tea 7 + 1 × Cake 5 = 12, so they are line amounts.
    expect(rows(...letterhead, line(200, ["2 x Tea - 7 EUR", 50]), line(214, ["1 x Cake - 5 EUR", 50]), line(240, ["Total: 12 EUR", 350]))).toEqual([
      { description: "Tea", quantity: 2, amount: 7 },
      { description: "Cake", quantity: 1, amount: 5 },
    ]);
    // Without an amount under them that is their sum, nothing is read.
    expect(rows(...letterhead, line(200, ["1 x Crema corpo", 50], ["€ 6,10", 450]), line(240, ["Importo pagato", 250], ["€ 7,10", 450]))).toEqual([]);
    expect(rows(...letterhead, line(200, ["2 x Tea - 7 EUR", 50]), line(214, ["1 x Cake - 5 EUR", 50]))).toEqual([]);
  });

  it("reads an item's labelled values stacked one to a line", () => {
    const item = (y: number, name: string, quantity: string, amount: string) => [line(y, [`Produit : ${name}`, 50]), line(y + 14, [`Quantité : ${quantity}`, 200]), line(y + 28, [`Montant : ${amount} TND`, 180])];
    expect(rows(...letterhead, ...item(200, "Lampe de bureau", "2", "40.00"), ...item(250, "Chaise", "4", "570.66"), line(300, ["Total Avoir : 610.66 TND", 170]))).toEqual([
      { description: "Lampe de bureau", quantity: 2, amount: 40 },
      { description: "Chaise", quantity: 4, amount: 570.66 },
    ]);
    // One stacked item whose numbers do not multiply out is no table (a totals block reads the same way).
    expect(rows(...letterhead, ...item(200, "Lampe de bureau", "2", "45.00"))).toEqual([]);
  });

  it("reads a till's code with its numbers and the name under them, under a currency heading for the line amount", () => {
    const item = (y: number, code: string, name: string, price: string, qty: string, amount: string) => [
      line(y, [code, 30], [price, 260, "right"], [qty, 360, "right"], [amount, 440, "right"], ["S", 520]),
      line(y + 12, [name, 30]),
    ];
    expect(
      rows(
        ...letterhead,
        line(180, ["ITEM(s)", 30], ["Price", 230], ["QTY", 340], ["RM", 425], ["Tax Code", 480]),
        ...item(200, "20062218", "FLOWER VASE M", "9.40", "1", "9.4"),
        ...item(226, "20697078", "BROCCOLI PC", "1.88", "2", "3.76"),
        line(280, ["Total Item", 30], ["2", 360, "right"]),
        line(300, ["Total ( inclusive GST @ 6% )", 30], ["13.16", 360, "right"]),
      ),
    ).toEqual([
      { item_code: "20062218", description: "FLOWER VASE M", unit_price: 9.4, quantity: 1, amount: 9.4 },
      { item_code: "20697078", description: "BROCCOLI PC", unit_price: 1.88, quantity: 2, amount: 3.76 },
    ]);
  });

  it("reads a till print wrapped cell by cell under a staircase header", () => {
    const dishes: Array<[string, string, string]> = [["Burger", "1", "$5.99"], ["Pizza", "2", "$17.98"], ["Green Salad", "1", "$4.99"]];
    const stair = (y: number, [a, b, c]: [string, string, string]) => [line(y, [a, 100]), line(y + 12, [b, 215]), line(y + 24, [c, 280])];
    const printed = [
      ...letterhead,
      line(170, ["Item", 105]),
      line(182, ["Qty", 210]),
      line(194, ["Price", 277]),
      line(212, ["--------------------------------", 290]),
      ...dishes.flatMap((d, k) => stair(226 + k * 40, d)),
      line(352, ["--------------------------------", 290]),
      line(366, ["Total:", 30]),
      line(378, ["$28.96", 300]),
    ];
    expect(rows(...printed)).toEqual([
      { description: "Burger", quantity: 1, unit_price: 5.99, amount: 5.99 },
      { description: "Pizza", quantity: 2, unit_price: 17.98 },
      { description: "Green Salad", quantity: 1, unit_price: 4.99, amount: 4.99 },
    ]);
    // Labels one to a line that do not step right are a list of headings, not a header; cells that stand under
    // another label than their own end the items.
    expect(rows(...letterhead, line(170, ["Item", 105]), line(182, ["Qty", 105]), line(194, ["Price", 105]), ...stair(226, dishes[0]!))).toEqual([]);
    expect(rows(...letterhead, line(170, ["Item", 105]), line(182, ["Qty", 210]), line(194, ["Price", 277]), line(226, ["Burger", 100]), line(238, ["$5.99", 280]), line(250, ["1", 215]))).toEqual([]);
  });

  it("reads a plain-text table drawn with bars and a rule of dashes under its header", () => {
    const table = (bar: string) => [
      line(180, ["| Description", 30], [`| Quantité | Prix Unitaire (TND) | Montant (TND) ${bar}`, 200]),
      line(192, ["|-----------------------------------|----------|---------------------|---------------|", 30]),
      line(204, ["| Création du site web", 30], ["| 1", 205], ["| 1500", 300], ["| 1500", 390], ["|", 445]),
      line(216, ["| Hébergement annuel", 30], ["| 2", 205], ["| 120", 300], ["| 240", 390], ["|", 445]),
      line(240, ["---", 30]),
      line(260, ["Montant Total à Payer : 1740 TND", 30]),
    ];
    expect(rows(...letterhead, ...table("|"))).toEqual([
      { description: "Création du site web", quantity: 1, unit_price: 1500, amount: 1500 },
      { description: "Hébergement annuel", quantity: 2, unit_price: 120, amount: 240 },
    ]);
    // A bar inside one description, on a page without a drawn rule, is the description's own.
    expect(rows(...letterhead, line(180, ["Description", 30], ["Qty", 300], ["Amount", 420]), line(196, ["GSUITE | 76387", 30], ["1", 300], ["18.00", 420]))).toEqual([
      { description: "GSUITE | 76387", quantity: 1, amount: 18 },
    ]);
  });

  it("reads a lump sum right over the totals as the last item only when the items then add up to the total", () => {
    const table = (lump: string, total: string) => [
      ...letterhead,
      line(180, ["Désignation", 30], ["PU", 330], ["Quantité", 380], ["PT", 470]),
      line(196, ["Lecteur esclave", 30], ["85 000", 350, "right"], ["18", 410, "right"], ["1 530 000", 490, "right"]),
      line(210, ["Cable réseau", 30], ["950", 350, "right"], ["30", 410, "right"], ["28 500", 490, "right"]),
      line(224, ["Installation et configuration", 60], [lump, 490, "right"]),
      line(238, ["TOTAL HT", 250], [total, 490, "right"]),
    ];
    expect(rows(...table("650 000", "2 208 500"))).toEqual([
      { description: "Lecteur esclave", unit_price: 85000, quantity: 18, amount: 1530000 },
      { description: "Cable réseau", unit_price: 950, quantity: 30, amount: 28500 },
      { description: "Installation et configuration", amount: 650000 },
    ]);
    // A line whose amount the total leaves out (a note's figure, a deposit) is no item.
    expect(rows(...table("650 000", "1 558 500"))).toHaveLength(2);
    expect(rows(...table("650 000", "3 000 000"))).toHaveLength(2);
  });

  it("reads a quantity whose unit stands in brackets, and leaves a large logo far under the items out of the description", () => {
    expect(
      rows(
        ...letterhead,
        line(180, ["Artikel", 30], ["Antal", 300], ["Pris", 450]),
        line(196, ["Service support basic contract", 30], ["1 (st)", 300], ["19875", 450]),
        sizedLine(40, 240, ["CS", 30]),
      ),
    ).toEqual([{ description: "Service support basic contract", quantity: 1, unit: "st", unit_price: 19875, amount: 19875 }]);
  });
});
