import { describe, expect, it } from "vitest";
import { extractFromPageModel } from "../../extract-document";
import { buildPage, type RawWord } from "../../layout/build-page";
import type { FieldDefinition, ValueMetadata } from "../../types";

/** One line of OCR words on a 1700 × 2200 px scan: word widths from their letters, confidences below 1. */
function ocrLine(text: string, x: number, y: number, h: number, confidence = 0.93): RawWord[] {
  let cursor = x;
  return text.split(" ").map((t) => {
    const word = { text: t, x: cursor, y, w: t.length * h * 0.5, h, confidence };
    cursor += (t.length + 1) * h * 0.5;
    return word;
  });
}

const scan = (...lines: RawWord[][]) => ({ pages: [buildPage(1, 1700, 2200, "ocr", lines.flat())] });

describe("detectors on a scanned form read by OCR", () => {
  const fields: FieldDefinition[] = [
    { name: "employer_ein", type: "text", description: "Employer identification number (EIN)" },
    { name: "wages", type: "currency", description: "Box 1 wages, tips, other compensation" },
    { name: "federal_tax_withheld", type: "currency", description: "Box 2 federal income tax withheld" },
  ];

  it("reads each value under the box label that names it, with the OCR confidence in its evidence", () => {
    const model = scan(
      ocrLine("b Employer identification number (EIN)", 120, 200, 18),
      ocrLine("12-3456789", 130, 235, 30),
      ocrLine("1 Wages, tips, other compensation", 820, 200, 18),
      ocrLine("52,340.10", 830, 235, 30),
      ocrLine("2 Federal income tax withheld", 1250, 200, 18),
      ocrLine("6,120.55", 1260, 235, 30, 0.71),
    );
    const { data, fieldMetadata } = extractFromPageModel(model, fields);
    expect(data).toMatchObject({ employer_ein: "12-3456789", wages: 52340.1, federal_tax_withheld: 6120.55 });
    const withheld = fieldMetadata.federal_tax_withheld as ValueMetadata;
    expect(withheld.evidence?.ocr).toBeCloseTo(0.71);
    // A weak OCR reading never gains confidence over a clean one beside it, and is not shown settled (green, ≥ 0.9).
    expect(withheld.confidence).toBeLessThanOrEqual((fieldMetadata.wages as ValueMetadata).confidence);
    expect(withheld.confidence).toBeLessThan(0.9);
  });

  it("abstains when a box's value is not money (a misread) rather than take the next box's", () => {
    const model = scan(ocrLine("1 Wages, tips, other compensation", 820, 200, 18), ocrLine("S2,34O.1O", 830, 235, 30, 0.4), ocrLine("2 Federal income tax withheld", 1250, 200, 18), ocrLine("6,120.55", 1260, 235, 30));
    expect(extractFromPageModel(model, fields).data.wages).toBeNull();
  });
});
