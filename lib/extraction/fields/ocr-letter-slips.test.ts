import { describe, expect, it } from "vitest";
import { letterIOrEll, letterOForZero, postcodeLeadingB } from "./ocr-letter-slips";

describe("letterOForZero", () => {
  it("reads a zero in a word of capitals as the letter O", () => {
    expect(letterOForZero("NO.2, GR0UND FL00R, TAMAN REK0 SENTRAL, N0.3, JALAN PJS")).toBe("NO.2, GROUND FLOOR, TAMAN REKO SENTRAL, NO.3, JALAN PJS");
  });
  it("leaves numbers, postcodes and unit codes with other digits as read", () => {
    expect(letterOForZero("UNIT L1-044B, 40170 SHAH ALAM, SS20, B0")).toBe("UNIT L1-044B, 40170 SHAH ALAM, SS20, B0");
  });
});

describe("letterIOrEll", () => {
  it("reads a small l in a word of capitals as I", () => {
    expect(letterIOrEll("81750 MASAl, JOHOR")).toBe("81750 MASAI, JOHOR");
  });
  it("reads a capital I after a word's first capital and before small letters as l", () => {
    expect(letterIOrEll("No 1, JIn Desa, 41000 KIang")).toBe("No 1, Jln Desa, 41000 Klang");
  });
  it("reads a small l starting a word before a consonant as I", () => {
    expect(letterIOrEll("Jalan lpoh Batu 5")).toBe("Jalan Ipoh Batu 5");
  });
  it("leaves words of another shape as read", () => {
    const text = "Mall, Level 1, ILMU, Lot 12, lane, SS21, Ltd, lt, McIntyre Road, L1-044B";
    expect(letterIOrEll(text)).toBe(text);
  });
});

describe("postcodeLeadingB", () => {
  it("reads a B before four digits and a town as an 8", () => {
    expect(postcodeLeadingB("PERMAS JAYA B1750 MASAI")).toBe("PERMAS JAYA 81750 MASAI");
  });
  it("leaves unit codes and other words as read", () => {
    expect(postcodeLeadingB("BLOCK B1234, UNIT B12 JALAN, B1750")).toBe("BLOCK B1234, UNIT B12 JALAN, B1750");
  });
});
