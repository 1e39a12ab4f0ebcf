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
