import { describe, expect, it } from "vitest";
import { lineRuns } from "./recognize";

describe("lineRuns", () => {
  const options = { lines: 3, maxWidth: 100, padding: 0.1 };

  it("puts short lines of near widths in runs, narrowest first", () => {
    expect(lineRuns([50, 52, 51, 54, 53], options)).toEqual([[0, 2, 1], [4, 3]]);
  });

  it("starts a new run when a line is more than the padding wider than the run's narrowest", () => {
    expect(lineRuns([50, 56, 54], options)).toEqual([[0, 2], [1]]);
  });

  it("reads lines wider than the limit alone", () => {
    expect(lineRuns([120, 95, 121, 100], options)).toEqual([[1, 3], [0], [2]]);
  });

  it("gives every line exactly once", () => {
    const widths = Array.from({ length: 50 }, (_, i) => 20 + ((i * 37) % 300));
    const runs = lineRuns(widths, { lines: 4, maxWidth: 256, padding: 0.1 });
    expect(runs.flat().sort((a, b) => a - b)).toEqual(widths.map((_, i) => i));
    for (const run of runs) expect(run.length).toBeLessThanOrEqual(4);
  });
});
