import { describe, expect, it } from "vitest";
import { isRegionLine, joinSplitWords, mendNumberLetters, repairAddressText, repairAddressWord } from "./address-words";

describe("repairAddressWord", () => {
  it("repairs a word one letter off an address word, in the case it was read", () => {
    expect(repairAddressWord("PERTNDUSTRIAN")).toBe("PERINDUSTRIAN");
    expect(repairAddressWord("Bulch")).toBe("Bulch"); // four letters: too short for a guess
    expect(repairAddressWord("SARAWAX.")).toBe("SARAWAK.");
    // One letter from both spellings, Tanjung and Tanjong: nothing tells which.
    expect(repairAddressWord("TANJCNG,")).toBe("TANJCNG,");
    expect(repairAddressWord("Selangar.")).toBe("Selangor.");
  });

  it("repairs a long word that lost or gained a letter", () => {
    expect(repairAddressWord("KEMBANGAMN")).toBe("KEMBANGAN");
    expect(repairAddressWord("PERINDUSTRAN")).toBe("PERINDUSTRIAN");
  });

  it("reads a look-alike digit inside a word as its letter", () => {
    expect(repairAddressWord("4lam,40150")).toBe("4lam,40150"); // a postcode glued on: not one word
    expect(repairAddressWord("4lam")).toBe("Alam");
    expect(repairAddressWord("SELANG0R")).toBe("SELANGOR");
  });

  it("takes a capitalised three-letter word one letter off for an abbreviation", () => {
    expect(repairAddressWord("THN")).toBe("TMN");
    expect(repairAddressWord("JLM")).toBe("JLN");
    expect(repairAddressWord("the")).toBe("the");
    expect(repairAddressWord("KP3")).toBe("KP3");
  });

  it("leaves known words, codes, numbers and ambiguous slips alone", () => {
    for (const token of ["JALAN", "KPB", "SS21/1A", "L1-044B", "U13/X", "47400", "NO.3,", "SRI", "LOT", "OFF", "(X)", "SABAX"]) {
      expect(repairAddressWord(token)).toBe(token);
    }
  });
});

describe("address words run together", () => {
  it("get their space back when they split one way into two address words", () => {
    expect(repairAddressWord("KUALALUMPUR.")).toBe("KUALA LUMPUR.");
    expect(repairAddressWord("ShahAlam,")).toBe("Shah Alam,");
    expect(repairAddressWord("KEPONGBARU")).toBe("KEPONG BARU");
  });

  it("stay whole when the word is an address word itself or a part is short or unknown", () => {
    expect(repairAddressWord("PUTRAJAYA")).toBe("PUTRAJAYA");
    expect(repairAddressWord("SS2JAYA")).toBe("SS2JAYA");
    expect(repairAddressWord("QWERTYBARU")).toBe("QWERTYBARU");
  });
});

describe("repairAddressText", () => {
  it("keeps the spacing and punctuation of the address", () => {
    expect(repairAddressText("67,JLN MEWAH 25/63 THN SRI MUDA, 40400 SHAH ALAM.")).toBe("67,JLN MEWAH 25/63 TMN SRI MUDA, 40400 SHAH ALAM.");
    expect(repairAddressText("43300 SER1 KEMBANGAN")).toBe("43300 SERI KEMBANGAN");
    expect(repairAddressText("43300 SERI KEMBANGAMN,  SELANGOR")).toBe("43300 SERI KEMBANGAN,  SELANGOR");
  });
});

describe("numbers with a digit read as a letter", () => {
  it("get the digit back when the letter stands between two digits", () => {
    expect(mendNumberLetters("LOT P.T. 2B11, JALAN ANGSA")).toBe("LOT P.T. 2811, JALAN ANGSA");
    expect(repairAddressText("LOT 1851-A & 1B51-B, JALAN KPB 6")).toBe("LOT 1851-A & 1851-B, JALAN KPB 6");
  });

  it("keep a unit's or a lot's letter before or after its number, and letters with no digit look-alike", () => {
    expect(mendNumberLetters("NO. 31G&33G, U13/X, UNIT G-5B, 1851-B, JALAN PJU 1A/7A")).toBe("NO. 31G&33G, U13/X, UNIT G-5B, 1851-B, JALAN PJU 1A/7A");
    expect(mendNumberLetters("BLOCK 2C3")).toBe("BLOCK 2C3");
  });
});

describe("a joining word run into a street word", () => {
  it("gets its space back", () => {
    expect(repairAddressText("KEPONG ENTERPRENUERS PARK, OFFJALAN KEPONG")).toBe("KEPONG ENTERPRENUERS PARK, OFF JALAN KEPONG");
    expect(repairAddressWord("OffJalan")).toBe("Off Jalan");
  });

  it("leaves words that only start like one", () => {
    expect(repairAddressWord("OFFICE")).toBe("OFFICE");
    expect(repairAddressWord("OFFSHORE")).toBe("OFFSHORE");
  });
});

describe("a town's word misread beside the other word of the town", () => {
  it("is the town's word", () => {
    expect(repairAddressText("SEKSYEN U13, 40170 SHAH ALAN")).toBe("SEKSYEN U13, 40170 SHAH ALAM");
    expect(repairAddressText("SEKSYEN 4, BANDAR UTAHA, 44300 BATANG KALI")).toBe("SEKSYEN 4, BANDAR UTAMA, 44300 BATANG KALI");
    expect(repairAddressText("(X) U13/X, Setia Alan,")).toBe("(X) U13/X, Setia Alam,");
  });

  it("is left as printed alone, with a letter lost or added, or in a street one letter from a town", () => {
    expect(repairAddressText("JALAN ALAN 3")).toBe("JALAN ALAN 3");
    expect(repairAddressText("MINES MALL SRI KEMBANGAN")).toBe("MINES MALL SRI KEMBANGAN");
    expect(repairAddressText("9, JALAN SUBANG JASA 3, 40150 SHAH ALAM")).toBe("9, JALAN SUBANG JASA 3, 40150 SHAH ALAM");
    expect(repairAddressText("TAMAN SERDANG RAYA, 43300")).toBe("TAMAN SERDANG RAYA, 43300");
  });
});

describe("place names one letter apart", () => {
  it("leaves Kelang and Kelana as printed instead of taking them for Gelang", () => {
    expect(repairAddressText("BATU 5 JALAN KELANG LAMA 58000 KUALA LUMPUR")).toBe("BATU 5 JALAN KELANG LAMA 58000 KUALA LUMPUR");
    expect(repairAddressText("PUSAT BANDAR KELANA JAYA, PETALING")).toBe("PUSAT BANDAR KELANA JAYA, PETALING");
  });
});

describe("isRegionLine", () => {
  it("takes a line of states, towns and countries", () => {
    expect(isRegionLine("SELANGOR DARUL EHSAN.")).toBe(true);
    expect(isRegionLine("Kuala Lumpur, Malaysia")).toBe(true);
  });

  it("does not take a line with any other word", () => {
    expect(isRegionLine("SUNWAY SHAH ALAM")).toBe(false);
    expect(isRegionLine("THANK YOU")).toBe(false);
    expect(isRegionLine("")).toBe(false);
  });
});

describe("joinSplitWords", () => {
  it("joins a word the recogniser split in two", () => {
    expect(joinSplitWords("47301 PETAL ING JAYA, SELANGOR")).toBe("47301 PETALING JAYA, SELANGOR");
    expect(joinSplitWords("40150 SH AH ALAM, Se langor")).toBe("40150 SHAH ALAM, Selangor");
  });
  it("keeps two address words and words that join into none apart", () => {
    expect(joinSplitWords("PUTRA JAYA, KUALA LUMPUR")).toBe("PUTRA JAYA, KUALA LUMPUR");
    expect(joinSplitWords("TAMAN SRI SINAR")).toBe("TAMAN SRI SINAR");
  });
});
