import { createCanvas } from "@napi-rs/canvas";
import { afterAll, describe, expect, it } from "vitest";
import type { DecodedChar } from "./ctc";
import { cropRegion, REC_HEIGHT, type LineCrop } from "./crop";
import type { Raster } from "./raster";
import { recogniseLines, wordsOfLines, type RecognisedLine } from "./recognize";
import { leastProbability, lettersOf, onOriginalCrop, shrunkCrop, surer } from "./reread";
import { paddleSessions, releasePaddleSessions } from "./sessions";

/** One line of black print on white and the region a detector would give it. */
function printedLine(text: string): { raster: Raster; region: LineCrop["region"] } {
  const canvas = createCanvas(520, 80);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = "#000000";
  ctx.font = "28px sans-serif";
  ctx.fillText(text, 20, 50);
  return { raster: { canvas, width: canvas.width, height: canvas.height }, region: { cx: 260, cy: 40, w: 500, h: 44, angle: 0, score: 0.9 } };
}

const chars = (text: string, probs: number[]): DecodedChar[] => [...text].map((t, i) => ({ text: t, step: i * 2, prob: probs[i] ?? 1 }));

describe("second looks at doubtful lines", () => {
  it("scores a reading by its least sure character, marks included and spaces not", () => {
    expect(leastProbability(chars("C1 y_", [0.9, 0.4, 0.1, 0.8, 0.3]))).toBe(0.3);
    expect(leastProbability([])).toBe(1);
  });

  it("takes a second reading only when it has as many letters and digits and is surer of its least one", () => {
    const first = chars("C1ty", [0.9, 0.45, 0.9, 0.9]);
    expect(surer(chars("City", [0.9, 0.8, 0.9, 0.9]), first)).toBe(true);
    expect(surer(chars("Cty", [0.9, 0.9, 0.9]), first)).toBe(false);
    expect(surer(chars("Clty", [0.9, 0.4, 0.9, 0.9]), first)).toBe(false);
    expect(surer([], first)).toBe(false);
  });

  it("takes only letters and digits from a second reading, keeping marks, spaces, steps and the doubt of changed letters", () => {
    const first = chars("C1ty, KL", [0.9, 0.45, 0.9, 0.9, 0.8, 1, 0.9, 0.9]);
    const taken = lettersOf(first, chars("City,KL", [0.9, 0.8, 0.9, 0.9, 0.7, 0.9, 0.9]))!;
    expect(taken.map((c) => c.text).join("")).toBe("City, KL");
    expect(taken.map((c) => c.step)).toEqual(first.map((c) => c.step));
    expect(taken[1]!.prob).toBe(0.45);
    expect(lettersOf(first, chars("City. KL", [0.9, 0.8, 0.9, 0.9, 0.7, 1, 0.9, 0.9]))).toBeNull();
    expect(lettersOf(first, chars("Cty, KL", [0.9, 0.8, 0.9, 0.7, 1, 0.9, 0.9]))).toBeNull();
  });

  it("draws the line smaller on white, centred, the region grown to match", () => {
    const { raster, region } = printedLine("TOTAL RM 14.10");
    const crop = cropRegion(raster, region);
    const small = shrunkCrop(crop, 0.8);
    expect(small.height).toBe(REC_HEIGHT);
    expect(small.width).toBe(Math.round(crop.width * 0.8));
    expect(small.region.h).toBeCloseTo(region.h / 0.8, 5);
    // The top and bottom rows are blank paper.
    for (const y of [0, 1, REC_HEIGHT - 2, REC_HEIGHT - 1]) {
      for (let x = 0; x < small.width; x += 1) expect(small.rgba[(y * small.width + x) * 4]).toBe(255);
    }
  });

  it("places a second reading's characters on the first crop's steps through the page", () => {
    const original = { region: { cx: 200, cy: 20, w: 400, h: 20, angle: 0, score: 1 }, width: 400, height: 48, rgba: new Uint8ClampedArray(0), flipped: false };
    const second = { ...original, region: { ...original.region, h: 25 }, width: 320 };
    const line = (crop: LineCrop, step: number): RecognisedLine => ({ crop, chars: [{ text: "A", step, prob: 0.9 }], stepWidth: 8 });
    // As many characters: each takes its counterpart's step.
    expect(onOriginalCrop(line(original, 11), line(second, 10)).chars[0]!.step).toBe(11);
    // Not as many: step 10 of the 320 px crop is column 84 there, 105 in the 400 px crop: its step 13 (104–112).
    const first = { ...line(original, 0), chars: [] };
    const placed = onOriginalCrop(first, line(second, 10));
    expect(placed.crop).toBe(original);
    expect(placed.chars[0]!.step).toBe(13);
  });
});

describe("second looks with the recogniser", () => {
  afterAll(releasePaddleSessions);

  it("reads the smaller drawing of a line to the same words in the same places", async () => {
    const sessions = await paddleSessions();
    const { raster, region } = printedLine("TOTAL RM 14.10");
    const crop = cropRegion(raster, region);
    const [first, second] = await recogniseLines(sessions, [crop, shrunkCrop(crop, 0.8)]);
    const words = wordsOfLines([first!]);
    const again = wordsOfLines([onOriginalCrop(first!, second!)]);
    expect(again.map((w) => w.text)).toEqual(["TOTAL", "RM", "14.10"]);
    expect(again.map((w) => w.text)).toEqual(words.map((w) => w.text));
    again.forEach((word, i) => {
      expect(Math.abs(word.x - words[i]!.x)).toBeLessThan(12);
      expect(Math.abs(word.x + word.w - words[i]!.x - words[i]!.w)).toBeLessThan(12);
    });
  }, 60_000);
});
