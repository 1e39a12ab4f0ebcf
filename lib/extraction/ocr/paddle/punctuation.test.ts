import { createCanvas, type SKRSContext2D } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { decodeCtc, type DecodedChar } from "./ctc";
import { MARK_HINT, recoverMarks, settleCommas } from "./punctuation";
import { readDictionary } from "./sessions";
import { lineInk, splitWords } from "./words";

/**
 * A line crop as the recogniser sees it (48 px high, black on white), drawn in a monospaced font so each character's
 * centre is known: the stand-in for the CTC time step it was read at (one step per pixel here).
 */
function lineCrop(text: string, extra?: (ctx: SKRSContext2D, end: number) => void): { rgba: Uint8ClampedArray; width: number; height: number; centres: number[] } {
  const height = 48;
  const canvas = createCanvas(20 + text.length * 20, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, height);
  ctx.fillStyle = "#000000";
  ctx.font = "32px DejaVu Sans Mono";
  const advance = ctx.measureText("M").width;
  const centres = [...text].map((_, i) => Math.round(10 + (i + 0.5) * advance));
  ctx.fillText(text, 10, 34);
  extra?.(ctx, 10 + text.length * advance);
  return { rgba: ctx.getImageData(0, 0, canvas.width, height).data, width: canvas.width, height, centres };
}

/** The characters of `read` (what the model said) at the positions of `printed` (what the image shows). */
function readAs(read: string, centres: number[]): DecodedChar[] {
  return [...read].map((text, i) => ({ text, step: centres[i]!, prob: 0.9 }));
}

describe("comma or full stop by the mark's shape", () => {
  it("reads a comma the model took for a full stop as a comma, and the other way round", () => {
    const comma = lineCrop("JALAN ALWI, 9");
    const misread = readAs("JALAN ALWI. 9", comma.centres);
    expect(settleCommas(misread, lineInk(comma).mask, 1).map((c) => c.text).join("")).toBe("JALAN ALWI, 9");
    const stop = lineCrop("SDN BHD. TEL");
    const misreadStop = readAs("SDN BHD, TEL", stop.centres);
    expect(settleCommas(misreadStop, lineInk(stop).mask, 1).map((c) => c.text).join("")).toBe("SDN BHD. TEL");
  });

  it("leaves decimal and thousands separators between digits as read", () => {
    const amount = lineCrop("TOTAL 14,10");
    const read = readAs("TOTAL 14,10", amount.centres);
    expect(settleCommas(read, lineInk(amount).mask, 1)).toEqual(read);
  });
});

describe("marks and spaces the greedy decoding drops", () => {
  // classes: 0 blank, 1 A, 2 ",", 3 "，", 4 ".", 5 space
  const characters = readDictionary("A\n,\n，\n.\n");
  const layout = (steps: number) => ({ offset: 0, steps, classes: 6 });

  it("reads a mark when the four mark classes together outweigh the blank", () => {
    const probs = new Float32Array([
      [0.05, 0.95, 0, 0, 0, 0],
      [0.46, 0, 0.18, 0.04, 0.27, 0.05],
    ].flat());
    expect(decodeCtc(probs, layout(2), characters).map((c) => c.text)).toEqual(["A", "."]);
    const weak = new Float32Array([[0.05, 0.95, 0, 0, 0, 0], [0.7, 0, 0.1, 0, 0.1, 0.1]].flat());
    expect(decodeCtc(weak, layout(2), characters).map((c) => c.text)).toEqual(["A"]);
  });

  it("keeps the model's belief in a space it did not emit, for the word splitter", () => {
    const probs = new Float32Array([
      [0.05, 0.95, 0, 0, 0, 0],
      [0.8, 0, 0, 0, 0, 0.2],
      [0.05, 0.95, 0, 0, 0, 0],
    ].flat());
    const chars = decodeCtc(probs, layout(3), characters);
    expect(chars.map((c) => c.spaceBefore)).toEqual([0, expect.closeTo(0.2, 5)]);
  });

  it("splits at a narrower gap when the model half-saw a space there, never inside letter spacing", () => {
    // Gaps of 1 between letters, 3 between the words: narrower than 0.4 text heights (4), wider than twice the spacing.
    const pattern = "##.##.##...##.##";
    const columns = new Uint8Array([...pattern].map((c) => (c === "#" ? 1 : 0)));
    const ink = { columns, top: 0, bottom: 9 };
    const at = [0.5, 3.5, 6.5, 11.5, 14.5];
    const chars = (hint: number) => at.map((step, i) => ({ text: "A", step, prob: 0.9, spaceBefore: i === 3 ? hint : 0.02 }));
    expect(splitWords(chars(0.02), ink, 1, pattern.length)).toHaveLength(1);
    expect(splitWords(chars(0.15), ink, 1, pattern.length).map((s) => s.chars.length)).toEqual([3, 2]);
    const everywhere = [0.5, 3.5, 6.5, 9.5, 12.5].map((step) => ({ text: "A", step, prob: 0.9, spaceBefore: 0.15 }));
    const tight = new Uint8Array([..."##.##.##.##.##"].map((c) => (c === "#" ? 1 : 0)));
    expect(splitWords(everywhere, { columns: tight, top: 0, bottom: 9 }, 1, tight.length)).toHaveLength(1);
  });
});

describe("a space after a mark", () => {
  it("splits after a comma at a narrow gap when the model firmly half-saw a space there, not after a letter", () => {
    // Letter gaps of 1, a gap of 2 after the mark: far below 0.2 text heights (4 of 20) that a hinted space needs.
    const pattern = "##.##.#..##.##";
    const columns = new Uint8Array([...pattern].map((c) => (c === "#" ? 1 : 0)));
    const ink = { columns, top: 0, bottom: 19 };
    const read = (mark: string, hint: number) =>
      [["A", 0.5], ["A", 3.5], [mark, 6.5], ["A", 9.5], ["A", 12.5]].map(([text, step], i) => ({ text: String(text), step: Number(step), prob: 0.9, spaceBefore: i === 3 ? hint : 0 }));
    const words = (chars: DecodedChar[]) => splitWords(chars, ink, 1, pattern.length).map((s) => s.chars.map((c) => c.text).join(""));
    expect(words(read(",", 0.3))).toEqual(["AA,", "AA"]);
    expect(words(read(",", 0.15))).toEqual(["AA,AA"]);
    expect(words(read("I", 0.3))).toEqual(["AAIAA"]);
  });
});

describe("numbers stay whole", () => {
  it("does not break a number at its point's wide cell, whether the gap or the model put the space there", () => {
    // "48.95": the point's cell leaves gaps as wide as a word space on both sides of it.
    const pattern = "##.##.....#.....##.##";
    const columns = new Uint8Array([...pattern].map((c) => (c === "#" ? 1 : 0)));
    const ink = { columns, top: 0, bottom: 9 };
    const read = (texts: string[], steps: number[]) => texts.map((text, i) => ({ text, step: steps[i]!, prob: 0.9 }));
    const gapOnly = read(["4", "8", ".", "9", "5"], [0.5, 3.5, 10, 16.5, 19.5]);
    expect(splitWords(gapOnly, ink, 1, pattern.length)).toHaveLength(1);
    const modelSpace = read(["4", "8", ".", " ", "9", "5"], [0.5, 3.5, 10, 13, 16.5, 19.5]);
    expect(splitWords(modelSpace, ink, 1, pattern.length)).toHaveLength(1);
    const words = read(["A", "B", ".", "9", "5"], [0.5, 3.5, 10, 16.5, 19.5]);
    expect(splitWords(words, ink, 1, pattern.length).length).toBeGreaterThan(1);
  });
});

describe("marks the greedy decoding dropped", () => {
  /** The printed line read without the characters at `dropped`, the model half-believing a mark after those in `hints`. */
  function readWithout(printed: string, centres: number[], dropped: number[], hints: Record<number, { prob: number; text: string }>): DecodedChar[] {
    return [...printed].flatMap((text, i) => {
      if (dropped.includes(i)) return [];
      const hint = hints[i];
      return [{ text, step: centres[i]!, prob: 0.9, ...(hint ? { markAfter: hint } : {}) }];
    });
  }
  const text = (chars: DecodedChar[]) => chars.map((c) => c.text).join("");

  it("reads back a comma at the line's end that the model half-saw and the image shows", () => {
    const crop = lineCrop("JALAN ANGSA,");
    const chars = readWithout("JALAN ANGSA,", crop.centres, [11], { 10: { prob: 0.2, text: "." } });
    const recovered = recoverMarks(chars, lineInk(crop).mask, 1);
    // The tail below the baseline makes it a comma, whichever mark the model leaned to.
    expect(text(recovered)).toBe("JALAN ANGSA,");
    expect(recovered[11]!.step).toBeGreaterThan(crop.centres[10]!);
    expect(recovered[11]!.prob).toBe(0.9);
  });

  it("reads back a full stop by its shape", () => {
    const crop = lineCrop("SDN BHD. TEL");
    const chars = readWithout("SDN BHD. TEL", crop.centres, [7], { 6: { prob: 0.3, text: "," } });
    expect(text(recoverMarks(chars, lineInk(crop).mask, 1))).toBe("SDN BHD. TEL");
  });

  it("inserts nothing without ink, without enough belief, or between digits", () => {
    const bare = lineCrop("JALAN ANGSA");
    const hinted = readWithout("JALAN ANGSA", bare.centres, [], { 10: { prob: 0.4, text: "," } });
    expect(text(recoverMarks(hinted, lineInk(bare).mask, 1))).toBe("JALAN ANGSA");
    const crop = lineCrop("JALAN ANGSA,");
    const weak = readWithout("JALAN ANGSA,", crop.centres, [11], { 10: { prob: MARK_HINT / 2, text: "," } });
    expect(text(recoverMarks(weak, lineInk(crop).mask, 1))).toBe("JALAN ANGSA");
    const amount = lineCrop("TOTAL 14.10");
    const digits = readWithout("TOTAL 14.10", amount.centres, [8], { 7: { prob: 0.4, text: "." } });
    expect(text(recoverMarks(digits, lineInk(amount).mask, 1))).toBe("TOTAL 1410");
  });

  it("takes no speck, stroke or raised dot for a mark", () => {
    // The letters stand on row 34 and are ~23 px tall; each shape sits just after the last letter.
    const shapes: Array<(ctx: SKRSContext2D, end: number) => void> = [
      (ctx, end) => ctx.fillRect(end + 3, 31, 1, 3), // speck: one pixel wide
      (ctx, end) => ctx.fillRect(end + 3, 30, 16, 4), // stroke: wider than any mark
      (ctx, end) => ctx.fillRect(end + 3, 22, 4, 4), // a dot well above the baseline
    ];
    for (const shape of shapes) {
      const crop = lineCrop("JALAN ANGSA", shape);
      const chars = readWithout("JALAN ANGSA", crop.centres, [], { 10: { prob: 0.4, text: "." } });
      expect(text(recoverMarks(chars, lineInk(crop).mask, 1))).toBe("JALAN ANGSA");
    }
    const dot = lineCrop("JALAN ANGSA", (ctx, end) => ctx.fillRect(end + 3, 30, 4, 4));
    const chars = readWithout("JALAN ANGSA", dot.centres, [], { 10: { prob: 0.4, text: "," } });
    expect(text(recoverMarks(chars, lineInk(dot).mask, 1))).toBe("JALAN ANGSA.");
  });

  it("puts a mark inside a line after its word, so the word splitter keeps the space after it", () => {
    const crop = lineCrop("PARK, OFF");
    const chars = readWithout("PARK, OFF", crop.centres, [4, 5], { 3: { prob: 0.3, text: "," } });
    const ink = lineInk(crop);
    const recovered = recoverMarks(chars, ink.mask, 1);
    expect(text(recovered)).toBe("PARK,OFF");
    expect(splitWords(recovered, ink, 1, crop.width).map((s) => text(s.chars))).toEqual(["PARK,", "OFF"]);
  });

  it("keeps the model's half-belief in a mark after a character for the line image to confirm", () => {
    const characters = readDictionary("A\n,\n，\n.\n");
    const probs = new Float32Array([
      [0.05, 0.95, 0, 0, 0, 0],
      [0.7, 0, 0.1, 0.05, 0.15, 0],
      [0.8, 0, 0.15, 0, 0.05, 0],
      [0.05, 0.95, 0, 0, 0, 0],
    ].flat());
    const chars = decodeCtc(probs, { offset: 0, steps: 4, classes: 6 }, characters);
    expect(chars.map((c) => c.text)).toEqual(["A", "A"]);
    expect(chars[0]!.markAfter).toEqual({ prob: expect.closeTo(0.3, 5), text: "." });
    expect(chars[1]!.markAfter).toBeUndefined();
  });
});
