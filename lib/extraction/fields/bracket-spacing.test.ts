import { describe, expect, it } from "vitest";
import { closeBracketSpaces } from "./bracket-spacing";

describe("closeBracketSpaces", () => {
  it("drops the spaces OCR leaves inside brackets", () => {
    expect(closeBracketSpaces("S.H.H.MOTOR ( SUNGAI RENGIT ) SDN.BHD")).toBe("S.H.H.MOTOR (SUNGAI RENGIT) SDN.BHD");
    expect(closeBracketSpaces("MR. D.I.Y. (KUCHAI ) SDN BHD")).toBe("MR. D.I.Y. (KUCHAI) SDN BHD");
  });
  it("keeps the spaces outside brackets and text without them as read", () => {
    expect(closeBracketSpaces("BOOK TA K (TAMAN DAYA)SDN BHD")).toBe("BOOK TA K (TAMAN DAYA)SDN BHD");
    expect(closeBracketSpaces("LOT 6, JALAN BATAI")).toBe("LOT 6, JALAN BATAI");
  });
});
