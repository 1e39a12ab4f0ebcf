import { describe, expect, it } from "vitest";
import { textToPages } from "../loaders/plain-text";
import type { PageModel } from "../types";
import { extractScalarFields } from "./extract-fields";
import { misreadName } from "./misread-name";

describe("seller names with the marks of a misread", () => {
  it("are an unbalanced bracket or a digit between letters", () => {
    expect(misreadName("ENTERPRISE SETIA ALAM) SDN BHD")).toBe(true);
    expect(misreadName("FUN N CHEER (MALURI")).toBe(true);
    expect(misreadName("YONG S00N FATT S/B")).toBe(true);
  });

  it("are a zero beside letters, commas or doubled stops between initials, a split word's lower-case fragment", () => {
    expect(misreadName("EON C0. (M) BHD")).toBe(true);
    expect(misreadName("HAI-0 RAYA BHD")).toBe(true);
    expect(misreadName("0ld Town Bakery Sdn Bhd")).toBe(true);
    expect(misreadName("MR, D,I,Y, (KUCHAI) SDN BHD")).toBe(true);
    expect(misreadName("MR. D.I.. (M) SDN BHD")).toBe(true);
    expect(misreadName("PappaR i ch BMC")).toBe(true);
    expect(misreadName("Taste Of The Wor ld Sdn Bhd")).toBe(true);
    expect(misreadName("Taste of the World Sdn Bhd")).toBe(false);
    expect(misreadName("Café de Paris")).toBe(false);
    expect(misreadName("10 GRAM GOURMET SDN BHD")).toBe(false);
    expect(misreadName("MR. D.I.Y. (M) SDN BHD")).toBe(false);
  });

  it("are a first word in lower case before capitalised ones", () => {
    expect(misreadName("egi Cash & Carry Sdn. Bhd.")).toBe(true);
    expect(misreadName("e-Luscious Nederland B.V.")).toBe(false);
    expect(misreadName("myNEWS Retail Sdn Bhd")).toBe(false);
    expect(misreadName("kedai runcit maju")).toBe(false);
  });

  it("are not brackets that close, numbers of their own or a legal form", () => {
    expect(misreadName("AIK HUAT HARDWARE ENTERPRISE (SETIA ALAM) SDN BHD")).toBe(false);
    expect(misreadName("99 SPEED MART S/B")).toBe(false);
    expect(misreadName("7-ELEVEN MALAYSIA SDN BHD")).toBe(false);
  });
});

describe("the seller's name on an OCR'd page", () => {
  const FIELDS = [{ name: "vendor_name", type: "text" as const, description: "Seller" }];
  /** The page as OCR gives it: every word read with confidence 0.95 (a text layer's words have 1). */
  const scanned = (lines: string[]): PageModel => ({
    pages: textToPages(lines.join("\n")).map((page) => ({
      ...page,
      blocks: page.blocks.map((block) => ({ ...block, lines: block.lines.map((line) => ({ ...line, words: line.words.map((word) => ({ ...word, confidence: 0.95 })) })) })),
    })),
  });
  const name = (model: PageModel) => extractScalarFields(model, FIELDS).get("vendor_name")?.value ?? null;

  it("is left empty when it carries a misread's mark, kept otherwise and on a text layer", () => {
    const receipt = (seller: string) => [seller, "822737-X", "NO. 17-G, JALAN INDAH", "40170 SHAH ALAM", "TOTAL   12.00"];
    expect(name(scanned(receipt("YONG S00N FATT SDN BHD")))).toBe(null);
    expect(name(scanned(receipt("YONG SOON FATT SDN BHD")))).toBe("YONG SOON FATT SDN BHD");
    expect(name({ pages: textToPages(receipt("B2B SUPPLIES SDN BHD").join("\n")) })).toBe("B2B SUPPLIES SDN BHD");
  });
});
