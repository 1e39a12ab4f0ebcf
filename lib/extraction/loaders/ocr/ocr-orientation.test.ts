import { createCanvas, Image } from "@napi-rs/canvas";
import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { buildPage, pageLines, type RawWord } from "../../layout/build-page";
import type { Page, PageRotation } from "../../types";
import { loadDocument } from "../load-document";
import { terminateOcr } from "./ocr";
import { assessReading, looksUpright, ocrImageUpright, readUpright, turnPng, turnsToTry } from "./ocr-orientation";

const INVOICE_LINES = ["ACME Supplies Ltd", "12 Market Street, Springfield", "Invoice No 12345", "Date 15 March 2024", "Widgets 3 x 10.00 30.00", "Gadgets 2 x 25.00 50.00", "Subtotal 80.00", "Tax 19.50", "Total 99.50"];

/** An invoice-like block of text, black on white, upright. */
function invoiceImage(): { png: Uint8Array; width: number; height: number } {
  const width = 760;
  const height = 560;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = "#000000";
  ctx.font = "28px sans-serif";
  INVOICE_LINES.forEach((line, i) => ctx.fillText(line, 40, 60 + i * 56));
  return { png: new Uint8Array(canvas.toBuffer("image/png")), width, height };
}

/** The invoice as a scanner would deliver it turned `degrees` clockwise. */
async function scannedTurned(degrees: PageRotation): Promise<{ png: Uint8Array; width: number; height: number }> {
  const upright = invoiceImage();
  return turnPng(upright.png, upright, degrees);
}

function pageText(page: Page): string {
  return pageLines(page)
    .map((line) => line.text)
    .join("\n");
}

/** Words laid out as rows of `perRow` words; tall words stand for text that runs down the page. */
function syntheticPage(texts: string[], options: { confidence: number; tall?: boolean }): Page {
  const words: RawWord[] = texts.map((text, i) => {
    const x = 20 + (i % 4) * 150;
    const y = 20 + Math.floor(i / 4) * 40;
    return options.tall ? { text, x: y, y: x, w: 24, h: 120, confidence: options.confidence } : { text, x, y, w: 120, h: 24, confidence: options.confidence };
  });
  return buildPage(1, 800, 800, "ocr", words);
}

const WORDS = ["Invoice", "Total", "12345", "99.50", "Date", "ACME", "Subtotal", "Market", "Street", "Widgets", "Gadgets", "Tax"];
const GARBAGE = ["~", "oO", "|", "ee'", "—", "'SL", "nN", "'T", ",,", "i|", "ro", "°"];

describe("reading assessment", () => {
  it("takes horizontal, well-read words as upright", () => {
    const reading = assessReading(syntheticPage(WORDS, { confidence: 0.9 }));
    expect(reading).toMatchObject({ words: 12, read: 12, vertical: false });
    expect(looksUpright(reading)).toBe(true);
  });

  it("takes fragments as a page to turn over", () => {
    const reading = assessReading(syntheticPage(GARBAGE, { confidence: 0.5 }));
    expect(looksUpright(reading)).toBe(false);
    expect(turnsToTry(reading)).toEqual([180]);
  });

  it("takes tall words as a sideways page, whichever quarter turn reads best first", () => {
    const wellRead = assessReading(syntheticPage(WORDS, { confidence: 0.9, tall: true }));
    expect(wellRead.vertical).toBe(true);
    expect(looksUpright(wellRead)).toBe(false);
    expect(turnsToTry(wellRead)).toEqual([270, 90]);
    expect(turnsToTry(assessReading(syntheticPage(GARBAGE, { confidence: 0.5, tall: true })))).toEqual([90, 270]);
  });

  it("leaves a blank page alone", () => {
    expect(looksUpright(assessReading(buildPage(1, 800, 800, "ocr", [])))).toBe(true);
  });
});

describe("choosing the turn", () => {
  const upright = syntheticPage(WORDS, { confidence: 0.9 });
  const garbage = syntheticPage(GARBAGE, { confidence: 0.5 });
  const sideways = syntheticPage(WORDS, { confidence: 0.9, tall: true });

  // The fake reader stands for both segmentations: a block reading of a sideways page is garbage, its automatic
  // reading shows the vertical lines. Turned readings are block readings.
  async function choose(readings: Partial<Record<PageRotation, Page>>, autoReading?: Page): Promise<{ page: Page; tried: string[] }> {
    const tried: string[] = [];
    const page = await readUpright(async (rotation, segmentation) => {
      tried.push(segmentation === "auto" ? `${rotation}auto` : String(rotation));
      return (segmentation === "auto" ? autoReading : undefined) ?? readings[rotation] ?? garbage;
    });
    return { page, tried };
  }

  it("reads an upright page once", async () => {
    expect(await choose({ 0: upright })).toMatchObject({ page: { rotation: 0 }, tried: ["0"] });
  });

  it("turns a page that reads better upside down", async () => {
    expect(await choose({ 180: upright })).toMatchObject({ page: { rotation: 180 }, tried: ["0", "0auto", "180"] });
  });

  it("keeps a poor page as it is when no turn reads better", async () => {
    const { page, tried } = await choose({});
    expect(page.rotation).toBe(0);
    expect(tried).toEqual(["0", "0auto", "180"]);
  });

  it("stops at the first quarter turn that reads upright", async () => {
    expect(await choose({ 270: upright }, sideways)).toMatchObject({ page: { rotation: 270 }, tried: ["0", "0auto", "270"] });
    const poorSideways = syntheticPage(GARBAGE, { confidence: 0.5, tall: true });
    expect(await choose({ 270: upright }, poorSideways)).toMatchObject({ page: { rotation: 270 }, tried: ["0", "0auto", "90", "270"] });
  });

  it("keeps the automatic reading when it reads an upright page better than one block", async () => {
    expect(await choose({}, upright)).toMatchObject({ page: { rotation: 0, blocks: upright.blocks }, tried: ["0", "0auto"] });
  });
});

describe("turning an image", () => {
  /** A 40 × 20 image, white with a black top-left corner pixel block; returns where the block ends up. */
  async function markerAfter(rotation: PageRotation): Promise<{ width: number; height: number; x: number; y: number }> {
    const canvas = createCanvas(40, 20);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, 40, 20);
    ctx.fillStyle = "#000000";
    ctx.fillRect(0, 0, 4, 4);
    const turned = await turnPng(new Uint8Array(canvas.toBuffer("image/png")), { width: 40, height: 20 }, rotation);
    const image = new Image();
    image.src = Buffer.from(turned.png);
    const out = createCanvas(image.width, image.height);
    const outCtx = out.getContext("2d");
    outCtx.drawImage(image, 0, 0);
    const data = outCtx.getImageData(0, 0, image.width, image.height).data;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i]! < 128) return { width: turned.width, height: turned.height, x: (i / 4) % image.width, y: Math.floor(i / 4 / image.width) };
    }
    throw new Error("marker lost");
  }

  it("turns clockwise by quarter turns without losing pixels", async () => {
    expect(await markerAfter(90)).toEqual({ width: 20, height: 40, x: 16, y: 0 });
    expect(await markerAfter(180)).toEqual({ width: 40, height: 20, x: 36, y: 16 });
    expect(await markerAfter(270)).toEqual({ width: 20, height: 40, x: 0, y: 36 });
  });
});

describe("OCR of turned scans", () => {
  afterAll(terminateOcr);

  it.each([0, 90, 180, 270] as const)("reads an invoice scanned turned %i° and reports the turn that undid it", async (scanned) => {
    const scan = await scannedTurned(scanned);
    const page = await ocrImageUpright(scan.png, scan, 1);
    expect(page.rotation).toBe((360 - scanned) % 360);
    const text = pageText(page);
    expect(text).toContain("Invoice No 12345");
    expect(text).toContain("Total 99.50");
    // The page model is the upright page: landscape again, the title above the total.
    expect(page.width).toBeGreaterThan(page.height);
    const lines = pageLines(page);
    const invoice = lines.find((line) => line.text.includes("12345"))!;
    const total = lines.find((line) => line.text.includes("99.50"))!;
    expect(invoice.box.y).toBeLessThan(total.box.y);
  }, 30_000);

  it("turns a scanned PDF page (no text layer) upright in balanced mode", async () => {
    const scan = await scannedTurned(90);
    const pdf = await PDFDocument.create();
    const image = await pdf.embedPng(scan.png);
    // 280 × 380 pt renders at ~780 × 1060 px for OCR: text about as tall as in the image.
    const page = pdf.addPage([280, 380]);
    page.drawImage(image, { x: 0, y: 0, width: 280, height: 380 });
    const model = await loadDocument(new Uint8Array(await pdf.save()), "application/pdf", { mode: "balanced" });
    const [ocrPage] = model.pages;
    expect(ocrPage).toMatchObject({ source: "ocr", rotation: 270, width: 380, height: 280 });
    expect(pageText(ocrPage!)).toContain("Total 99.50");
  }, 90_000);
});
