import { describe, expect, it } from "vitest";
import { spaceAfterBracket } from "./ocr-spacing";

describe("spaceAfterBracket", () => {
  it("puts back the space OCR lost after a closing bracket", () => {
    expect(spaceAfterBracket("GARDENIA BAKERIES (KL)SDN BHD")).toBe("GARDENIA BAKERIES (KL) SDN BHD");
    expect(spaceAfterBracket("JALAN SETIA INDAH (X)U13/X, SETIA ALAM")).toBe("JALAN SETIA INDAH (X) U13/X, SETIA ALAM");
  });

  it("leaves brackets followed by a space, punctuation or the end alone", () => {
    expect(spaceAfterBracket("MR. D.I.Y. (M) SDN BHD")).toBe("MR. D.I.Y. (M) SDN BHD");
    expect(spaceAfterBracket("SELANGOR (TESCO PUTRA NILAI).")).toBe("SELANGOR (TESCO PUTRA NILAI).");
    expect(spaceAfterBracket("ENTERPRISE (SETIA ALAM)")).toBe("ENTERPRISE (SETIA ALAM)");
  });
});
