import { createCanvas } from "@napi-rs/canvas";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { buildPage, pageLines } from "../../layout/build-page";
import { releasePaddleSessions } from "../../ocr/paddle/sessions";
import type { Page } from "../../types";
import { loadDocument } from "../load-document";
import { terminateOcr } from "./ocr";
import { combineReadings, coveredShare } from "./ocr-combine";
import { ocrEngineFor, ocrPageImage, pngImage } from "./ocr-engines";

function receipt(): { png: Uint8Array; width: number; height: number } {
  const canvas = createCanvas(640, 300);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, 640, 300);
  ctx.fillStyle = "#000000";
  ctx.font = "28px sans-serif";
  ["KEDAI MAJU ENTERPRISE", "Date 03/01/2018", "TOTAL RM 21.50"].forEach((line, i) => ctx.fillText(line, 30, 60 + i * 70));
  return { png: new Uint8Array(canvas.toBuffer("image/png")), width: 640, height: 300 };
}

const text = (page: Page) => pageLines(page).map((line) => line.text).join("\n");

describe("engine choice", () => {
  afterEach(() => {
    delete process.env.OCR_ENGINE;
  });

  it("follows dataExtractionMode: PP-OCR alone, both combined in accurate", () => {
    expect(ocrEngineFor("fast")).toBe("paddle");
    expect(ocrEngineFor("balanced")).toBe("paddle");
    expect(ocrEngineFor("accurate")).toBe("combined");
  });

  it("can be pinned by OCR_ENGINE (benchmarks, operators); unknown values are ignored", () => {
    process.env.OCR_ENGINE = "tesseract";
    expect(ocrEngineFor("accurate")).toBe("tesseract");
    process.env.OCR_ENGINE = "best";
    expect(ocrEngineFor("balanced")).toBe("paddle");
  });
});

describe("combining two readings", () => {
  const page = (words: Array<[string, number, number, number]>) => buildPage(1, 1000, 1000, "ocr", words.map(([t, x, y, c]) => ({ text: t, x, y, w: 100, h: 30, confidence: c })));

  it("keeps PP-OCR's words and fills only places it found nothing, with sure tesseract words", () => {
    const paddle = page([["TOTAL", 100, 100, 0.95], ["14.10", 220, 100, 0.97]]);
    const tesseract = page([["TOTAL", 102, 101, 0.9], ["14.70", 221, 100, 0.9], ["CASH", 100, 400, 0.9], ["~~", 100, 600, 0.3]]);
    const combined = combineReadings(paddle, tesseract);
    expect(text(combined)).toBe("TOTAL 14.10\nCASH");
  });

  it("measures how much of a box others cover", () => {
    expect(coveredShare({ x: 0, y: 0, w: 0.2, h: 0.1 }, [{ x: 0.1, y: 0, w: 0.2, h: 0.1 }])).toBeCloseTo(0.5);
    expect(coveredShare({ x: 0, y: 0, w: 0.2, h: 0.1 }, [])).toBe(0);
  });

  it("does not mix readings of a page turned differently", () => {
    const paddle = { ...page([["A", 0, 0, 0.9]]), rotation: 180 as const };
    expect(combineReadings(paddle, page([["B", 500, 500, 0.9]]))).toBe(paddle);
  });
});

describe("OCR everywhere through the chosen engine", () => {
  afterAll(async () => {
    await terminateOcr();
    await releasePaddleSessions();
  });

  it.each(["tesseract", "paddle", "combined"] as const)("reads a receipt image with %s", async (engine) => {
    const image = receipt();
    const page = await ocrPageImage(pngImage(image.png, image), 1, { engine, orient: true });
    expect(page).toMatchObject({ source: "ocr", rotation: 0, width: 640, height: 300 });
    expect(text(page)).toContain("TOTAL RM 21.50");
  }, 60_000);

  it("reads image files with PP-OCR by default", async () => {
    const model = await loadDocument(receipt().png, "image/png", { mode: "balanced" });
    const words = model.pages[0]!.blocks.flatMap((b) => b.lines.flatMap((l) => l.words));
    expect(words.map((w) => w.text)).toEqual(expect.arrayContaining(["KEDAI", "MAJU", "ENTERPRISE", "03/01/2018", "21.50"]));
    // Every word has its own page-relative box.
    for (const word of words) expect(word.box.w).toBeLessThan(0.5);
  }, 60_000);
});
