import { describe, expect, it } from "vitest";
import { labelPrintedLines } from "./printed-row-labels";

const HEADINGS = new Set(["consumables"]);

describe("labels of a table's lines from the printed page", () => {
  const gt = [
    { description: "Coffee beans, dark roast, 1 kg bag", quantity: "2", amount: "24.00" },
    { description: "Paper towels", quantity: "3", amount: "12.00" },
  ];

  it("tells items, wrapped descriptions, the generator's headings and the rest apart", () => {
    const lines = ["Consumables", "Coffee beans, dark roast, 2 12.00 24.00", "1 kg bag", "GTIN 4012345678901", "Paper towels 3 4.00 12.00", "Carried forward 36.00"];
    expect(labelPrintedLines(lines, gt, HEADINGS)).toEqual(["heading", "item", "continuation", "other", "item", "other"]);
  });

  it("finds an item whose first line prints only the description's first word", () => {
    const lines = ["01.02 Coffee 2 12.00 24.00", "beans, dark roast,", "1 kg bag", "Paper towels 3 4.00 12.00"];
    expect(labelPrintedLines(lines, gt, HEADINGS)).toEqual(["item", "continuation", "continuation", "item"]);
  });

  it("finds an item whose amount prints on its description's second line", () => {
    const lines = ["1 Coffee beans, dark roast, 2", "1 kg bag 24.00", "Paper towels 3 4.00 12.00"];
    expect(labelPrintedLines(lines, gt, HEADINGS)).toEqual(["item", "continuation", "item"]);
  });

  it("follows a word split by a hyphen over two lines", () => {
    const split = [{ description: "Staudenmischbepflanzung inkl. Gerüststräucher pflanzen", amount: "750.00" }];
    expect(labelPrintedLines(["03.02 Staudenmischbepflanzu 15,00 50 m² 750,00", "ng inkl. Gerüststräucher", "pflanzen"], split, HEADINGS)).toEqual(["item", "continuation", "continuation"]);
  });

  it("calls a note under an item other, and a parent line the ground truth does not list other", () => {
    const lines = ["01 Coffee set 36.00", "Coffee beans, dark roast, 2 12.00 24.00", "• Description: beans from Kenya", "Paper towels 3 4.00 12.00"];
    expect(labelPrintedLines(lines, gt, HEADINGS)).toEqual(["other", "item", "other", "item"]);
  });

  it("leaves out the lines under an item whose description the ground truth leaves empty", () => {
    const noDescription = [{ amount: "5000.00" }, { description: "Paper towels", amount: "12.00" }];
    const lines = ["02.03 Pflasterdecke, aus 20,00 250 5.000,00", "Pflastersteinen aus", "Beton", "Paper towels 3 4.00 12.00"];
    expect(labelPrintedLines(lines, noDescription, HEADINGS)).toEqual(["item", null, null, "item"]);
  });

  it("does not take an item's words without its amount for the item", () => {
    expect(labelPrintedLines(["Paper towels 3 4.00 99.00"], gt, HEADINGS)).toEqual(["other"]);
  });
});

describe("a line that picks the description up beside other columns' text", () => {
  it("is a continuation, and a note that does not is other", () => {
    const gt = [{ description: "Lieferung und Montage von Solarhaltern mit Systemziegel", amount: "3068.00" }];
    const lines = ["2 Lieferung und Montage 59,0000 52 Stk 0% 3.068,00", "Art-Nr-Lieferant: ARNR2 von Solarhaltern mit", "400003565778 (GTIN) Systemziegel", "Bruttopreis :59,0000"];
    expect(labelPrintedLines(lines, gt, HEADINGS)).toEqual(["item", "continuation", "continuation", "other"]);
  });
});
