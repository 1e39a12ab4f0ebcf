import { describe, expect, it } from "vitest";
import type { Word } from "../types";
import { readValue } from "./read-value";

/** Words of a value as a reader gives them (a text layer reads with confidence 1). */
const words = (text: string, confidence: number): Word[] =>
  text.split(" ").map((t, i) => ({ text: t, box: { x: i * 0.1, y: 0, w: 0.08, h: 0.02 }, confidence }));

describe("a date after its label with the first slash lost", () => {
  it("reads DDMM/YYYY and a slash read as 7 or 1 on an OCR'd page, day first", () => {
    expect(readValue("date", words("1202/2018", 0.9), "dmy")?.value).toBe("2018-02-12");
    expect(readValue("date", words("13707/2017", 0.9), "dmy")?.value).toBe("2017-07-13");
    expect(readValue("date", words("30103/2018 10:35", 0.9), "dmy")?.value).toBe("2018-03-30");
  });

  it("leaves month-first documents, text layers and impossible days and months alone", () => {
    expect(readValue("date", words("1202/2018", 0.9), "mdy")).toBe(null);
    expect(readValue("date", words("1202/2018", 1), "dmy")).toBe(null);
    expect(readValue("date", words("3213/2018", 0.9), "dmy")).toBe(null);
    expect(readValue("date", words("12345/2018", 0.9), "dmy")).toBe(null);
  });
});

describe("an invoice number after its label", () => {
  it("reads the number after a number sign glued to it", () => {
    expect(readValue("id", words("N°F-20240000010", 1), "dmy")?.value).toBe("F-20240000010");
    expect(readValue("id", words("Nº 4711", 1), "dmy")?.value).toBe("4711");
    expect(readValue("id", words("#INV-1001", 1), "dmy")?.value).toBe("INV-1001");
  });

  it("reads the number of a title that names the document before its number sign", () => {
    expect(readValue("id", words("Bau (875) Nr. 210111 vom 30.05.2025", 1), "dmy")?.value).toBe("210111");
    expect(readValue("id", words("des Versicherers (575) Nr. 01.234.567.8-2018-1 vom 06.12.2018", 1), "dmy")?.value).toBe("01.234.567.8-2018-1");
  });

  it("does not read another id's number sign after the title words", () => {
    expect(readValue("id", words("an Kunden Nr. 4711", 1), "dmy")).toBe(null);
    expect(readValue("id", words("to Customer No. 4711", 1), "dmy")).toBe(null);
    expect(readValue("id", words("für Auftrag Nr. 4711", 1), "dmy")).toBe(null);
  });
});

describe("a title's number sign after a preposition", () => {
  it("belongs to the thing the preposition names, not to the document", () => {
    expect(readValue("id", words("zur Kraftfahrtversicherung Nr. 00.123.456.7", 1), "dmy")).toBe(null);
    expect(readValue("id", words("for Project No. 4711", 1), "dmy")).toBe(null);
  });
});

describe("a bracketed type code before the number sign", () => {
  it("is skipped at full quality, as no title's words are", () => {
    expect(readValue("id", words("(380) Nr. 9099999999 vom 31.10.2026", 1), "dmy")).toMatchObject({ value: "9099999999", quality: 1 });
  });
});

describe("a number the text layer split", () => {
  it("reads no id from the rest of a number whose short first piece holds a digit", () => {
    for (const [head, tail] of [["A1", "2345"], ["7", "104512"], ["B2", "20190"]] as const) {
      expect(readValue("id", words(`${head} ${tail}`, 1), "dmy")).toBe(null);
      expect(readValue("id", words(`No. ${head}${tail}`, 1), "dmy")?.value).toBe(`${head}${tail}`);
    }
  });
});
