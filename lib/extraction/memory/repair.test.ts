import { describe, expect, it } from "vitest";
import { repairPrinted } from "./repair";

describe("repairPrinted", () => {
  it("takes a word one letter off a word of the taught value for that word, in the printed case", () => {
    expect(repairPrinted("text", "MUKIM KAFAR 42100", "JALAN KAPAR, MUKIM KAPAR")).toBe("MUKIM KAPAR 42100");
    expect(repairPrinted("text", "Jalan Kafar,", "JALAN KAPAR")).toBe("Jalan KAPAR,");
  });

  it("leaves words that are not one slip from exactly one taught word", () => {
    expect(repairPrinted("text", "TMN INDAH PERDANA", "1225-DENGKIL")).toBe("TMN INDAH PERDANA");
    // Short words: one letter in four is another word ("LOTS" / "LOST").
    expect(repairPrinted("text", "LOST", "LOTS")).toBe("LOST");
    // The engine's rule (letter-slips): one letter off, however long the word; two slips are another reading.
    expect(repairPrinted("text", "KAWASAN PERIMDUSTRLAN", "KAWASAN PERINDUSTRIAN")).toBe("KAWASAN PERIMDUSTRLAN");
    expect(repairPrinted("text", "KAWASAN PERINDUSTRLAN", "KAWASAN PERINDUSTRIAN")).toBe("KAWASAN PERINDUSTRIAN");
  });

  it("checks an address's words against the address vocabulary as the engine does", () => {
    expect(repairPrinted("address", "PUSAT BANDAR KELANA JAYA, FETALING", "NO.41, JALAN SERI BINTANG 2")).toBe("PUSAT BANDAR KELANA JAYA, PETALING");
    expect(repairPrinted("text", "FETALING", "NO.41")).toBe("FETALING");
  });
});
