import { describe, expect, it } from "vitest";
import { extractDocument } from "../index";
import { lineItemsFields, printedPdf, type PrintedLine } from "./test-pdf";

const FIELDS = lineItemsFields("description", "quantity", "unit_price", "amount");

type Line = PrintedLine;


const header = (y: number): Line => ({ y, cells: [["Description", 50], ["Qty", 330], ["Unit Price", 390], ["Amount", 490]] });
const quantityOf = (n: number) => (n % 5) + 1;
const item = (y: number, n: number): Line => ({ y, cells: [[`Widget model ${n}`, 50], [String(quantityOf(n)), 335], [`${n}.00`, 395], [`${quantityOf(n) * n}.00`, 490]] });
const expected = (n: number) => ({ description: `Widget model ${n}`, quantity: quantityOf(n), unit_price: n, amount: quantityOf(n) * n });

/** A 28-item table: 21 items on the first page, 7 on the second, the page's foot given by `foot`. */
function twoPages(options: { repeatHeader: boolean; foot: Line[] }): Line[][] {
  const first: Line[] = [{ y: 800, cells: [["ACME Ltd", 50], ["INVOICE", 400]] }, { y: 780, cells: [["Invoice No: 123", 50]] }, header(600)];
  for (let n = 1; n <= 21; n += 1) first.push(item(595 - n * 20, n));
  first.push(...options.foot);
  const second: Line[] = [{ y: 800, cells: [["ACME Ltd", 50], ["Invoice 123 continued", 300]] }];
  if (options.repeatHeader) second.push(header(760));
  for (let n = 22; n <= 28; n += 1) second.push(item(760 - (n - 21) * 20, n));
  second.push({ y: 560, cells: [["Subtotal", 390], ["1,990.00", 490]] }, { y: 545, cells: [["Total", 390], ["1,990.00", 490]] }, { y: 40, cells: [["Page 2 of 2", 270]] });
  return [first, second];
}

const FOOTS: Array<[string, Line[]]> = [
  ["a page number", [{ y: 40, cells: [["Page 1 of 2", 270]] }]],
  ["the page's subtotal", [{ y: 150, cells: [["Subtotal", 390], ["1,526.00", 490]] }, { y: 40, cells: [["Page 1 of 2", 270]] }]],
  ["bank details", [{ y: 60, cells: [["Bank: Example Bank IBAN GB12 3456 7890 1234 56", 50]] }, { y: 48, cells: [["Registered in England 01234567", 50]] }]],
];

describe("a line-item table over a page break", () => {
  for (const repeatHeader of [true, false]) {
    for (const [foot, lines] of FOOTS) {
      it(`is one table of 28 items (${repeatHeader ? "header repeated" : "no header"} on page 2, ${foot} at the foot of page 1)`, async () => {
        const bytes = await printedPdf(twoPages({ repeatHeader, foot: lines }));
        const result = await extractDocument({ bytes, mimeType: "application/pdf", fields: FIELDS });
        expect(result.data.line_items).toEqual(Array.from({ length: 28 }, (_, i) => expected(i + 1)));
      });
    }
  }

  it("is one table when each item prints its description over its numbers and page 2 repeats no header", async () => {
    const twoLine = (y: number, n: number): Line[] => [
      { y, cells: [[`Widget model ${n}`, 50]] },
      { y: y - 10, cells: [[String(quantityOf(n)), 335], [`${n}.00`, 395], [`${quantityOf(n) * n}.00`, 490]] },
    ];
    const first: Line[] = [header(640)];
    for (let n = 1; n <= 21; n += 1) first.push(...twoLine(635 - n * 24, n));
    first.push({ y: 40, cells: [["Page 1 of 2", 270]] });
    const second: Line[] = [{ y: 800, cells: [["ACME Ltd", 50], ["Invoice 123 continued", 300]] }];
    for (let n = 22; n <= 28; n += 1) second.push(...twoLine(760 - (n - 21) * 24, n));
    second.push({ y: 540, cells: [["Total", 390], ["1,990.00", 490]] });
    const result = await extractDocument({ bytes: await printedPdf([first, second]), mimeType: "application/pdf", fields: FIELDS });
    expect(result.data.line_items).toEqual(Array.from({ length: 28 }, (_, i) => expected(i + 1)));
  });

  it("ends at a subtotal when the next page holds no items (terms on the last page)", async () => {
    const [first] = twoPages({ repeatHeader: false, foot: FOOTS[1]![1] });
    const terms: Line[] = [
      { y: 800, cells: [["Terms and conditions", 50]] },
      { y: 780, cells: [["1. Payment within 30 days. Late payments 2 5.00 10.00 fee", 50]] },
      { y: 760, cells: [["Returns 3 accepted within 14 days 7.50 22.50", 50]] },
    ];
    const result = await extractDocument({ bytes: await printedPdf([first!, terms]), mimeType: "application/pdf", fields: FIELDS });
    expect(result.data.line_items).toEqual(Array.from({ length: 21 }, (_, i) => expected(i + 1)));
  });
});
