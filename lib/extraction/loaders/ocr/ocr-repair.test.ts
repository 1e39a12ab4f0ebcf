import { describe, expect, it } from "vitest";
import type { RawWord } from "../../layout/build-page";
import { repairIban, repairIbans, repairOcrNumbers, repairOcrWords } from "./ocr-repair";

const word = (text: string, x: number, w = 30): RawWord => ({ text, x, y: 100, w, h: 20, confidence: 0.9 });

describe("repairOcrNumbers", () => {
  it("replaces digit look-alikes inside amounts only", () => {
    expect(repairOcrNumbers([word("1C.C0", 0), word("Cash", 100)]).map((w) => w.text)).toEqual(["10.00", "Cash"]);
  });
  it("restores a lost decimal point between tight digit groups", () => {
    expect(repairOcrNumbers([word("41", 0, 20), word("50", 26, 20)]).map((w) => w.text)).toEqual(["41.50"]);
    // A wide gap is a real column gap, not a lost point.
    expect(repairOcrNumbers([word("41", 0, 20), word("50", 80, 20)]).map((w) => w.text)).toEqual(["41", "50"]);
  });
});

describe("repairOcrWords", () => {
  const texts = (...words: string[]) => repairOcrWords(words.map((text, i) => word(text, i * 100))).map((w) => w.text);

  it("reads a look-alike digit between capitals as the letter", () => {
    expect(texts("MR.", "D.1.Y.", "(M)")).toEqual(["MR.", "D.I.Y.", "(M)"]);
    expect(texts("PR1MA")).toEqual(["PRIMA"]);
  });

  it("keeps codes that mix letters and digits on purpose", () => {
    expect(texts("KP3", "U13/X", "A4", "SS21/1A", "1851-B", "GST", "Total")).toEqual(["KP3", "U13/X", "A4", "SS21/1A", "1851-B", "GST", "Total"]);
  });

  it("repairs a legal form read one letter off", () => {
    expect(texts("HERO", "SON", "BHD")).toEqual(["HERO", "SDN", "BHD"]);
    expect(texts("HERO", "5DH", "BHD")).toEqual(["HERO", "SDN", "BHD"]);
    expect(texts("HERO", "5DN", "8HD")).toEqual(["HERO", "SDN", "BHD"]);
    expect(texts("HERO", "SDN", "BHO")).toEqual(["HERO", "SDN", "BHD"]);
    expect(texts("Hero", "Sdn", "Bhd")).toEqual(["Hero", "Sdn", "Bhd"]);
    expect(texts("SPEED", "MART", "S/8")).toEqual(["SPEED", "MART", "S/B"]);
    expect(texts("SPEED", "MART", "5/8", "(519537-X)")).toEqual(["SPEED", "MART", "S/B", "(519537-X)"]);
    // Only right before its partner word.
    expect(texts("SON", "OF", "MINE")).toEqual(["SON", "OF", "MINE"]);
  });
});

describe("repairIban", () => {
  it("puts look-alikes back where the country's format wants a letter or a digit, when mod 97 then holds", () => {
    expect(repairIban("NL91A8NA0417164300")).toBe("NL91ABNA0417164300");
    expect(repairIban("NL91ABNA04I7164300")).toBe("NL91ABNA0417164300");
    expect(repairIban("DE89370400440532O13000")).toBe("DE89370400440532013000");
  });
  it("drops one character read twice as itself and its look-alike", () => {
    expect(repairIban("NL91ABNAO0417164300")).toBe("NL91ABNA0417164300");
  });
  it("leaves readings the checksum refuses, and countries whose format it does not know", () => {
    expect(repairIban("NL91ABNA0417164301")).toBeNull();
    expect(repairIban("NL91ABNAA0417164300")).toBeNull();
    expect(repairIban("XX91ABNA0417164300")).toBeNull();
  });
});

describe("repairIbans", () => {
  it("repairs an IBAN printed in groups and vouches for its words", () => {
    const words = ["IBAN:", "NL91", "A8NA", "0417", "1643", "00", "BIC:"].map((text, i) => ({ ...word(text, i * 100), confidence: 0.4 }));
    const repaired = repairIbans(words);
    expect(repaired.map((w) => w.text)).toEqual(["IBAN:", "NL91", "ABNA", "0417", "1643", "00", "BIC:"]);
    expect(repaired.map((w) => w.confidence)).toEqual([0.4, 0.9, 0.9, 0.9, 0.9, 0.9, 0.4]);
  });
  it("leaves words that make no valid IBAN as they are", () => {
    const words = ["NL91", "A8NA", "0417", "1643", "01"].map((text, i) => word(text, i * 100));
    expect(repairIbans(words)).toEqual(words);
  });
});
