import { createCanvas } from "@napi-rs/canvas";
import { afterAll, describe, expect, it } from "vitest";
import { groupRows, type RawWord } from "../../layout/build-page";
import { decodeCtc, foldWidth, hasCjk, latinClasses, mostlyLatin } from "./ctc";
import { detectorSize, regionsFromMap } from "./detect";
import { normaliseInto } from "./raster";
import { startStageRecording, stopStageRecording } from "../../stage-timing";
import { levelWords, mostlyVertical, pageSkew, readWithPaddle, STAGES } from "./read-page";
import { paddleSessions, readDictionary, releasePaddleSessions } from "./sessions";
import { splitWords } from "./words";

type Png = { png: Uint8Array; width: number; height: number };

/** Lines of text drawn black on white, as a scanner would deliver a receipt; `turn` turns the sheet clockwise. */
function receiptImage(lines: string[], options: { turn?: 0 | 90 | 180 | 270; font?: string } = {}): Png {
  const width = 700;
  const height = 90 + lines.length * 60;
  const turn = options.turn ?? 0;
  const quarter = turn === 90 || turn === 270;
  const canvas = createCanvas(quarter ? height : width, quarter ? width : height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (turn === 90) ctx.setTransform(0, 1, -1, 0, height, 0);
  else if (turn === 180) ctx.setTransform(-1, 0, 0, -1, width, height);
  else if (turn === 270) ctx.setTransform(0, -1, 1, 0, 0, width);
  ctx.fillStyle = "#000000";
  ctx.font = options.font ?? "30px sans-serif";
  lines.forEach((line, i) => ctx.fillText(line, 40, 70 + i * 60));
  return { png: new Uint8Array(canvas.toBuffer("image/png")), width: canvas.width, height: canvas.height };
}

const rowsText = (words: RawWord[]) => groupRows(words).map((row) => row.map((w) => w.text).join(" "));

describe("input tensors", () => {
  it("writes B, G, R planes of (value / 255 − mean) / std, row by row into a wider tensor", () => {
    const size = { width: 3, height: 2 };
    const rgba = new Uint8ClampedArray(Array.from({ length: 24 }, (_, i) => (i * 37) % 256));
    const norm = { mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] };
    const rowWidth = 5;
    const planeSize = rowWidth * size.height;
    const out = new Float32Array(2 + 3 * planeSize).fill(9);
    normaliseInto(rgba, size, out, { offset: 2, rowWidth, planeSize }, norm);
    for (let c = 0; c < 3; c += 1) {
      for (let y = 0; y < size.height; y += 1) {
        for (let x = 0; x < size.width; x += 1) {
          const expected = Math.fround((rgba[(y * size.width + x) * 4 + 2 - c]! / 255 - norm.mean[c]!) / norm.std[c]!);
          expect(out[2 + c * planeSize + y * rowWidth + x]).toBe(expected);
        }
        // Padding right of the row stays as it was.
        expect(out[2 + c * planeSize + y * rowWidth + size.width]).toBe(9);
      }
    }
  });
  it("reads pixels at any byte offset alike (a view that is not 4-aligned is copied before being read as words)", () => {
    const size = { width: 4, height: 3 };
    const bytes = new Uint8ClampedArray(1 + size.width * size.height * 4).map((_, i) => (i * 53) % 256);
    const shifted = bytes.subarray(1);
    const aligned = new Uint8ClampedArray(shifted);
    const norm = { mean: [0.5, 0.5, 0.5], std: [0.5, 0.5, 0.5] };
    const layout = { offset: 0, rowWidth: size.width, planeSize: size.width * size.height };
    const a = new Float32Array(3 * layout.planeSize);
    const b = new Float32Array(3 * layout.planeSize);
    normaliseInto(shifted, size, a, layout, norm);
    normaliseInto(aligned, size, b, layout, norm);
    expect(a).toEqual(b);
    expect(a[0]).toBe(Math.fround((aligned[2]! / 255 - 0.5) / 0.5));
  });
});

describe("CTC decoding", () => {
  const characters = readDictionary("A\nB\n中\n1\n");
  // classes: 0 blank, 1 A, 2 B, 3 中, 4 1, 5 space
  const steps = (rows: number[][]) => new Float32Array(rows.flat());

  it("collapses repeats, drops blanks and keeps each character's time step", () => {
    const probs = steps([
      [0.1, 0.9, 0, 0, 0, 0],
      [0.1, 0.9, 0, 0, 0, 0],
      [0.9, 0.1, 0, 0, 0, 0],
      [0.1, 0.8, 0, 0, 0.1, 0],
      [0.2, 0, 0, 0, 0, 0.8],
      [0.1, 0, 0.7, 0.2, 0, 0],
    ]);
    const chars = decodeCtc(probs, { offset: 0, steps: 6, classes: 6 }, characters);
    expect(chars.map((c) => [c.text, c.step])).toEqual([["A", 0], ["A", 3], [" ", 4], ["B", 5]]);
  });

  it("masks ideographs on a Latin line: the next best Latin class wins", () => {
    const probs = steps([[0.1, 0, 0, 0.6, 0.3, 0]]);
    expect(decodeCtc(probs, { offset: 0, steps: 1, classes: 6 }, characters)[0]!.text).toBe("中");
    expect(decodeCtc(probs, { offset: 0, steps: 1, classes: 6 }, characters, latinClasses(characters))[0]!.text).toBe("1");
    expect(mostlyLatin([{ text: "A", step: 0, prob: 1 }, { text: "中", step: 1, prob: 1 }, { text: "B", step: 2, prob: 1 }])).toBe(true);
    expect(foldWidth("ＴＯＴＡＬ：１４．１０")).toBe("TOTAL:14.10");
  });

  it("reads a line without ideographs the same with and without the CJK classes", () => {
    const probs = steps([[0.1, 0.6, 0, 0.3, 0, 0], [0.7, 0, 0, 0.2, 0.1, 0], [0.1, 0, 0.5, 0.4, 0, 0]]);
    const all = decodeCtc(probs, { offset: 0, steps: 3, classes: 6 }, characters);
    expect(hasCjk(all)).toBe(false);
    expect(decodeCtc(probs, { offset: 0, steps: 3, classes: 6 }, characters, latinClasses(characters))).toEqual(all);
    expect(hasCjk(decodeCtc(steps([[0.1, 0, 0, 0.6, 0.3, 0]]), { offset: 0, steps: 1, classes: 6 }, characters))).toBe(true);
  });
});

describe("word splitting from ink gaps", () => {
  /** Ink columns: runs of "#" are glyphs, "." blank; one character is centred on each glyph. */
  function layout(pattern: string) {
    const columns = new Uint8Array([...pattern].map((c) => (c === "#" ? 1 : 0)));
    const chars: Array<{ text: string; step: number; prob: number }> = [];
    const re = /#+/g;
    for (let m = re.exec(pattern); m; m = re.exec(pattern)) chars.push({ text: String(chars.length % 10), step: m.index + m[0].length / 2 - 0.5, prob: 0.9 });
    return { ink: { columns, top: 0, bottom: 9 }, chars };
  }

  it("breaks at a gap wide against the text height and the letter spacing", () => {
    const { ink, chars } = layout("##.##.##.....##.##");
    const spans = splitWords(chars, ink, 1, ink.columns.length);
    expect(spans.map((s) => s.chars.length)).toEqual([3, 2]);
  });

  it("keeps letter-spaced print (every gap wide) as one word", () => {
    const { ink, chars } = layout("##....##....##....##");
    expect(splitWords(chars, ink, 1, ink.columns.length)).toHaveLength(1);
  });
});

describe("detection post-processing", () => {
  it("sizes the detector input to multiples of 32 within the limit", () => {
    expect(detectorSize(873, 1656, 1280)).toEqual({ width: 672, height: 1280 });
    expect(detectorSize(300, 200, 1280)).toEqual({ width: 288, height: 192 });
  });

  it("finds each line of a probability map as a rotated rectangle grown to the line's extent", () => {
    const width = 200;
    const height = 100;
    const map = new Float32Array(width * height);
    const fill = (x0: number, y0: number, w: number, h: number) => {
      for (let y = y0; y < y0 + h; y += 1) for (let x = x0; x < x0 + w; x += 1) map[y * width + x] = 0.9;
    };
    fill(20, 20, 120, 8);
    fill(20, 60, 60, 8);
    const regions = regionsFromMap(map, width, height).sort((a, b) => a.cy - b.cy);
    expect(regions).toHaveLength(2);
    expect(regions[0]!.cx).toBeCloseTo(80, 0);
    expect(regions[0]!.angle).toBeCloseTo(0, 2);
    // Unclipped: wider and taller than the shrunk core by PaddleOCR's distance.
    expect(regions[0]!.h).toBeGreaterThan(8 * 2);
    expect(regions[0]!.w).toBeGreaterThan(120);
    expect(mostlyVertical(regions)).toBe(false);
  });
});

describe("PP-OCR on generated images", () => {
  afterAll(releasePaddleSessions);

  it("loads its sessions once per thread and reuses them", async () => {
    const first = await paddleSessions();
    expect(await paddleSessions()).toBe(first);
  }, 60_000);

  it("reads lines into words with spaces and page boxes", async () => {
    const image = receiptImage(["SAM TRADING CO", "TOTAL RM 14.10", "Date 29-12-2017"]);
    const reading = await readWithPaddle(image.png, { orient: true });
    expect(reading.rotation).toBe(0);
    expect(rowsText(reading.words)).toEqual(["SAM TRADING CO", "TOTAL RM 14.10", "Date 29-12-2017"]);
    const total = reading.words.find((w) => w.text === "14.10")!;
    const label = reading.words.find((w) => w.text === "TOTAL")!;
    // Each word has its own box, in page pixels: the amount right of its label on the second line.
    expect(total.x).toBeGreaterThan(label.x + label.w);
    expect(total.y).toBeGreaterThan(100);
    expect(total.y + total.h).toBeLessThan(170);
    expect(total.confidence).toBeGreaterThan(0.8);
  }, 60_000);

  it("charges its CPU time to its steps when a profile is recording", async () => {
    const image = receiptImage(["SAM TRADING CO", "TOTAL RM 14.10"]);
    await paddleSessions();
    startStageRecording();
    await readWithPaddle(image.png, { orient: true });
    const { selfMs, calls } = stopStageRecording();
    for (const stage of [STAGES.decode, STAGES.detection, STAGES.crops, STAGES.classifier, STAGES.recognition, STAGES.words]) {
      expect(calls.get(stage), stage).toBe(1);
    }
    // The recogniser runs once a line: it costs more than cutting the lines out.
    expect(selfMs.get(STAGES.recognition)!).toBeGreaterThan(selfMs.get(STAGES.crops)!);
  }, 60_000);

  it.each([180, 90, 270] as const)("reads a sheet scanned turned %i° the right way up", async (turn) => {
    const lines = ["SAM TRADING CO", "TOTAL RM 14.10", "Date 29-12-2017", "Thank you"];
    const reading = await readWithPaddle(receiptImage(lines, { turn }).png, { orient: true });
    expect(reading.rotation).toBe((360 - turn) % 360);
    expect(rowsText(reading.words)).toContain("TOTAL RM 14.10");
    // The upright page: the name above the total.
    const name = reading.words.find((w) => w.text === "SAM")!;
    const total = reading.words.find((w) => w.text === "14.10")!;
    expect(name.y).toBeLessThan(total.y);
  }, 60_000);
});

describe("skewed pages", () => {
  it("measures the skew on long lines and levels the words, so a row's far end stays on its row", () => {
    const skew = 0.02;
    const line = (cx: number, cy: number) => ({ cx, cy, w: 400, h: 30, angle: skew, score: 0.9 });
    const regions = [line(300, 100), line(300, 200), line(300, 300), { cx: 50, cy: 50, w: 20, h: 30, angle: 0.5, score: 0.9 }];
    expect(pageSkew(regions)).toBeCloseTo(skew, 5);
    // "TOTAL" at the left and its amount 500 px to the right, 10 px lower on the skewed page.
    const label = { text: "TOTAL", x: 50, y: 400, w: 80, h: 20, confidence: 0.9 };
    const amount = { text: "5.00", x: 550, y: 410, w: 60, h: 20, confidence: 0.9 };
    expect(rowsText([label, amount])).toEqual(["TOTAL", "5.00"]);
    expect(rowsText(levelWords([label, amount], skew, { width: 700, height: 800 }))).toEqual(["TOTAL 5.00"]);
    expect(levelWords([label], 0.001, { width: 700, height: 800 })).toEqual([label]);
  });
});
