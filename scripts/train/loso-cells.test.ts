import { describe, expect, it } from "vitest";
import { countCells, formatCells, noCells } from "./loso-cells";

describe("line-item cells of the leave-one-source-out run", () => {
  it("counts right, wrong and missing cells, found and spurious rows as the main benchmark does", () => {
    const counts = noCells();
    const gt = [
      { description: "Paper towels", quantity: "3", amount: "12.00" },
      { description: "Coffee beans", quantity: "2", amount: "24.00" },
    ];
    // The first row right, the second with a wrong quantity and no description, and one row the page does not hold.
    countCells(counts, gt, [{ description: "Paper towels", quantity: 3, amount: 12 }, { quantity: 5, amount: 24 }, { description: "Subtotal", amount: 36 }]);
    expect(counts).toMatchObject({ tp: 4, fp: 1 + 3, fn: 2, gtRows: 2, matchedRows: 2, predRows: 3, spuriousRows: 1, documents: 1 });
    expect(formatCells("test", counts)).toBe("| test | 1 | 0.571 | 100.0% (2/2) | 33.3% (1/3) |");
  });

  it("counts every cell of a row the engine missed as missing", () => {
    const counts = noCells();
    countCells(counts, [{ description: "Paper towels", amount: "12.00" }], []);
    expect(counts).toMatchObject({ tp: 0, fp: 0, fn: 2, matchedRows: 0, spuriousRows: 0 });
  });
});
