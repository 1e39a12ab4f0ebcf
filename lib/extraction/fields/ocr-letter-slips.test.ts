import { describe, expect, it } from "vitest";
import { letterOForZero } from "./ocr-letter-slips";

describe("letterOForZero", () => {
  it("reads a zero in a word of capitals as the letter O", () => {
    expect(letterOForZero("NO.2, GR0UND FL00R, TAMAN REK0 SENTRAL, N0.3, JALAN PJS")).toBe("NO.2, GROUND FLOOR, TAMAN REKO SENTRAL, NO.3, JALAN PJS");
  });
  it("leaves numbers, postcodes and unit codes with other digits as read", () => {
    expect(letterOForZero("UNIT L1-044B, 40170 SHAH ALAM, SS20, B0")).toBe("UNIT L1-044B, 40170 SHAH ALAM, SS20, B0");
  });
});
