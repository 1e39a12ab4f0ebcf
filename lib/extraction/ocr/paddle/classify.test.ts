import { describe, expect, it } from "vitest";
import { mostlyUpsideDown, UPSIDE_DOWN_CONFIDENCE } from "./classify";
import type { LineCrop } from "./crop";

/** A line of the given width whose classifier call is `probability` (kept on the crop for the fake classifier). */
function line(width: number, probability: number): LineCrop & { probability: number } {
  return { region: { cx: 0, cy: 0, w: width, h: 10, angle: 0, score: 1 }, width, height: 48, rgba: new Uint8ClampedArray(0), flipped: false, probability };
}

/** A classifier that answers from the lines' own probabilities and records the lines it was asked about. */
function fakeClassifier() {
  const asked: number[][] = [];
  const probabilitiesOf = (crops: LineCrop[]) => {
    asked.push(crops.map((crop) => crop.region.w));
    return Promise.resolve(crops.map((crop) => (crop as LineCrop & { probability: number }).probability));
  };
  return { asked, probabilitiesOf };
}

/** The answer of asking about every line: more than half the length sure to be upside down. */
function askingAll(lines: Array<LineCrop & { probability: number }>): boolean {
  const total = lines.reduce((sum, l) => sum + l.region.w, 0);
  const flipped = lines.filter((l) => l.probability >= UPSIDE_DOWN_CONFIDENCE).reduce((sum, l) => sum + l.region.w, 0);
  return total > 0 && flipped / total > 0.5;
}

describe("mostlyUpsideDown", () => {
  it("stops once the longest upright lines hold half the length", async () => {
    const lines = [line(100, 0.1), line(90, 0.2), line(80, 0.95), line(20, 0.99), line(10, 0.99)];
    const classifier = fakeClassifier();
    expect(await mostlyUpsideDown(lines, classifier.probabilitiesOf, 2)).toBe(false);
    expect(classifier.asked).toEqual([[100, 90]]);
  });

  it("stops once the sure upside-down lines hold more than half, asking longest first", async () => {
    const lines = [line(10, 0.1), line(100, 0.95), line(90, 0.99), line(30, 0.1)];
    const classifier = fakeClassifier();
    expect(await mostlyUpsideDown(lines, classifier.probabilitiesOf, 2)).toBe(true);
    expect(classifier.asked).toEqual([[100, 90]]);
  });

  it("counts only sure calls as upside down", async () => {
    const lines = [line(100, UPSIDE_DOWN_CONFIDENCE - 0.01), line(100, 0.99)];
    expect(await mostlyUpsideDown(lines, fakeClassifier().probabilitiesOf, 1)).toBe(false);
  });

  it("gives the answer of asking about every line, whatever the batch", async () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let trial = 0; trial < 200; trial += 1) {
      const lines = Array.from({ length: 1 + Math.floor(random() * 16) }, () => line(5 + random() * 200, random()));
      for (const batch of [1, 3, 4, 16]) expect(await mostlyUpsideDown(lines, fakeClassifier().probabilitiesOf, batch)).toBe(askingAll(lines));
    }
  });

  it("is false for no lines", async () => {
    expect(await mostlyUpsideDown([], fakeClassifier().probabilitiesOf, 4)).toBe(false);
  });
});
