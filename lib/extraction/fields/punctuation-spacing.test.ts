import { describe, expect, it } from "vitest";
import { letterOForZero, spaceAfterComma, spaceAfterStop } from "./punctuation-spacing";

describe("spaceAfterComma", () => {
  it("puts back the space OCR drops after a comma before a letter", () => {
    expect(spaceAfterComma("27,JALAN DEDAP 13, TAMAN JOHOR JAYA, 81100 JOHOR BAHRU,JOHOR.")).toBe("27, JALAN DEDAP 13, TAMAN JOHOR JAYA, 81100 JOHOR BAHRU, JOHOR.");
  });
  it("leaves commas between digits and commas already spaced", () => {
    expect(spaceAfterComma("NO.53 55,57 & 59, JALAN SAGU 18")).toBe("NO.53 55,57 & 59, JALAN SAGU 18");
  });
});

describe("spaceAfterStop", () => {
  it("puts back the space after a stop before a word", () => {
    expect(spaceAfterStop("S.H.H.MOTOR (SUNGAI RENGIT) SDN.BHD")).toBe("S.H.H. MOTOR (SUNGAI RENGIT) SDN. BHD");
  });
  it("keeps initials, stops before digits and short parts as read", () => {
    expect(spaceAfterStop("MR. D.I.Y. (M) SDN BHD")).toBe("MR. D.I.Y. (M) SDN BHD");
    expect(spaceAfterStop("NO.53 MART S.B")).toBe("NO.53 MART S.B");
  });
});

describe("letterOForZero", () => {
  it("reads a zero in a word of capitals as the letter O", () => {
    expect(letterOForZero("NO.2, GR0UND FL00R, TAMAN REK0 SENTRAL, N0.3, JALAN PJS")).toBe("NO.2, GROUND FLOOR, TAMAN REKO SENTRAL, NO.3, JALAN PJS");
  });
  it("leaves numbers, postcodes and unit codes with other digits as read", () => {
    expect(letterOForZero("UNIT L1-044B, 40170 SHAH ALAM, SS20, B0")).toBe("UNIT L1-044B, 40170 SHAH ALAM, SS20, B0");
  });
});
