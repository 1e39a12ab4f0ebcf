import { describe, expect, it } from "vitest";
import { FloatScratch } from "./scratch";

describe("FloatScratch", () => {
  it("lends views of the length asked for over one buffer", () => {
    const scratch = new FloatScratch();
    const first = scratch.take(10, { zeroed: true });
    first.fill(3);
    const second = scratch.take(6, { zeroed: false });
    expect(second.length).toBe(6);
    expect(second.buffer).toBe(first.buffer);
    expect([...second]).toEqual([3, 3, 3, 3, 3, 3]);
  });

  it("zeroes the view when asked", () => {
    const scratch = new FloatScratch();
    scratch.take(4, { zeroed: false }).fill(5);
    expect([...scratch.take(4, { zeroed: true })]).toEqual([0, 0, 0, 0]);
  });

  it("grows for a longer input and keeps lending the grown buffer", () => {
    const scratch = new FloatScratch();
    const small = scratch.take(4, { zeroed: false });
    const large = scratch.take(100, { zeroed: false });
    expect(large.length).toBe(100);
    expect(large.buffer).not.toBe(small.buffer);
    expect(scratch.take(50, { zeroed: false }).buffer).toBe(large.buffer);
  });
});
