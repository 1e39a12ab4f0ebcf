import { describe, expect, it } from "vitest";
import { components } from "./detect";

/** The components as a plain flood fill with arrays finds them: the same traversal, written for clarity. */
function reference(map: Float32Array, width: number, height: number, threshold: number) {
  const seen = new Uint8Array(width * height);
  const out: Array<{ n: number; sx: number; sy: number; sxx: number; syy: number; sxy: number; prob: number; pixels: number[] }> = [];
  for (let start = 0; start < map.length; start += 1) {
    if (seen[start] || map[start]! <= threshold) continue;
    const c = { n: 0, sx: 0, sy: 0, sxx: 0, syy: 0, sxy: 0, prob: 0, pixels: [] as number[] };
    seen[start] = 1;
    const stack = [start];
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      Object.assign(c, { n: c.n + 1, sx: c.sx + x, sy: c.sy + y, sxx: c.sxx + x * x, syy: c.syy + y * y, sxy: c.sxy + x * y, prob: c.prob + map[i]! });
      c.pixels.push(i);
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          const ny = y + dy;
          const j = ny * width + nx;
          if (nx < 0 || nx >= width || ny < 0 || ny >= height || seen[j] || map[j]! <= threshold) continue;
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    out.push(c);
  }
  return out;
}

describe("components", () => {
  it("finds 8-connected components with their moments, probability sums and pixels in visiting order", () => {
    let seed = 11;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (const [width, height] of [[1, 1], [7, 5], [40, 23], [64, 64]] as const) {
      const map = Float32Array.from({ length: width * height }, () => random());
      const found = components(map, width, height, 0.55);
      const expected = reference(map, width, height, 0.55);
      expect(found.map((c) => ({ ...c, pixels: [...c.pixels] }))).toEqual(expected);
    }
  });

  it("keeps diagonal neighbours together and pixels two columns or rows apart apart", () => {
    const map = Float32Array.from([1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1]);
    const found = components(map, 4, 3, 0.3);
    expect(found.map((c) => [...c.pixels].sort((a, b) => a - b))).toEqual([[0, 5], [3], [11]]);
  });
});
