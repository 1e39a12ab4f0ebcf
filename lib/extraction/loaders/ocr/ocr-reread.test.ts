import { Image, createCanvas } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import type { RawWord } from "../../layout/build-page";
import { emptyAmountSlots, isDoubtfulValue, missedAmount, preferredReading, secondLook, valueShape, type ReadLine, type ReadPage } from "./ocr-reread";

const word = (text: string, confidence: number, x = 100, y = 100): RawWord => ({ text, x, y, w: 80, h: 20, confidence });

describe("valueShape", () => {
  it("tells dates from amounts and leaves other words alone", () => {
    expect(["24-01-16", "06/09/2017", "10.04.2017", "Date:24-01-16"].map(valueShape)).toEqual(["date", "date", "date", "date"]);
    expect(["14.90", "RM1,250.00", "-13.50", "100,90"].map(valueShape)).toEqual(["amount", "amount", "amount", "amount"]);
    expect(["TOTAL", "12:56", "1851-B", "43300", "1.5", "3.5\"x6\""].map(valueShape)).toEqual([null, null, null, null, null, null]);
  });
});

describe("isDoubtfulValue", () => {
  it("picks amounts and dates read with low confidence only", () => {
    expect(isDoubtfulValue(word("24-01-14", 0.71))).toBe(true);
    expect(isDoubtfulValue(word("24-01-14", 0.93))).toBe(false);
    expect(isDoubtfulValue(word("TOTAL", 0.3))).toBe(false);
  });
});

describe("preferredReading", () => {
  it("takes a date's second reading when it is clearly surer", () => {
    expect(preferredReading(word("24-01-14", 0.71), [{ text: "24-01-16", confidence: 0.93 }])).toMatchObject({ text: "24-01-16", confidence: 0.93, x: 100 });
  });

  it("keeps the first reading when the second is unsure, not much surer, split or of another kind", () => {
    const first = word("06/08/2017", 0.71);
    expect(preferredReading(first, [{ text: "06/09/2017", confidence: 0.57 }])).toBe(first);
    expect(preferredReading(word("06/08/2017", 0.78), [{ text: "06/09/2017", confidence: 0.84 }]).text).toBe("06/08/2017");
    expect(preferredReading(first, [{ text: "06/09", confidence: 0.9 }, { text: "2017", confidence: 0.9 }])).toBe(first);
    expect(preferredReading(first, [{ text: "eiinhad", confidence: 0.95 }])).toBe(first);
    expect(preferredReading(first, [])).toBe(first);
  });

  it("never changes an amount's digits, but confirms them with the surer confidence", () => {
    const faint = word("100.90", 0.49);
    expect(preferredReading(faint, [{ text: "100.80", confidence: 0.95 }])).toBe(faint);
    expect(preferredReading(word("42.60", 0.61), [{ text: "42.60", confidence: 0.93 }])).toMatchObject({ text: "42.60", confidence: 0.93 });
    // Same digits with another decimal mark: the first text stays, the confidence is confirmed.
    expect(preferredReading(word("14.90", 0.69), [{ text: "14,90", confidence: 0.88 }])).toMatchObject({ text: "14.90", confidence: 0.88 });
  });
});

/** A white page, optionally with one black square on it, as tesseract read it (turned by `rotateRadians`). */
async function readPage(width: number, height: number, rotateRadians = 0, square?: { x: number; y: number; size: number }): Promise<ReadPage> {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = "#000000";
  if (square) ctx.fillRect(square.x, square.y, square.size, square.size);
  return { png: new Uint8Array(await canvas.encode("png")), width, height, rotateRadians };
}

/** A line reader that answers with `found` and records the size of every cut-out it is given. */
function recordingReader(found: RawWord[]): { readLine: ReadLine; crops: Array<{ width: number; height: number }> } {
  const crops: Array<{ width: number; height: number }> = [];
  const readLine: ReadLine = async (png) => {
    const image = new Image();
    image.src = Buffer.from(png);
    crops.push({ width: image.width, height: image.height });
    return found;
  };
  return { readLine, crops };
}

describe("secondLook", () => {
  it("reads only the doubtful values again, each from its own crop with a margin, and keeps the surer reading", async () => {
    const { readLine, crops } = recordingReader([{ text: "24-01-16", confidence: 0.93, x: 8, y: 8, w: 80, h: 20 }]);
    const words = [word("TOTAL", 0.4, 20, 300), word("57.40", 0.95, 300, 300), word("24-01-14", 0.71, 20, 400)];
    const read = await secondLook(words, await readPage(600, 800), readLine);
    expect(read.map((w) => w.text)).toEqual(["TOTAL", "57.40", "24-01-16"]);
    // 80 × 20 px word with 0.4 word heights (8 px) of margin on every side.
    expect(crops).toEqual([{ width: 96, height: 36 }]);
  });

  it("clips the crop to the page and does not touch the page when nothing is doubtful", async () => {
    const { readLine, crops } = recordingReader([]);
    const page = await readPage(200, 100);
    const sure = [word("57.40", 0.95, 0, 0)];
    expect(await secondLook(sure, page, readLine)).toBe(sure);
    await secondLook([word("1.00", 0.5, 0, 0)], page, readLine);
    expect(crops).toEqual([{ width: 88, height: 28 }]);
  });
});

describe("emptyAmountSlots", () => {
  const at = (text: string, x: number, w = 40): RawWord => ({ text, x, y: 300, w, h: 20, confidence: 0.9 });

  it("finds the empty stretch after a lone currency mark, up to the next word on its row", () => {
    const words = [at("TOTAL", 20, 80), at("RM", 400), at("CASH", 20, 60), { ...at("RM", 400), y: 340 }, { ...at("20.00", 460), y: 340 }];
    // 12 word heights on from the mark at most; the second row's mark has its amount beside it.
    expect(emptyAmountSlots(words, 1000)).toEqual([{ x: 440, y: 292, w: 240, h: 36 }]);
    // The page edge closes the stretch.
    expect(emptyAmountSlots(words, 600)).toEqual([{ x: 440, y: 292, w: 160, h: 36 }]);
  });

  it("skips stretches too narrow for an amount and words that are no currency mark", () => {
    expect(emptyAmountSlots([at("RM", 400), at("x", 480)], 1000)).toEqual([]);
    expect(emptyAmountSlots([at("TOTAL:", 400)], 1000)).toEqual([]);
    expect(emptyAmountSlots([at("$", 400, 12), at("€", 600, 12), at("usd", 800, 40)], 2000)).toHaveLength(3);
  });

  it("does not count noise the page drops as something read after the mark", () => {
    expect(emptyAmountSlots([at("RM", 400), { ...at("1C.E0", 460), confidence: 0 }], 1000)).toEqual([{ x: 440, y: 292, w: 240, h: 36 }]);
  });
});

describe("missedAmount", () => {
  const found = (text: string, confidence: number, x = 10): RawWord => ({ text, x, y: 4, w: 60, h: 20, confidence });

  it("places one fairly sure amount back on the page", () => {
    expect(missedAmount([found("10.60", 0.73)], { x: 440, y: 292 })).toEqual({ text: "10.60", confidence: 0.73, x: 450, y: 296, w: 60, h: 20 });
  });

  it("adds nothing for noise, unsure readings or two amounts", () => {
    expect(missedAmount([found("EET", 0.9)], { x: 0, y: 0 })).toBeNull();
    expect(missedAmount([found("10.60", 0.4)], { x: 0, y: 0 })).toBeNull();
    expect(missedAmount([found("10.60", 0.9), found("5.30", 0.9, 100)], { x: 0, y: 0 })).toBeNull();
  });
});

describe("secondLook on an empty stretch", () => {
  it("reads the stretch after a lone mark and adds the amount it finds", async () => {
    const { readLine, crops } = recordingReader([{ text: "10.60", confidence: 0.73, x: 12, y: 8, w: 60, h: 20 }]);
    const words = [word("TOTAL", 0.96, 20, 300), word("RM", 0.86, 300, 300)];
    const read = await secondLook(words, await readPage(600, 800), readLine);
    expect(read.map((w) => [w.text, w.x, w.y])).toEqual([["TOTAL", 20, 300], ["RM", 300, 300], ["10.60", 392, 300]]);
    // From the mark's right edge (380) to the page edge; the mark's height plus 8 px above and below.
    expect(crops).toEqual([{ width: 220, height: 36 }]);
  });
});

describe("secondLook on a deskewed page", () => {
  /** A reader that reports whether the middle of each cut-out is ink. */
  function inkReader(): { readLine: ReadLine; inkAtCentre: boolean[] } {
    const inkAtCentre: boolean[] = [];
    const readLine: ReadLine = async (png) => {
      const image = new Image();
      image.src = Buffer.from(png);
      const canvas = createCanvas(image.width, image.height);
      const ctx = canvas.getContext("2d");
      ctx.drawImage(image, 0, 0);
      const [red = 255] = ctx.getImageData(Math.floor(image.width / 2), Math.floor(image.height / 2), 1, 1).data;
      inkAtCentre.push(red < 128);
      return [];
    };
    return { readLine, inkAtCentre };
  }

  it("cuts a word from the page turned the way tesseract turned it, not from the scan as it came", async () => {
    // A 20 px square right of the centre of a 400 px page (centre 310, 200). Turned 0.1 rad clockwise about the page
    // centre, it sits at (309.5, 211): where tesseract's box for it is, and outside the unturned square.
    const square = { x: 300, y: 190, size: 20 };
    const box = { ...word("1.00", 0.5, 299.5, 201), w: 20, h: 20 };
    const turned = inkReader();
    await secondLook([box], await readPage(400, 400, 0.1, square), turned.readLine);
    const unturned = inkReader();
    await secondLook([box], await readPage(400, 400, 0, square), unturned.readLine);
    expect(turned.inkAtCentre).toEqual([true]);
    expect(unturned.inkAtCentre).toEqual([false]);
  });
});
