import { describe, expect, it } from "vitest";
import type { FieldDefinition, Word } from "../types";
import { joinDigitGroups } from "./digit-groups";
import { extractTableField } from "./extract-table";
import { line, pages } from "./test-pages";

const FIELD: FieldDefinition = {
  name: "line_items",
  type: "table",
  columns: ["position", "description", "quantity", "unit_price", "tax_rate", "amount"].map((name) => ({ name, type: name === "description" ? "text" : "number" })),
};

/** Words of one line as the text layer gives them: every space a break, a word space (5 pt at 10 pt) apart. */
function words(...cells: Array<[string, number, "right"?]>): Word[] {
  return pages([line(100, ...cells)]).pages[0]!.blocks.flatMap((b) => b.lines.flatMap((l) => l.words));
}

const ASPECT = 595 / 842;

/**
 * A number right-aligned at x whose groups stand 6 pt apart (0.6 of the 10 pt line): a word space in a wide font,
 * wider than the gap the reader of rows without a header joins cells at.
 */
function grouped(text: string, right: number): Array<[string, number]> {
  const groups = text.split(" ");
  const out: Array<[string, number]> = [];
  let x = right;
  for (const g of [...groups].reverse()) {
    x -= g.length * 5;
    out.unshift([g, x]);
    x -= 6;
  }
  return out;
}
const texts = (lines: Word[][]) => lines.map((ws) => ws.map((w) => w.text));

describe("numbers grouped in thousands by spaces", () => {
  it("joins a number of two groups or more, and one group with decimals on a page that groups so", () => {
    const grouped = words(["Camera", 50], ["3", 200, "right"], ["7 410 714.29", 320, "right"], ["357 142.86", 420, "right"]);
    expect(texts(joinDigitGroups([grouped], ASPECT))).toEqual([["Camera", "3", "7 410 714.29", "357 142.86"]]);
  });

  it("leaves a quantity and a price a word space apart on a page that prints no grouped number", () => {
    const narrow = words(["Coffee", 50], ["1 250.00", 200, "right"], ["250.00", 300, "right"]);
    expect(texts(joinDigitGroups([narrow], ASPECT))).toEqual([["Coffee", "1", "250.00", "250.00"]]);
  });

  it("joins no groups a column gap apart, nor a lead glued to a number before it", () => {
    const apart = words(["Item", 50], ["12", 200, "right"], ["345", 260, "right"], ["678.00", 330, "right"]);
    expect(texts(joinDigitGroups([apart], ASPECT))).toEqual([["Item", "12", "345", "678.00"]]);
  });

  it("reads an item table whose amounts are grouped by spaces, each number whole in its column", () => {
    const rows = (n: number, desc: string, qty: string, price: string, amount: string, tax: string) =>
      line(200 + n * 14, [String(n), 40], [desc, 60], [qty, 230, "right"], ...grouped(price, 320), ...grouped(amount, 410), ["12%", 440, "right"], ...grouped(tax, 520));
    const m = pages([
      line(60, ["Example Trading LLC", 40]),
      rows(1, "PTZ camera", "3.000000", "7 410 714.29", "22 232 142.86", "2 667 857.14"),
      rows(2, "Wi-fi router", "15.000000", "357 142.86", "5 357 142.86", "642 857.14"),
      rows(3, "Info kiosk", "12.000000", "11 904 761.91", "142 857 142.86", "17 142 857.14"),
    ]);
    const read = extractTableField(m, FIELD, { advanced: false }).rows;
    expect(read.map((r) => [r.description, r.quantity, r.unit_price, r.amount])).toEqual([
      ["PTZ camera", 3, 7410714.29, 22232142.86],
      ["Wi-fi router", 15, 357142.86, 5357142.86],
      ["Info kiosk", 12, 11904761.91, 142857142.86],
    ]);
  });
});
