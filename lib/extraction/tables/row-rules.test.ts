import { describe, expect, it } from "vitest";
import type { TableRow, Word } from "../types";
import { NUMERIC_CELL, splitBracketedCode, startsWithTotalsLabel } from "./row-rules";

const fields = new Map([
  ["description", "description"],
  ["item_code", "item_code"],
]);
const split = (description: string): TableRow => {
  const row: TableRow = { description };
  splitBracketedCode(row, fields);
  return row;
};
const words = (text: string): Word[] => text.split(" ").map((t) => ({ text: t, box: { x: 0, y: 0, w: 0, h: 0 }, confidence: 1 }));

describe("table row rules", () => {
  it("splits item codes off descriptions", () => {
    expect(split("[FURN_7777] Office Chair")).toEqual({ item_code: "FURN_7777", description: "Office Chair" });
    expect(split("*987123* Olive Oil")).toEqual({ item_code: "987123", description: "Olive Oil" });
    expect(split("E103184 Onderhoudsset CA6707/10")).toEqual({ item_code: "E103184", description: "Onderhoudsset CA6707/10" });
    // Model names and quantities are not codes.
    expect(split("MSI GS60 2QE-226NL Ghost Pro")).toEqual({ description: "MSI GS60 2QE-226NL Ghost Pro" });
    expect(split("300 cm x 100 cm")).toEqual({ description: "300 cm x 100 cm" });
  });

  it("recognises numeric cells", () => {
    for (const ok of ["12,00", "€ 2.321,00", "10 Stk", "21%", "-5,00", "(4.00)", "1.00 kg", "USD 70.00", "3 m²", "R$ 30.00", "US$ 5.00", "Rp1.000.000", "Rp. 250.000"]) expect(NUMERIC_CELL.test(ok)).toBe(true);
    for (const bad of ["15:39 Uhr bis", "Habermann (Vorsitz) 10", "Basismenge: 1 Stk", "Rua 123"]) expect(NUMERIC_CELL.test(bad)).toBe(false);
  });

  it("knows the rows that end a table", () => {
    expect(startsWithTotalsLabel(words("Rechnungssumme Netto 198,00"))).toBe(true);
    expect(startsWithTotalsLabel(words("Sub Total 295.00"))).toBe(true);
    expect(startsWithTotalsLabel(words("Kunstrasen grün 3m"))).toBe(false);
  });
});
