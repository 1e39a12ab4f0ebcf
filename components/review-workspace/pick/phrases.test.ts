import { describe, expect, it } from "vitest";
import { clickMode, linesOf, phrasesOf, pickAtPoint, pickInArea, rowCellsInArea, type PickWord } from "./phrases";
import { assignRowCells, columnPlaces } from "./row-columns";

/** Words laid out like a page: each line at `top`, words at given lefts, 10 units high, 6 units per character. */
function line(top: number, ...words: Array<[string, number]>): PickWord[] {
  return words.map(([text, left]) => ({ text, rect: { left, top, right: left + text.length * 6, bottom: top + 10 } }));
}

const page: PickWord[] = [
  ...line(0, ["Global", 0], ["Wholesaler", 40], ["Ltd", 104]),
  ...line(20, ["Invoice", 0], ["Number:", 46], ["INV-7", 92]),
  ...line(40, ["Widget", 0], ["A", 40], ["2", 200], ["10.00", 260], ["20.00", 340]),
  // A word a little lower on the same line (scanned text is rarely straight) stays on it.
  ...line(62, ["Total", 0], ["due", 34]),
];
const at = (index: number) => ({ x: (page[index]!.rect.left + page[index]!.rect.right) / 2, y: page[index]!.rect.top + 5 });

describe("phrases on a page", () => {
  it("groups words into lines and lines into phrases at wide gaps and after labels", () => {
    const lines = linesOf(page);
    expect(lines.map((indices) => indices.map((index) => page[index]!.text).join(" "))).toEqual(["Global Wholesaler Ltd", "Invoice Number: INV-7", "Widget A 2 10.00 20.00", "Total due"]);
    const phrases = phrasesOf(page, lines[1]!).map((phrase) => phrase.map((index) => page[index]!.text).join(" "));
    expect(phrases).toEqual(["Invoice Number:", "INV-7"]);
    expect(phrasesOf(page, lines[2]!).map((phrase) => phrase.length)).toEqual([2, 1, 1, 1]);
  });

  it("a click takes the phrase, Alt-click one word, Shift-click extends the last pick", () => {
    expect(pickAtPoint(page, at(1), "phrase")?.text).toBe("Global Wholesaler Ltd");
    expect(pickAtPoint(page, at(1), "word")?.text).toBe("Wholesaler");
    expect(pickAtPoint(page, at(5), "phrase")?.text).toBe("INV-7");
    // The label's colon is not part of what is picked.
    expect(pickAtPoint(page, at(4), "phrase")?.text).toBe("Invoice Number");
    const first = pickAtPoint(page, at(6), "word");
    expect(pickAtPoint(page, at(7), "extend", first)?.text).toBe("Widget A");
    // Extending backwards and across lines keeps reading order.
    expect(pickAtPoint(page, at(2), "extend", pickAtPoint(page, at(5), "word"))?.text).toBe("Ltd Invoice Number: INV-7");
    // Shift-click with nothing picked before is a plain click.
    expect(pickAtPoint(page, at(0), "extend", null)?.text).toBe("Global Wholesaler Ltd");
  });

  it("takes the engine's phrases where the words carry them, whatever the gap between their tight OCR boxes", () => {
    // OCR boxes: "Global" and "Wholesaler" read as one phrase with a gap wider than the text-layer rule allows, and
    // a total read as a phrase of its own although it sits close to its label.
    const ocr: PickWord[] = [
      ...line(0, ["Global", 0], ["Wholesaler", 48]).map((word) => ({ ...word, phrase: 0 })),
      ...line(20, ["TOTAL", 0]).map((word) => ({ ...word, phrase: 1 })),
      ...line(20, ["27.50", 34]).map((word) => ({ ...word, phrase: 2 })),
    ];
    expect(pickAtPoint(ocr, { x: 50, y: 5 }, "phrase")?.text).toBe("Global Wholesaler");
    expect(pickAtPoint(ocr, { x: 36, y: 25 }, "phrase")?.text).toBe("27.50");
    // Without the engine's phrases the same boxes split at the wide gap and join at the narrow one.
    const bare = ocr.map(({ phrase: _phrase, ...word }) => word);
    expect(pickAtPoint(bare, { x: 50, y: 5 }, "phrase")?.text).toBe("Wholesaler");
    expect(pickAtPoint(bare, { x: 36, y: 25 }, "phrase")?.text).toBe("TOTAL 27.50");
  });

  it("takes the whole engine phrase when a tilted photo drifts its boxes onto two visual lines", () => {
    // "Wholesaler" sits 7 units higher than "Global" (more than half a 10-unit line): the visual grouping splits them.
    const tilted: PickWord[] = [
      ...line(10, ["Global", 0]).map((word) => ({ ...word, phrase: 0 })),
      ...line(3, ["Wholesaler", 40]).map((word) => ({ ...word, phrase: 0 })),
      ...line(30, ["Total:", 0], ["27.50", 40]).map((word) => ({ ...word, phrase: 1 })),
    ];
    expect(linesOf(tilted).length).toBe(3);
    expect(pickAtPoint(tilted, { x: 60, y: 8 }, "phrase")?.text).toBe("Global Wholesaler");
    expect(pickAtPoint(tilted, { x: 10, y: 15 }, "phrase")?.text).toBe("Global Wholesaler");
    // A label's colon still ends the pick inside one engine phrase.
    expect(pickAtPoint(tilted, { x: 50, y: 35 }, "phrase")?.text).toBe("27.50");
  });

  it("a click beside the text picks nothing", () => {
    expect(pickAtPoint(page, { x: 500, y: 5 }, "phrase")).toBeNull();
    expect(pickAtPoint(page, { x: 10, y: 15.5 }, "phrase")).toBeNull();
  });

  it("reads the modifier keys of a click", () => {
    expect(clickMode({ altKey: false, shiftKey: false })).toBe("phrase");
    expect(clickMode({ altKey: true, shiftKey: false })).toBe("word");
    expect(clickMode({ altKey: false, shiftKey: true })).toBe("extend");
  });

  it("a dragged box takes the words whose centre it covers, line by line", () => {
    expect(pickInArea(page, { left: 0, top: 0, right: 130, bottom: 30 })?.text).toBe("Global Wholesaler Ltd Invoice Number: INV-7");
    expect(pickInArea(page, { left: 300, top: 100, right: 400, bottom: 120 })).toBeNull();
  });

  it("a box over one line with several phrases is a table row; anything else is not", () => {
    const row = rowCellsInArea(page, { left: 0, top: 38, right: 400, bottom: 52 });
    expect(row?.map((cell) => cell.text)).toEqual(["Widget A", "2", "10.00", "20.00"]);
    expect(rowCellsInArea(page, { left: 0, top: 0, right: 130, bottom: 30 })).toBeNull();
    expect(rowCellsInArea(page, { left: 0, top: -2, right: 130, bottom: 12 })).toBeNull();
  });
});

describe("a picked row's phrases in the table's columns", () => {
  const cells = [
    { text: "Widget A", left: 0, right: 50 },
    { text: "2", left: 200, right: 206 },
    { text: "20.00", left: 340, right: 370 },
  ];

  it("goes by where the other rows' columns sit on the page", () => {
    const columns = [
      { name: "description", extent: { left: 0, right: 120 } },
      { name: "quantity", extent: { left: 195, right: 215 } },
      { name: "unitPrice", extent: { left: 255, right: 300 } },
      { name: "amount", extent: { left: 335, right: 380 } },
    ];
    expect(assignRowCells(cells, columns, 0)).toEqual({ description: "Widget A", quantity: "2", amount: "20.00" });
  });

  it("without positions, fills the columns left to right from the focused one", () => {
    const columns = ["sku", "description", "quantity", "amount"].map((name) => ({ name, extent: null }));
    expect(assignRowCells(cells, columns, 1)).toEqual({ description: "Widget A", quantity: "2", amount: "20.00" });
    // More phrases than columns left: the rest are not forced in.
    expect(assignRowCells(cells, columns, 2)).toEqual({ quantity: "Widget A", amount: "2" });
  });
});

describe("where a table's columns sit", () => {
  it("spans each column's cells in the other rows on the same page, and knows nothing of columns no other row shows", () => {
    const field = {
      name: "items",
      columns: [{ name: "description" }, { name: "quantity" }, { name: "amount" }],
    } as unknown as Parameters<typeof columnPlaces>[0];
    const cell = (x: number, w: number, page = 1) => ({ confidence: 0.9, source: { page, x, y: 0.5, w, h: 0.02 } });
    const metadata = {
      rows: [
        { description: cell(0.1, 0.2), quantity: cell(0.55, 0.02), amount: cell(0.8, 0.05, 2) },
        { description: cell(0.1, 0.25), quantity: cell(0.56, 0.03) },
        { description: cell(0.3, 0.3), quantity: cell(0.9, 0.05), amount: cell(0.7, 0.05) },
      ],
    };
    const places = columnPlaces(field, metadata, 3, { page: 1, exceptRow: 2 });
    expect(places.map((place) => place.name)).toEqual(["description", "quantity", "amount"]);
    expect(places[0]!.extent!.left).toBeCloseTo(0.1);
    expect(places[0]!.extent!.right).toBeCloseTo(0.35);
    expect(places[1]!.extent!.left).toBeCloseTo(0.55);
    expect(places[1]!.extent!.right).toBeCloseTo(0.59);
    // The one amount the other rows have is on page 2.
    expect(places[2]!.extent).toBeNull();
  });
});
