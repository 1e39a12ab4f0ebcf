import { describe, expect, it } from "vitest";
import { spaceAfterBracket, spaceBeforeBracket, spaceInLegalForm } from "./ocr-spacing";

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

describe("spaceBeforeBracket", () => {
  it("puts back the space OCR lost before an opening bracket", () => {
    expect(spaceBeforeBracket("KEDAI BAKERIES(KL) SDN BHD")).toBe("KEDAI BAKERIES (KL) SDN BHD");
  });

  it("leaves a bracket after a space or at the start alone", () => {
    expect(spaceBeforeBracket("MR. D.I.Y. (M) SDN BHD")).toBe("MR. D.I.Y. (M) SDN BHD");
    expect(spaceBeforeBracket("(KEPONG)")).toBe("(KEPONG)");
  });
});

describe("spaceInLegalForm", () => {
  it("splits SDNBHD read as one word, and keeps SDN.BHD as printed", () => {
    expect(spaceInLegalForm("KEDAI (KL) SDNBHD")).toBe("KEDAI (KL) SDN BHD");
    expect(spaceInLegalForm("Kedai SdnBhd")).toBe("Kedai Sdn Bhd");
    expect(spaceInLegalForm("KEDAI SDN.BHD")).toBe("KEDAI SDN.BHD");
  });
});
