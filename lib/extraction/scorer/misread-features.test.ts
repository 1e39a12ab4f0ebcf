import { describe, expect, it } from "vitest";
import type { Line, PageModel, Word } from "../types";
import { MISREAD_FEATURE_NAMES, misreadFeatures, misreadShapes } from "./misread-features";

const at = (name: (typeof MISREAD_FEATURE_NAMES)[number]) => MISREAD_FEATURE_NAMES.indexOf(name);

/** An OCR'd page of one word per entry, a line per row, with the given word confidences and least letters. */
function ocrPage(rows: Array<Array<{ text: string; confidence?: number; least?: number }>>): PageModel {
  const lines: Line[] = rows.map((row, r) => {
    const y = 0.05 + r * 0.03;
    const words: Word[] = row.map((w, i) => ({ text: w.text, box: { x: 0.1 + i * 0.15, y, w: 0.12, h: 0.02 }, confidence: w.confidence ?? 0.99, ...(w.least === undefined ? {} : { least: w.least }) }));
    return { text: row.map((w) => w.text).join(" "), box: { x: 0.1, y, w: 0.15 * row.length, h: 0.02 }, words };
  });
  return { pages: [{ number: 1, width: 600, height: 800, source: "ocr", blocks: [{ box: { x: 0, y: 0, w: 1, h: 1 }, lines }] }] } as unknown as PageModel;
}

describe("misread shapes", () => {
  it("count a digit in a word, a look-alike letter in a number, a glued mark, a case break, fragments and odd marks", () => {
    expect(misreadShapes("LOT 8110O JALAN PERMA8")).toMatchObject({ digitInWord: 1, letterInNumber: 1 });
    expect(misreadShapes("27,JALAN BAHRU.JOHOR")).toMatchObject({ gluedMark: 2 });
    expect(misreadShapes("JalanTampoi")).toMatchObject({ caseBreak: 1 });
    expect(misreadShapes("PappaR i ch")).toMatchObject({ fragments: 2, caseBreak: 1 });
    expect(misreadShapes("JAL_AN Leve1°6")).toMatchObject({ oddChars: 2, digitInWord: 1 });
  });

  it("find none in a cleanly printed name or address", () => {
    expect(misreadShapes("NO. 12A, JALAN SS 2/24, 47300 PETALING JAYA")).toEqual({ digitInWord: 0, letterInNumber: 0, gluedMark: 0, caseBreak: 0, fragments: 0, oddChars: 0 });
    expect(misreadShapes("Acme Trading (M) Sdn. Bhd.")).toEqual({ digitInWord: 0, letterInNumber: 0, gluedMark: 0, caseBreak: 0, fragments: 0, oddChars: 0 });
  });
});

describe("misread features", () => {
  const page = ocrPage([
    [{ text: "GOLDEN" }, { text: "KEY", confidence: 0.7, least: 0.35 }, { text: "TRADING" }],
    [{ text: "Total" }, { text: "3.92" }],
    [{ text: "Thank" }, { text: "you" }, { text: "GOLDEN" }, { text: "KEY" }],
  ]);
  const source = { page: 1, x: 0.1, y: 0.05, w: 0.45, h: 0.02 };

  it("read the value's own words' confidences and least letters", () => {
    const x = misreadFeatures(page, "GOLDEN KEY TRADING", source, { strategy: "layout", kind: "name", reading: "doubtful" });
    expect(x).toHaveLength(MISREAD_FEATURE_NAMES.length);
    expect(x[at("reading_doubtful")]).toBe(1);
    expect(x[at("words_conf_min")]).toBe(0.7);
    expect(x[at("letters_least")]).toBe(0.35);
    expect(x[at("letters_joint_log")]).toBeCloseTo(Math.log(0.35));
  });

  it("count the value's words the page prints again elsewhere", () => {
    const x = misreadFeatures(page, "GOLDEN KEY TRADING", source, { strategy: "layout", kind: "name", reading: "clean" });
    expect(x[at("reading_doubtful")]).toBe(0);
    // GOLDEN and KEY are printed again on the thank-you line, TRADING is not.
    expect(x[at("page_repeated_share")]).toBeCloseTo(2 / 3);
  });

  it("give a value with no source or reading the features of a clean reading", () => {
    const x = misreadFeatures(page, 3.92, null, { strategy: "label", kind: "amount" });
    expect(x[at("reading_doubtful")]).toBe(-1);
    expect(x[at("words_conf_min")]).toBe(1);
    expect(x[at("letters_least")]).toBe(1);
    expect(x[at("letters_joint_log")]).toBe(0);
  });
});
