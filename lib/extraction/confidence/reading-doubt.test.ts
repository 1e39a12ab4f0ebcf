import { describe, expect, it } from "vitest";
import type { PageModel, ValueEvidence, Word } from "../types";
import { calibratedConfidence, CALIBRATION } from "./model";
import { fitReadingRates, MIN_READING_VALUES, readingDoubt, readingGroup, valueWords } from "./reading-doubt";

const word = (text: string, least: number, x = 0.1, y = 0.1): Word => ({ text, box: { x, y, w: 0.1, h: 0.02 }, confidence: 0.95, least });

function page(lines: Word[][]): PageModel {
  return {
    pages: [
      {
        number: 1,
        width: 600,
        height: 1000,
        source: "ocr",
        blocks: lines.map((words) => {
          const box = { x: 0.1, y: words[0]!.box.y, w: 0.8, h: 0.02 };
          return { box, lines: [{ text: words.map((w) => w.text).join(" "), box, words }] };
        }),
      },
    ],
  } as PageModel;
}

describe("readingDoubt", () => {
  it("calls a reading clean when every letter was read surely, in capitals, marks followed by a space", () => {
    expect(readingDoubt("NO 37, JALAN MANIS 7", [word("NO", 0.99), word("37,", 0.95), word("JALAN", 0.9), word("MANIS", 0.97), word("7", 0.99)])).toBe("clean");
  });

  it("doubts a letter the recogniser was unsure of", () => {
    expect(readingDoubt("FUYI MINLMARKET", [word("FUYI", 0.99), word("MINLMARKET", 0.62)])).toBe("doubtful");
  });

  it("doubts a mark run into the next word and small letters", () => {
    expect(readingDoubt("27,JALAN DEDAP 13", [word("27,JALAN", 0.95)])).toBe("doubtful");
    expect(readingDoubt("81100 JOHOR BAHRU.JOHOR", [])).toBe("doubtful");
    expect(readingDoubt("Taste Of The World", [])).toBe("doubtful");
  });

  it("ignores words that are not part of the value", () => {
    expect(readingDoubt("JALAN MANIS", [word("JALAN", 0.99), word("TEL:03-1234", 0.2)])).toBe("clean");
  });
});

describe("valueWords", () => {
  it("takes the words of an address's later lines, not the lines around it that are not in it", () => {
    const model = page([[word("SHOP", 0.9, 0.1, 0.05)], [word("NO", 0.9, 0.1, 0.1), word("7,", 0.9, 0.2, 0.1)], [word("TEL", 0.9, 0.1, 0.12)], [word("JALAN", 0.4, 0.1, 0.14), word("IPOH", 0.9, 0.2, 0.14)], [word("THANK", 0.9, 0.1, 0.9)]]);
    const words = valueWords(model, { page: 1, x: 0.1, y: 0.1, w: 0.8, h: 0.02 }, "NO 7, JALAN IPOH");
    expect(words.map((w) => w.text)).toEqual(["NO", "7,", "JALAN", "IPOH"]);
    expect(readingDoubt("NO 7, JALAN IPOH", words)).toBe("doubtful");
  });
});

describe("reading rates", () => {
  const clean: ValueEvidence = { strategy: "layout", kind: "name", score: 0.7, ocr: 0.95, reading: "clean" };
  const doubtful: ValueEvidence = { ...clean, reading: "doubtful" };

  it("groups OCR'd names and addresses by finder, kind and reading, and nothing else", () => {
    expect(readingGroup(clean)).toBe("layout|name|clean");
    expect(readingGroup(doubtful)).toBe("layout|name|doubtful");
    expect(readingGroup({ strategy: "label", kind: "amount", ocr: 0.9 })).toBeNull();
  });

  it("is each group's share right, shrunk towards the overall accuracy, for groups with enough values", () => {
    const samples = [
      ...Array.from({ length: 18 }, () => ({ evidence: clean, correct: true })),
      ...Array.from({ length: 2 }, () => ({ evidence: clean, correct: false })),
      ...Array.from({ length: 10 }, (_, i) => ({ evidence: doubtful, correct: i < 5 })),
      ...Array.from({ length: 20 }, () => ({ evidence: { strategy: "label", kind: "amount" } as ValueEvidence, correct: true })),
    ];
    const rates = fitReadingRates(samples);
    // Overall 43 of 50 right (0.86): (18 + 2 × 0.86) / 22.
    expect(rates["layout|name|clean"]).toBeCloseTo((18 + 2 * 0.86) / 22, 3);
    expect(MIN_READING_VALUES).toBeGreaterThan(10);
    expect(rates["layout|name|doubtful"]).toBeUndefined();
  });

  it("sets an OCR'd name's confidence, lower when it was read in doubt", () => {
    const model = { ...CALIBRATION, readingRates: { "layout|name|clean": 0.87, "layout|name|doubtful": 0.69 } };
    expect(calibratedConfidence(clean, 0.7, model)).toBe(0.87);
    expect(calibratedConfidence(doubtful, 0.7, model)).toBe(0.69);
    expect(calibratedConfidence({ ...clean, strategy: "label" }, 0.7, model)).toBe(calibratedConfidence({ ...clean, strategy: "label" }, 0.7, { ...model, readingRates: {} }));
  });
});
