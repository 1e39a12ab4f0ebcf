import { describe, expect, it } from "vitest";
import { withIntegerFastPath } from "./pdf-sum-precise";

/** A stand-in for the precise implementation that says when it was asked. */
function recording(): { calls: number; precise: (items: Iterable<number>) => number } {
  const state = { calls: 0, precise: (items: Iterable<number>) => {
    state.calls += 1;
    let sum = -0;
    for (const item of items) sum += item;
    return sum;
  } };
  return state;
}

describe("Math.sumPrecise integer fast path", () => {
  it("adds safe integers itself, with the precise rules for -0 and the empty list", () => {
    const slow = recording();
    const sum = withIntegerFastPath(slow.precise);
    expect(sum([4, 8, 12, 1024])).toBe(1048);
    expect(Object.is(sum([]), -0)).toBe(true);
    expect(Object.is(sum([-0, -0]), -0)).toBe(true);
    expect(Object.is(sum([-0, 0]), 0)).toBe(true);
    expect(slow.calls).toBe(0);
  });

  it("hands fractions, unsafe totals and iterables that are not arrays to the precise implementation", () => {
    const slow = recording();
    const sum = withIntegerFastPath(slow.precise);
    sum([0.1, 0.2]);
    sum([Number.MAX_SAFE_INTEGER, 1]);
    sum(new Set([1, 2]));
    expect(slow.calls).toBe(3);
  });
});
